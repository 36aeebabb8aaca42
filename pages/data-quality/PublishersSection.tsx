import { css } from '../../styled-system/css'
import { Badge } from '../../components/ui/badge.tsx'
import { Table } from '../../components/ui/table.tsx'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { tableTitleClass } from '../../features/quality/AnalysisParts.tsx'
import { BandBadge } from '../../features/quality/BandBadge.tsx'
import { CsvLink } from '../../features/quality/CsvLink.tsx'
import { analysisHref, type AnalysisQuery } from '../../lib/url-state/analysis-href.ts'
import { publishersCsv } from '../../features/quality/quality-csv.ts'
import type { Data } from './+data.ts'
import { LinkPager } from '../../components/LinkPager.tsx'

type Publishers = Extract<Data['publishers'], { ok: true }>['value']

/** Average MQA score per publisher, best first, a page at a time; each name filters this page by that publisher. */
export function PublishersSection({ list, query }: { list: Publishers; query: AnalysisQuery }) {
  const t = useT()
  const intl = useIntl()
  if (list.items.length === 0) return <p data-testid="no-match">{t('quality.noMatch')}</p>
  const caption = t('quality.publishersCaption', { page: list.page, pages: list.pageCount, total: list.total })
  return (
    <>
      {query.organization || query.region ? <p className={css({ color: 'text.muted', fontSize: 'sm' })}>{t('quality.publishersPortalOnly')}</p> : null}
      <Table.Container aria-label={caption}>
        <Table.Root density="compact" data-testid="publisher-quality-table">
          <Table.Caption>{caption}</Table.Caption>
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">{t('quality.publisher')}</Table.Header>
              <Table.Header scope="col">{t('quality.portals')}</Table.Header>
              <Table.Header scope="col" align="end">
                {t('quality.datasets')}
              </Table.Header>
              <Table.Header scope="col">{t('quality.averageScore')}</Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {list.items.map((item) => (
              <Table.Row key={item.id} data-publisher={item.id}>
                <Table.Header scope="row" className={tableTitleClass}>
                  <a href={analysisHref('/data-quality', { ...query, organization: item.id })} aria-current={query.organization === item.id ? 'true' : undefined}>
                    {item.title}
                  </a>
                </Table.Header>
                <Table.Cell className={css({ whiteSpace: 'normal' })}>
                  {item.portals.map((portal, index) => (
                    <span key={portal.instanceId}>
                      {index ? ', ' : null}
                      {portal.name}
                      {portal.isDemo ? (
                        <>
                          {' '}
                          <Badge size="sm" tone="accent">
                            {t('common.demoData')}
                          </Badge>
                        </>
                      ) : null}
                    </span>
                  ))}
                </Table.Cell>
                <Table.Cell align="end">{intl.formatNumber(item.datasets)}</Table.Cell>
                <Table.Cell>{item.band ? <BandBadge band={item.band} score={item.averageScore} /> : '–'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.Container>
      <div className={css({ display: 'flex', gap: '4', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' })}>
        <CsvLink
          csv={publishersCsv(list.items)}
          filename={`portalscope-quality-publishers-${list.page}.csv`}
          label={t('quality.downloadPublishersCsv')}
          rows={list.items.length}
          testId="publishers-csv"
        />
        <LinkPager page={list.page} totalPages={list.pageCount} hrefFor={(page) => `${analysisHref('/data-quality', query, { orgPage: page })}#publishers`} label={t('quality.publisherPages')} />
      </div>
    </>
  )
}
