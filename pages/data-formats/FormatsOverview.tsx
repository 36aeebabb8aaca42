import { css } from '../../styled-system/css'
import { BarChart } from '../../components/charts/BarChart.tsx'
import { StackedBarChart, type StackSeries } from '../../components/charts/StackedBarChart.tsx'
import { CATEGORY_TONES, type ChartTone } from '../../components/charts/chart-tones.ts'
import { Table } from '../../components/ui/table.tsx'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import { formatNameKey } from '../../lib/i18n/format-names.ts'
import type { CanonicalFormat } from '../../lib/domain/canonical-formats.ts'
import { codeClass, SectionBlock, SectionFailed, StatGrid } from '../../features/quality/AnalysisParts.tsx'
import { analysisHref, type AnalysisQuery } from '../../lib/url-state/analysis-href.ts'
import type { Section } from '../../lib/section.ts'
import type { Data } from './+data.ts'

type Summary = Extract<Data['summary'], { ok: true }>['value']
type RawValues = Extract<NonNullable<Data['rawValues']>, { ok: true }>['value']

/** Formats in the bar chart; the table below it lists all of them. */
const CHART_FORMATS = 12
const STARS = [0, 1, 2, 3, 4, 5] as const
const STAR_TONES: Record<(typeof STARS)[number], ChartTone> = { 0: 'error', 1: 'warning', 2: 'secondary', 3: 'primary', 4: 'info', 5: 'success' }
const STAR_KEYS: Record<(typeof STARS)[number], MessageKey> = {
  0: 'formats.star0',
  1: 'formats.star1',
  2: 'formats.star2',
  3: 'formats.star3',
  4: 'formats.star4',
  5: 'formats.star5',
}

const twoColumns = css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } })
const inlineList = css({ display: 'flex', flexWrap: 'wrap', gap: '2', columnGap: '4', listStyle: 'none', p: '0', m: '0' })

/**
 * How the page names a format: `code` is its code (CSV) and `title` its code with its name in the page's language
 * ("CSV · Comma-separated values"), the name alone where it is the code; the unknown format is named in words.
 */
export function useFormatNames() {
  const t = useT()
  const name = (format: CanonicalFormat) => (format === 'unknown' ? t('formats.unknownLabel') : t(formatNameKey(format)))
  return {
    name,
    code: (format: CanonicalFormat) => (format === 'unknown' ? name(format) : format),
    title: (format: CanonicalFormat) => (format === 'unknown' || name(format) === format ? name(format) : `${format} · ${name(format)}`),
  }
}

export function FormatsOverview({ summary, rawValues, query, retryHref }: { summary: Summary; rawValues: Section<RawValues> | null; query: AnalysisQuery; retryHref: string }) {
  const t = useT()
  const intl = useIntl()
  const number = (value: number) => intl.formatNumber(value)
  const percent = (value: number | null) => (value === null ? '–' : intl.formatNumber(value, { style: 'percent', maximumFractionDigits: 1 }))
  const formatNames = useFormatNames()
  const drill = (format: string) => analysisHref('/data-formats', query, { format })
  const portalLabel = (portal: { name: string; isDemo: boolean }) => (portal.isDemo ? `${portal.name} (${t('common.demoData')})` : portal.name)

  if (summary.resources === 0) {
    return (
      <p role="status" data-testid="no-match">
        {t('quality.noMatch')}
      </p>
    )
  }

  const portalSeries: StackSeries[] = [
    ...summary.topFormats.map((format, index) => ({ key: format, label: formatNames.code(format), tone: CATEGORY_TONES[index % CATEGORY_TONES.length]! })),
    { key: 'other', label: t('charts.other'), tone: 'neutral' as const },
  ]
  const overall = { instanceId: '', name: t('formats.allPortals'), isDemo: false, machineReadableShare: summary.machineReadableShare, openStandardShare: summary.openStandardShare }
  const shareRows = [overall, ...summary.byPortal]

  return (
    <>
      <SectionBlock id="formats-overview" title={t('formats.overviewTitle')} testId="formats-overview">
        <StatGrid
          stats={[
            { key: 'resources', label: t('formats.resources'), value: number(summary.resources), raw: summary.resources },
            { key: 'datasets', label: t('formats.datasets'), value: number(summary.datasets), raw: summary.datasets },
            { key: 'formats', label: t('formats.formatsInUse'), value: number(summary.formats.length), raw: summary.formats.length },
            { key: 'machine-readable', label: t('formats.machineReadableShare'), value: percent(summary.machineReadableShare), raw: summary.machineReadableShare },
            { key: 'open-standard', label: t('formats.openStandardShare'), value: percent(summary.openStandardShare), raw: summary.openStandardShare },
          ]}
        />
      </SectionBlock>

      <SectionBlock id="format-mix" title={t('formats.mixTitle')} lead={t('formats.mixLead')} testId="format-mix">
        <BarChart
          title={t('formats.mixChart', { count: Math.min(CHART_FORMATS, summary.formats.length) })}
          data={summary.formats.slice(0, CHART_FORMATS).map((item) => ({ key: item.format, label: formatNames.title(item.format), value: item.share, display: percent(item.share) }))}
          labelHeader={t('formats.format')}
          valueHeader={t('formats.share')}
          testId="format-mix-chart"
        />
        <Table.Container aria-label={t('formats.tableCaption')}>
          <Table.Root density="compact" data-testid="format-table">
            <Table.Caption>{t('formats.tableCaption')}</Table.Caption>
            <Table.Head>
              <Table.Row>
                <Table.Header scope="col">{t('formats.format')}</Table.Header>
                <Table.Header scope="col" align="end">
                  {t('formats.resources')}
                </Table.Header>
                <Table.Header scope="col" align="end">
                  {t('formats.datasets')}
                </Table.Header>
                <Table.Header scope="col" align="end">
                  {t('formats.share')}
                </Table.Header>
                <Table.Header scope="col" align="end">
                  {t('formats.stars')}
                </Table.Header>
                <Table.Header scope="col">{t('formats.machineReadable')}</Table.Header>
                <Table.Header scope="col">{t('formats.openStandard')}</Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {summary.formats.map((item) => (
                <Table.Row key={item.format} data-format={item.format} data-resources={item.resources}>
                  <Table.Header scope="row" className={css({ whiteSpace: 'normal' })}>
                    <a href={drill(item.format)}>{formatNames.code(item.format)}</a>
                    {item.format === 'unknown' ? null : <span className={css({ display: 'block', fontWeight: '400', color: 'text.muted', fontSize: 'xs' })}>{formatNames.name(item.format)}</span>}
                  </Table.Header>
                  <Table.Cell align="end">{number(item.resources)}</Table.Cell>
                  <Table.Cell align="end">{number(item.datasets)}</Table.Cell>
                  <Table.Cell align="end">{percent(item.share)}</Table.Cell>
                  <Table.Cell align="end">{number(item.openness)}</Table.Cell>
                  <Table.Cell>{item.machineReadable ? t('common.yes') : t('common.no')}</Table.Cell>
                  <Table.Cell>{item.openStandard ? t('common.yes') : t('common.no')}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.Container>
      </SectionBlock>

      {summary.byPortal.length ? (
        <SectionBlock id="format-mix-portals" title={t('formats.byPortalTitle')} lead={t('formats.byPortalLead', { count: summary.topFormats.length })} testId="format-mix-portals">
          <StackedBarChart
            title={t('formats.byPortalChart')}
            series={portalSeries}
            rows={summary.byPortal.map((portal) => ({ key: portal.instanceId, label: portalLabel(portal), values: portal.counts }))}
            rowHeader={t('formats.portal')}
            testId="format-mix-portals-chart"
          />
        </SectionBlock>
      ) : null}

      <SectionBlock id="openness-stars" title={t('formats.starsTitle')} lead={t('formats.starsLead')} testId="openness-stars">
        <StackedBarChart
          title={t('formats.starsChart')}
          series={STARS.map((stars) => ({ key: String(stars), label: t('formats.starCount', { count: stars }), tone: STAR_TONES[stars] }))}
          rows={[{ key: 'all', label: t('formats.allPortals'), values: Object.fromEntries(summary.stars.map((item) => [String(item.stars), item.resources])) }]}
          rowHeader={t('formats.portal')}
          testId="openness-stars-chart"
        />
        <dl className={css({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '1', columnGap: '4', fontSize: 'sm' })}>
          {STARS.map((stars) => (
            <div key={stars} className={css({ display: 'contents' })}>
              <dt className={css({ fontWeight: '600', whiteSpace: 'nowrap' })}>{t('formats.starCount', { count: stars })}</dt>
              <dd className={css({ color: 'text.muted' })}>{t(STAR_KEYS[stars])}</dd>
            </div>
          ))}
        </dl>
      </SectionBlock>

      <SectionBlock id="machine-readable" title={t('formats.opennessTitle')} lead={t('formats.opennessLead')} testId="machine-readable">
        <div className={twoColumns}>
          <BarChart
            title={t('formats.machineReadableChart')}
            data={shareRows.map((row) => ({ key: row.instanceId || 'all', label: portalLabel(row), value: row.machineReadableShare ?? 0, display: percent(row.machineReadableShare) }))}
            domainMax={1}
            labelHeader={t('formats.portal')}
            valueHeader={t('formats.machineReadableShare')}
            testId="machine-readable-chart"
          />
          <BarChart
            title={t('formats.openStandardChart')}
            data={shareRows.map((row) => ({ key: row.instanceId || 'all', label: portalLabel(row), value: row.openStandardShare ?? 0, display: percent(row.openStandardShare) }))}
            domainMax={1}
            tone="success"
            labelHeader={t('formats.portal')}
            valueHeader={t('formats.openStandardShare')}
            testId="open-standard-chart"
          />
        </div>
      </SectionBlock>

      <SectionBlock id="raw-values" title={t('formats.rawTitle')} lead={t('formats.rawLead')} testId="raw-values">
        {rawValues === null ? null : rawValues.ok ? (
          <Table.Container aria-label={t('formats.rawCaption', { count: rawValues.value.length })}>
            <Table.Root density="compact">
              <Table.Caption>{t('formats.rawCaption', { count: rawValues.value.length })}</Table.Caption>
              <Table.Head>
                <Table.Row>
                  <Table.Header scope="col">{t('formats.format')}</Table.Header>
                  <Table.Header scope="col">{t('formats.declaredAs')}</Table.Header>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {rawValues.value.map((item) => (
                  <Table.Row key={item.format}>
                    <Table.Header scope="row">
                      <a href={drill(item.format)}>{formatNames.code(item.format)}</a>
                    </Table.Header>
                    <Table.Cell>
                      <ul className={inlineList}>
                        {item.rawValues.map((raw) => (
                          <li key={raw.raw}>
                            <RawValue raw={raw.raw} /> <span className={css({ color: 'text.muted' })}>{number(raw.resources)}</span>
                          </li>
                        ))}
                        {item.more ? <li className={css({ color: 'text.muted' })}>{t('charts.more', { count: item.more })}</li> : null}
                      </ul>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.Container>
        ) : (
          <SectionFailed retryHref={retryHref} />
        )}
      </SectionBlock>
    </>
  )
}

/** A raw declared value as the portal sent it; an empty one is named as such. */
export function RawValue({ raw }: { raw: string }) {
  const t = useT()
  return raw.trim() === '' ? <em className={css({ color: 'text.muted' })}>{t('formats.emptyValue')}</em> : <code className={codeClass}>{raw}</code>
}
