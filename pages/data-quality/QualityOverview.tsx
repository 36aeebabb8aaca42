import { DateTime } from '../../components/DateTime.tsx'
import { css } from '../../styled-system/css'
import { BarChart } from '../../components/charts/BarChart.tsx'
import { LineChart } from '../../components/charts/LineChart.tsx'
import { StackedBarChart } from '../../components/charts/StackedBarChart.tsx'
import { ticksTo } from '../../components/charts/scales.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Table } from '../../components/ui/table.tsx'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { SectionBlock, StatGrid } from '../../features/quality/AnalysisParts.tsx'
import { BandBadge } from '../../features/quality/BandBadge.tsx'
import { CsvLink } from '../../features/quality/CsvLink.tsx'
import type { AnalysisQuery } from '../../lib/url-state/analysis-href.ts'
import { bandKey, dimensionKey, indicatorKey } from '../../features/quality/mqa-text.ts'
import { portalsCsv } from '../../features/quality/quality-csv.ts'
import { BANDS, MQA_MAX, type Band } from '../../lib/domain/mqa.ts'
import type { Data } from './+data.ts'

type Summary = Extract<Data['summary'], { ok: true }>['value']

const BAND_TONES: Readonly<Record<Band, 'success' | 'primary' | 'warning' | 'error'>> = { excellent: 'success', good: 'primary', sufficient: 'warning', bad: 'error' }
const PORTAL_WATCH = ['existence', 'conformance', 'openness'] as const
const PORTAL_WATCH_TEXT = {
  existence: { name: 'quality.pwExistence', help: 'quality.pwExistenceHelp' },
  conformance: { name: 'quality.pwConformance', help: 'quality.pwConformanceHelp' },
  openness: { name: 'quality.pwOpenness', help: 'quality.pwOpennessHelp' },
} as const

const twoColumns = css({ display: 'grid', gap: '8', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' })

/** The quality summary of the chosen portals, organization and region, section by section. */
export function QualityOverview({ summary, query }: { summary: Summary; query: AnalysisQuery }) {
  const t = useT()
  const intl = useIntl()
  const number = (value: number, digits = 0) => intl.formatNumber(value, { maximumFractionDigits: digits })
  const percent = (value: number | null) => (value === null ? '–' : intl.formatNumber(value, { style: 'percent', maximumFractionDigits: 1 }))
  const portalLabel = (portal: { name: string; isDemo: boolean }) => (portal.isDemo ? `${portal.name} (${t('common.demoData')})` : portal.name)
  const dateOnly = (date: Date) => intl.formatDate(date, { dateStyle: 'medium' })

  if (summary.datasets === 0) {
    return (
      <SectionBlock id="quality-overview" title={t('quality.overviewTitle')}>
        <p role="status" data-testid="no-match">
          {t('quality.noMatch')}
        </p>
      </SectionBlock>
    )
  }

  const namesById = new Map(summary.byPortal.map((portal) => [portal.instanceId, portalLabel(portal)]))
  const trendSeries = summary.byPortal
    .map((portal) => ({
      key: portal.instanceId,
      label: namesById.get(portal.instanceId) ?? portal.instanceId,
      points: summary.trend
        .filter((point) => point.instanceId === portal.instanceId)
        .map((point) => ({ at: point.at, value: point.averageScore, display: point.averageScore === null ? '–' : number(point.averageScore) })),
    }))
    .filter((series) => series.points.length > 0)
  const csvName = `portalscope-quality-portals${query.region ? `-${query.region}` : ''}.csv`

  return (
    <>
      <SectionBlock id="quality-overview" title={t('quality.overviewTitle')} testId="quality-overview">
        <StatGrid
          stats={[
            { key: 'datasets', label: t('quality.datasets'), value: number(summary.datasets), raw: summary.datasets },
            {
              key: 'average-score',
              label: t('quality.averageScore'),
              value: summary.averageScore === null ? '–' : <>{summary.band ? <BandBadge band={summary.band} score={summary.averageScore} size="lg" /> : number(summary.averageScore)}</>,
              raw: summary.averageScore,
            },
            {
              key: 'average-points',
              label: t('quality.averagePoints'),
              value: summary.averagePoints === null || summary.averageMaxReachable === null ? '–' : t('mqa.totalValue', { points: number(summary.averagePoints, 1), maxReachable: number(summary.averageMaxReachable, 1) }),
              raw: summary.averagePoints,
            },
            { key: 'partial', label: t('quality.partial'), value: percent(summary.partial / summary.datasets), raw: summary.partial },
            { key: 'resources', label: t('quality.resources'), value: number(summary.resources), raw: summary.resources },
          ]}
        />
        {summary.partial > 0 ? <p className={css({ color: 'text.muted', fontSize: 'sm', maxW: '70ch' })}>{t('quality.partialHelp')}</p> : null}
      </SectionBlock>

      <SectionBlock id="quality-portals" title={t('quality.portalsTitle')} lead={t('quality.portalsLead')} testId="quality-portals">
        <Table.Container aria-label={t('quality.portalsCaption')}>
          <Table.Root density="compact" data-testid="portal-quality-table">
            <Table.Caption>{t('quality.portalsCaption')}</Table.Caption>
            <Table.Head>
              <Table.Row>
                <Table.Header scope="col">{t('quality.portal')}</Table.Header>
                <Table.Header scope="col" align="end">
                  {t('quality.datasets')}
                </Table.Header>
                <Table.Header scope="col">{t('quality.averageScore')}</Table.Header>
                <Table.Header scope="col">{t('quality.analysedAt')}</Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {summary.byPortal.map((portal) => (
                <Table.Row key={portal.instanceId} data-portal={portal.instanceId} data-datasets={portal.datasets} data-score={portal.averageScore ?? ''}>
                  <Table.Header scope="row" className={css({ whiteSpace: 'normal' })}>
                    {portal.name}{' '}
                    {portal.isDemo ? (
                      <Badge size="sm" tone="accent">
                        {t('common.demoData')}
                      </Badge>
                    ) : null}
                  </Table.Header>
                  <Table.Cell align="end">{number(portal.datasets)}</Table.Cell>
                  <Table.Cell>{portal.band ? <BandBadge band={portal.band} score={portal.averageScore} /> : '–'}</Table.Cell>
                  <Table.Cell>
                    <DateTime value={portal.asOf} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.Container>
        <CsvLink csv={portalsCsv(summary.byPortal)} filename={csvName} label={t('quality.downloadPortalsCsv')} rows={summary.byPortal.length} testId="portals-csv" />
        <BarChart
          title={t('quality.portalsChart')}
          data={summary.byPortal.map((portal) => ({
            key: portal.instanceId,
            label: portalLabel(portal),
            value: portal.averageScore ?? 0,
            display: portal.averageScore === null ? '–' : number(portal.averageScore),
            max: MQA_MAX,
            maxDisplay: number(MQA_MAX),
          }))}
          domainMax={MQA_MAX}
          labelHeader={t('quality.portal')}
          valueHeader={t('quality.averageScore')}
          maxHeader={t('quality.maximum')}
          testId="portal-score-chart"
        />
      </SectionBlock>

      <div className={twoColumns}>
        <SectionBlock id="quality-bands" title={t('quality.bandsTitle')} lead={t('quality.bandsLead')} testId="quality-bands">
          <StackedBarChart
            title={t('quality.bandsChart')}
            series={BANDS.map((band) => ({ key: band, label: t(bandKey(band)), tone: BAND_TONES[band] }))}
            rows={[{ key: 'all', label: t('quality.allDatasets'), values: summary.bands }]}
            rowHeader={t('quality.scope')}
            testId="bands-chart"
          />
        </SectionBlock>

        <SectionBlock id="quality-dimensions" title={t('quality.dimensionsTitle')} lead={t('quality.dimensionsLead')} testId="quality-dimensions">
          <BarChart
            title={t('quality.dimensionsChart')}
            data={summary.dimensions.map((item) => ({
              key: item.dimension,
              label: t(dimensionKey(item.dimension)),
              value: item.average ?? 0,
              display: item.average === null ? '–' : number(item.average, 1),
              max: item.max,
              maxDisplay: number(item.max),
            }))}
            domainMax={Math.max(...summary.dimensions.map((item) => item.max))}
            labelHeader={t('quality.dimension')}
            valueHeader={t('quality.averagePointsShort')}
            maxHeader={t('quality.maximum')}
            testId="dimensions-chart"
          />
        </SectionBlock>
      </div>

      <SectionBlock id="most-failed" title={t('quality.mostFailedTitle')} lead={t('quality.mostFailedLead')} testId="most-failed">
        {summary.mostFailed.length ? (
          <BarChart
            title={t('quality.mostFailedChart', { count: summary.mostFailed.length })}
            data={summary.mostFailed.map((item) => ({
              key: item.indicator,
              label: `${t(indicatorKey(item.indicator))} · ${t(dimensionKey(item.dimension))}`,
              value: item.share,
              display: percent(item.share),
            }))}
            domainMax={1}
            tone="error"
            labelHeader={t('quality.indicator')}
            valueHeader={t('quality.failedShare')}
            testId="most-failed-chart"
          />
        ) : (
          <p>{t('quality.nothingFails')}</p>
        )}
      </SectionBlock>

      <div className={twoColumns}>
        <SectionBlock id="portal-watch" title={t('quality.pwTitle')} lead={t('quality.pwLead')} testId="portal-watch">
          <BarChart
            title={t('quality.pwChart')}
            data={PORTAL_WATCH.map((dimension) => ({
              key: dimension,
              label: t(PORTAL_WATCH_TEXT[dimension].name),
              value: summary.portalWatch[dimension] ?? 0,
              display: percent(summary.portalWatch[dimension]),
            }))}
            domainMax={1}
            tone="secondary"
            labelHeader={t('quality.pwDimension')}
            valueHeader={t('quality.pwRatio')}
            testId="portal-watch-chart"
          />
          <dl className={css({ display: 'grid', gap: '2', fontSize: 'sm' })}>
            {PORTAL_WATCH.map((dimension) => (
              <div key={dimension}>
                <dt className={css({ fontWeight: '600' })}>{t(PORTAL_WATCH_TEXT[dimension].name)}</dt>
                <dd className={css({ color: 'text.muted' })}>{t(PORTAL_WATCH_TEXT[dimension].help)}</dd>
              </div>
            ))}
          </dl>
        </SectionBlock>

        <SectionBlock id="quality-trend" title={t('quality.trendTitle')} lead={t('quality.trendLead')} testId="quality-trend">
          {trendSeries.length ? (
            <LineChart
              title={t('quality.trendChart')}
              series={trendSeries}
              yMax={MQA_MAX}
              yTicks={ticksTo(MQA_MAX, 100)}
              formatY={(value) => number(value)}
              formatDate={dateOnly}
              seriesHeader={t('quality.portal')}
              dateHeader={t('quality.analysedAt')}
              valueHeader={t('quality.averageScore')}
              testId="trend-chart"
            />
          ) : (
            <p className={css({ color: 'text.muted' })}>{t('quality.trendNone')}</p>
          )}
        </SectionBlock>
      </div>
    </>
  )
}
