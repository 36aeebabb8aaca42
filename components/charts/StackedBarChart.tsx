import { Group } from '@visx/group'
import { Bar } from '@visx/shape'
import { css } from '../../styled-system/css'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { ChartFigure, ChartTable, svgClass } from './ChartFigure.tsx'
import { FILL, SEPARATOR, SWATCH, TEXT, TEXT_ON_FILL, type ChartTone } from './chart-tones.ts'
import { CHART_WIDTH, fitLabel, stackSegments } from './scales.ts'

export type StackSeries = { key: string; label: string; tone: ChartTone }
export type StackRow = { key: string; label: string; values: Record<string, number> }

const BAR_HEIGHT = 28
const LABEL_HEIGHT = 22
const GAP = 14
/** Segments narrower than this carry no percentage inside (it would not fit); the table and legend have it. */
const MIN_LABELLED_WIDTH = 44

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
  const rowHeight = (showRowLabels ? LABEL_HEIGHT : 0) + BAR_HEIGHT + GAP
  const height = Math.max(rowHeight, rows.length * rowHeight) - GAP
  const stacked = rows.map((row) => ({ row, segments: stackSegments(series.map((item) => ({ key: item.key, value: row.values[item.key] ?? 0 })), CHART_WIDTH) }))
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
        <svg role="img" aria-label={summary} viewBox={`0 0 ${CHART_WIDTH} ${height}`} className={svgClass}>
          {stacked.map(({ row, segments }, index) => (
            <Group key={row.key} top={index * rowHeight}>
              {showRowLabels ? (
                <text x={0} y={15} className={TEXT}>
                  {fitLabel(row.label, 60)}
                </text>
              ) : null}
              <Group top={showRowLabels ? LABEL_HEIGHT : 0}>
                {segments.map((segment) => {
                  if (segment.width <= 0) return null
                  const tone = toneOf.get(segment.key) ?? 'neutral'
                  const textClass = TEXT_ON_FILL[tone]
                  return (
                    <g key={segment.key}>
                      <Bar x={segment.x} y={0} width={segment.width} height={BAR_HEIGHT} className={`${FILL[tone]} ${SEPARATOR}`} />
                      {textClass && segment.width >= MIN_LABELLED_WIDTH ? (
                        <text x={segment.x + segment.width / 2} y={BAR_HEIGHT / 2 + 5} textAnchor="middle" className={textClass}>
                          {percent(segment.share)}
                        </text>
                      ) : null}
                    </g>
                  )
                })}
              </Group>
            </Group>
          ))}
        </svg>
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
