import type { ReactNode } from 'react'
import { css } from '../../styled-system/css'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { ChartFigure, ChartTable, svgClass } from './ChartFigure.tsx'
import { AXIS, CATEGORY_TONES, FILL, GRID, STROKE, TEXT_MUTED, type ChartTone } from './chart-tones.ts'
import { linePath } from './line-path.ts'
import { CHART_WIDTH, linearScale, timeDomain, valueScale } from './scales.ts'

export type LinePoint = { at: Date; value: number | null; display: string }
export type LineSeries = { key: string; label: string; points: LinePoint[] }

const HEIGHT = 220
const MARGIN = { top: 12, right: 16, bottom: 28, left: 44 }
// Lines differ by marker shape and dash as well as colour, so they stay apart in greyscale and for colour blindness.
const MARKERS = ['circle', 'square', 'triangle', 'diamond'] as const
const DASHES = [undefined, '6 4', '2 3', '10 3 2 3'] as const

type Marker = (typeof MARKERS)[number]

function MarkerShape({ shape, x, y, className }: { shape: Marker; x: number; y: number; className: string }) {
  switch (shape) {
    case 'circle':
      return <circle cx={x} cy={y} r={4.5} className={className} />
    case 'square':
      return <rect x={x - 4} y={y - 4} width={8} height={8} className={className} />
    case 'triangle':
      return <path d={`M${x},${y - 5.5}L${x + 5},${y + 4}L${x - 5},${y + 4}Z`} className={className} />
    case 'diamond':
      return <path d={`M${x},${y - 5.5}L${x + 5.5},${y}L${x},${y + 5.5}L${x - 5.5},${y}Z`} className={className} />
  }
}

const legendList = css({ display: 'flex', flexWrap: 'wrap', gap: '2', columnGap: '4', listStyle: 'none', p: '0', m: '0', fontSize: 'sm' })
const legendItem = css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })

/**
 * A small line chart over time, one line per series (a portal's average score across harvests). The y scale runs
 * from 0 to `yMax` with gridlines at `yTicks`; the x axis names the first and last dates. A series with a single
 * point shows its marker only.
 */
export function LineChart({
  title,
  series,
  yMax,
  yTicks,
  formatY,
  formatDate,
  seriesHeader,
  dateHeader,
  valueHeader,
  testId,
}: {
  title: string
  series: LineSeries[]
  yMax: number
  yTicks: number[]
  formatY: (value: number) => string
  /** Dates as the page shows them; drawn once on the server and again on the client, so keep it time-zone-stable. */
  formatDate: (date: Date) => string
  seriesHeader: string
  dateHeader: string
  valueHeader: string
  testId?: string
}) {
  const t = useT()
  const intl = useIntl()
  const innerWidth = CHART_WIDTH - MARGIN.left - MARGIN.right
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom
  const [start, end] = timeDomain(series.flatMap((item) => item.points.map((point) => point.at)))
  const x = linearScale([start, end], [0, innerWidth])
  const yScale = valueScale(yMax, innerHeight)
  const y = (value: number) => innerHeight - yScale(value)
  const toneOf = (index: number): ChartTone => CATEGORY_TONES[index % CATEGORY_TONES.length]!
  const dates = series.flatMap((item) => item.points.map((point) => point.at.getTime()))
  const summary = t('charts.summary', {
    title,
    items: intl.formatList(
      series.map((item) => {
        const defined = item.points.filter((point) => point.value !== null)
        const from = defined[0]
        const to = defined.at(-1)
        if (!from || !to) return item.label
        return from === to
          ? `${item.label} ${from.display} (${formatDate(from.at)})`
          : `${item.label} ${t('charts.fromTo', { from: `${from.display} (${formatDate(from.at)})`, to: `${to.display} (${formatDate(to.at)})` })}`
      }),
      { type: 'unit' },
    ),
  })
  const legend: ReactNode = (
    <ul className={legendList} aria-label={t('charts.legend')}>
      {series.map((item, index) => (
        <li key={item.key} className={legendItem}>
          <svg viewBox="0 0 28 14" width="28" height="14" aria-hidden="true" focusable="false">
            <line x1={0} x2={28} y1={7} y2={7} className={STROKE[toneOf(index)]} strokeWidth={2} strokeDasharray={DASHES[index % DASHES.length]} />
            <MarkerShape shape={MARKERS[index % MARKERS.length]!} x={14} y={7} className={FILL[toneOf(index)]} />
          </svg>
          {item.label}
        </li>
      ))}
    </ul>
  )
  return (
    <ChartFigure
      testId={testId}
      chart={
        // Dates in the summary follow the reader's time zone, which the server cannot know.
        <svg role="img" aria-label={summary} viewBox={`0 0 ${CHART_WIDTH} ${HEIGHT}`} className={svgClass} suppressHydrationWarning>
          <g className="visx-group" transform={`translate(${MARGIN.left}, ${MARGIN.top})`}>
            {yTicks.map((tick) => (
              <g key={tick}>
                <line x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} className={tick === 0 ? AXIS : GRID} />
                <text x={-8} y={y(tick) + 4} textAnchor="end" className={TEXT_MUTED}>
                  {formatY(tick)}
                </text>
              </g>
            ))}
            {/* The axis names the dates at its two ends. */}
            {dates.length ? (
              <>
                <text x={0} y={innerHeight + 20} className={TEXT_MUTED} suppressHydrationWarning>
                  {formatDate(new Date(start))}
                </text>
                <text x={innerWidth} y={innerHeight + 20} textAnchor="end" className={TEXT_MUTED} suppressHydrationWarning>
                  {formatDate(new Date(end))}
                </text>
              </>
            ) : null}
            {series.map((item, index) => {
              const tone = toneOf(index)
              const defined = item.points.filter((point): point is LinePoint & { value: number } => point.value !== null)
              return (
                <g key={item.key}>
                  {defined.length > 1 ? (
                    <path
                      className={`visx-linepath ${STROKE[tone]}`}
                      d={linePath(defined.map((point) => [x(point.at.getTime()), y(point.value)]))}
                      fill="none"
                      strokeLinecap="round"
                      strokeWidth={2}
                      strokeDasharray={DASHES[index % DASHES.length]}
                    />
                  ) : null}
                  {defined.map((point) => (
                    <MarkerShape key={point.at.getTime()} shape={MARKERS[index % MARKERS.length]!} x={x(point.at.getTime())} y={y(point.value)} className={FILL[tone]} />
                  ))}
                </g>
              )
            })}
          </g>
        </svg>
      }
      legend={legend}
      table={
        <ChartTable
          caption={title}
          headers={[seriesHeader, dateHeader, valueHeader]}
          rows={series.flatMap((item) =>
            item.points.map((point) => ({
              key: `${item.key}-${point.at.getTime()}`,
              cells: [
                item.label,
                <time key="at" dateTime={point.at.toISOString()} suppressHydrationWarning>
                  {formatDate(point.at)}
                </time>,
                point.value === null ? '–' : point.display,
              ],
            })),
          )}
        />
      }
    />
  )
}
