import { css } from '../../styled-system/css'
import { Table } from '../../components/ui/table.tsx'
import { BandBadge } from '../../features/quality/BandBadge.tsx'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import type { Data } from './+data.ts'
import { METRIC_PHRASE_KEYS } from './metric-text.ts'
import { regionsHref, type RegionMetric, type RegionQuery } from './region-metrics.ts'

type Summary = Extract<Data['summary'], { ok: true }>['value']

const muted = css({ color: 'text.muted' })
const sortLink = css({ color: 'text', textDecoration: 'none', display: 'inline-flex', gap: '1', alignItems: 'center', minH: '10', _hover: { textDecoration: 'underline' } })

/** The column header of a metric: a link that ranks by it (most first), or reverses the order when it already does. */
function SortHeader({ query, metric, label }: { query: RegionQuery; metric: RegionMetric; label: MessageKey }) {
  const t = useT()
  const active = query.metric === metric
  const next: RegionQuery = { ...query, metric, dir: active && query.dir === 'desc' ? 'asc' : 'desc' }
  return (
    <Table.Header scope="col" align="end" aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <a href={regionsHref(next)} className={sortLink} data-sort={metric}>
        {t(label)}
        <span aria-hidden="true" className={css({ color: active ? 'primary.text' : 'text.muted', fontSize: 'xs' })}>
          {active ? (query.dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
        <span className={css({ srOnly: true })}>{t('regions.sortHint')}</span>
      </a>
    </Table.Header>
  )
}

/** The regions ranked by the chosen metric, each linked to its page: the map's figures as a table, and its keyboard way in. */
export function RegionTable({ query, summary }: { query: RegionQuery; summary: Summary }) {
  const t = useT()
  const intl = useIntl()
  const caption = t(query.level === 'country' ? 'regions.tableCaptionCountries' : 'regions.tableCaptionKraje', { metric: t(METRIC_PHRASE_KEYS[query.metric]) })
  return (
    <Table.Container aria-label={caption} className={css({ overflowX: 'auto', maxW: '100%' })} data-testid="region-table">
      <Table.Root density="compact">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col" align="end">
              {t('regions.colRank')}
            </Table.Header>
            <Table.Header scope="col">{query.level === 'country' ? t('regions.colCountry') : t('regions.colRegion')}</Table.Header>
            <SortHeader query={query} metric="datasets" label="regions.metricDatasets" />
            <SortHeader query={query} metric="quality" label="regions.metricQuality" />
            <SortHeader query={query} metric="machineReadable" label="regions.metricMachineReadable" />
            <Table.Header scope="col">{t('regions.colTopFormats')}</Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {summary.regions.map((region) => (
            <Table.Row key={region.id} data-region={region.id}>
              <Table.Cell align="end" data-testid="region-rank">
                {region.rank ?? <span className={muted}>–</span>}
              </Table.Cell>
              <Table.Header scope="row" className={css({ fontWeight: '500', minW: '9rem' })}>
                <a href={`/location/${region.id}`}>{region.name}</a>
              </Table.Header>
              <Table.Cell align="end" data-testid="region-datasets" data-value={region.datasets}>
                {intl.formatNumber(region.datasets)}
              </Table.Cell>
              <Table.Cell align="end">
                {region.band && region.averageScore !== null ? <BandBadge band={region.band} score={region.averageScore} size="sm" /> : <span className={muted}>{t('regions.notRated')}</span>}
              </Table.Cell>
              <Table.Cell align="end" data-testid="region-share">
                {region.machineReadableShare === null ? <span className={muted}>–</span> : intl.formatNumber(region.machineReadableShare, { style: 'percent', maximumFractionDigits: 1 })}
              </Table.Cell>
              <Table.Cell className={css({ fontFamily: 'mono', fontSize: 'xs', whiteSpace: 'nowrap' })} data-testid="region-formats">
                {region.topFormats.length ? region.topFormats.join(', ') : <span className={muted}>–</span>}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.Container>
  )
}
