import { css } from '../../styled-system/css'
import { Table } from '../../components/ui/table.tsx'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { tableTitleClass } from '../../features/quality/AnalysisParts.tsx'
import { BandBadge } from '../../features/quality/BandBadge.tsx'
import { indicatorKey } from '../../features/quality/mqa-text.ts'
import type { Data } from './+data.ts'

type Worst = Extract<Data['worst'], { ok: true }>['value']

/** Indicators named per dataset; the rest are counted ("and 5 more"). They come sorted by weight, the biggest first. */
const NAMED_FAILURES = 4

/** The lowest-scoring datasets and the indicators to fix first, each linking to its dataset page. */
export function WorstDatasets({ items, portalNames }: { items: Worst; portalNames: Map<string, string> }) {
  const t = useT()
  const intl = useIntl()
  if (items.length === 0) return <p data-testid="no-match">{t('quality.noMatch')}</p>
  return (
    <Table.Container aria-label={t('quality.worstCaption', { count: items.length })}>
      <Table.Root density="compact" data-testid="worst-table">
        <Table.Caption>{t('quality.worstCaption', { count: items.length })}</Table.Caption>
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col">{t('quality.dataset')}</Table.Header>
            <Table.Header scope="col">{t('quality.score')}</Table.Header>
            <Table.Header scope="col">{t('quality.whatToFix')}</Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {items.map((item) => {
            const named = item.failed.slice(0, NAMED_FAILURES).map((id) => t(indicatorKey(id)))
            const more = item.failed.length - named.length
            return (
              <Table.Row key={item.id} data-dataset={item.id}>
                <Table.Header scope="row" className={tableTitleClass}>
                  <a href={`/dataset/${encodeURIComponent(item.id)}`}>{item.title}</a>
                  <span className={css({ display: 'block', fontWeight: '400', color: 'text.muted', fontSize: 'xs' })}>
                    {[portalNames.get(item.instanceId) ?? item.instanceId, item.organizationTitle].filter(Boolean).join(' · ')}
                  </span>
                </Table.Header>
                <Table.Cell>{item.band ? <BandBadge band={item.band} score={item.score} /> : '–'}</Table.Cell>
                <Table.Cell className={css({ whiteSpace: 'normal', minW: '16rem' })}>
                  {named.length ? intl.formatList(more > 0 ? [...named, t('charts.more', { count: more })] : named, { type: 'conjunction' }) : '–'}
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
    </Table.Container>
  )
}
