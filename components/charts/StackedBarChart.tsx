import { css } from '../../styled-system/css'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { ChartFigure, ChartTable, htmlChartClass } from './ChartFigure.tsx'
import { SWATCH, TEXT_ON_FILL, type ChartTone } from './chart-tones.ts'
import { fitLabel, stackSegments } from './scales.ts'

export type StackSeries = { key: string; label: string; tone: ChartTone }
export type StackRow = { key: string; label: string; values: Record<string, number> }

/** Segments narrower than this share carry no percentage inside (it would not fit on a phone); the table has it. */
const MIN_LABELLED_SHARE = 0.12

const rowClass = css({ display: 'grid', gap: '1' })
const labelClass = css({ color: 'text', fontSize: 'md', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
const barClass = css({ display: 'flex', h: '7', w: 'full' })
// A thin gap between segments in the page colour keeps neighbours apart without relying on hue.
const segmentClass = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  borderInlineEndWidth: '2px',
  borderInlineEndStyle: 'solid',
  borderColor: 'bg',
  _last: { borderInlineEndWidth: '0' },
})

const legendList = css({ display: 'flex', flexWrap: 'wrap', gap: '2', columnGap: '4', listStyle: 'none', p: '0', m: '0', fontSize: 'sm' })
const legendItem = css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })
const swatchBox = css({ display: 'inline-block', w: '3', h: '3', borderRadius: 'l1', flexShrink: 0 })

/**
 * 100% stacked horizontal bars: how each row (a portal, or the whole catalogue) divides among the series (rating
 * bands, openness stars, formats). Counts go in `values`; shares are computed here. Each segment wide enough carries
 * its percentage; a legend names the colours and the table gives every count and share.
 */
export function StackedBarChart({
  title,
  series,
  rows,
  rowHeader,
  labelRows,
  testId,
}: {
  title: string
  series: StackSeries[]
  rows: StackRow[]
  rowHeader: string
  /** Name each bar above it; by default only when there are several (one bar of "the whole catalogue" needs none). */
  labelRows?: boolean
  testId?: string
}) {
  const t = useT()
  const intl = useIntl()
  const percent = (share: number) => intl.formatNumber(share, { style: 'percent', maximumFractionDigits: share > 0 && share < 0.01 ? 1 : 0 })
  const showRowLabels = labelRows ?? rows.length > 1
  const stacked = rows.map((row) => ({ row, segments: stackSegments(series.map((item) => ({ key: item.key, value: row.values[item.key] ?? 0 })), 1) }))
  const toneOf = new Map(series.map((item) => [item.key, item.tone]))
  const labelOf = new Map(series.map((item) => [item.key, item.label]))
  const summary = t('charts.summary', {
    title,
    items: intl.formatList(
      stacked.map(({ row, segments }) => {
        const parts = intl.formatList(
          segments.filter((segment) => segment.value > 0).map((segment) => `${labelOf.get(segment.key)} ${percent(segment.share)}`),
          { type: 'unit' },
        )
        return showRowLabels ? `${row.label}: ${parts}` : parts
      }),
      { type: 'unit' },
    ),
  })
  return (
    <ChartFigure
      testId={testId}
      chart={
        // HTML rather than SVG, as in BarChart: each percentage sits on its segment's own colour, which axe can measure.
        <div role="img" aria-label={summary} className={htmlChartClass}>
          {stacked.map(({ row, segments }) => (
            <div key={row.key} className={rowClass}>
              {showRowLabels ? <span className={labelClass}>{fitLabel(row.label, 60)}</span> : null}
              <span className={barClass}>
                {segments.map((segment) => {
                  if (segment.width <= 0) return null
                  const tone = toneOf.get(segment.key) ?? 'neutral'
                  const textClass = TEXT_ON_FILL[tone]
                  return (
                    <span key={segment.key} className={`${segmentClass} ${SWATCH[tone]}`} style={{ width: `${segment.share * 100}%` }}>
                      {textClass && segment.share >= MIN_LABELLED_SHARE ? <span className={textClass}>{percent(segment.share)}</span> : null}
                    </span>
                  )
                })}
              </span>
            </div>
          ))}
        </div>
      }
      legend={
        <ul className={legendList} aria-label={t('charts.legend')}>
          {series.map((item) => (
            <li key={item.key} className={legendItem}>
              <span className={`${swatchBox} ${SWATCH[item.tone]}`} aria-hidden="true" />
              {item.label}
            </li>
          ))}
        </ul>
      }
      table={
        <ChartTable
          caption={title}
          headers={[rowHeader, ...series.map((item) => item.label), t('charts.total')]}
          rows={stacked.map(({ row, segments }) => ({
            key: row.key,
            cells: [
              row.label,
              ...segments.map((segment) => t('charts.countShare', { count: intl.formatNumber(segment.value), share: percent(segment.share) })),
              intl.formatNumber(segments.reduce((sum, segment) => sum + segment.value, 0)),
            ],
          }))}
        />
      }
    />
  )
}
