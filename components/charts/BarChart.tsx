import { Group } from '@visx/group'
import { Bar } from '@visx/shape'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { ChartFigure, ChartTable, svgClass } from './ChartFigure.tsx'
import { FILL, TEXT, TEXT_MUTED, TRACK, type ChartTone } from './chart-tones.ts'
import { CHART_WIDTH, fitLabel, valueScale } from './scales.ts'

export type BarDatum = {
  key: string
  label: string
  value: number
  /** The value as the page formats it (a percentage, points…), drawn at the bar's end and shown in the table. */
  display: string
  /** A per-bar maximum drawn as a track behind the bar (average of the maximum, say). */
  max?: number
  maxDisplay?: string
  tone?: ChartTone
}

const ROW = 44
const BAR_HEIGHT = 16
const VALUE_ROOM = 96
const SUMMARY_ITEMS = 6

/**
 * Horizontal bars, one row per datum: the label above its bar, the value at the bar's end. `domainMax` fixes the
 * scale (405 for MQA scores, 1 for shares); by default it is the largest value or maximum.
 */
export function BarChart({
  title,
  data,
  domainMax,
  tone = 'primary',
  labelHeader,
  valueHeader,
  maxHeader,
  testId,
}: {
  title: string
  data: BarDatum[]
  domainMax?: number
  tone?: ChartTone
  labelHeader: string
  valueHeader: string
  maxHeader?: string
  testId?: string
}) {
  const t = useT()
  const intl = useIntl()
  const barRoom = CHART_WIDTH - VALUE_ROOM
  const scale = valueScale(domainMax ?? Math.max(0, ...data.map((datum) => Math.max(datum.value, datum.max ?? 0))), barRoom)
  const height = Math.max(ROW, data.length * ROW)
  const named = data.slice(0, SUMMARY_ITEMS).map((datum) => (datum.maxDisplay ? `${datum.label} ${t('charts.valueOf', { value: datum.display, max: datum.maxDisplay })}` : `${datum.label} ${datum.display}`))
  if (data.length > SUMMARY_ITEMS) named.push(t('charts.more', { count: data.length - SUMMARY_ITEMS }))
  const summary = t('charts.summary', { title, items: intl.formatList(named, { type: 'unit' }) })
  const withMax = data.some((datum) => datum.max !== undefined)
  return (
    <ChartFigure
      testId={testId}
      chart={
        <svg role="img" aria-label={summary} viewBox={`0 0 ${CHART_WIDTH} ${height}`} className={svgClass}>
          {data.map((datum, index) => {
            const barTone = datum.tone ?? tone
            const width = scale(datum.value)
            const track = datum.max === undefined ? null : scale(datum.max)
            return (
              <Group key={datum.key} top={index * ROW}>
                <text x={0} y={15} className={TEXT}>
                  {fitLabel(datum.label, 60)}
                </text>
                {track === null ? null : <Bar x={0} y={22} width={Math.max(track, 1)} height={BAR_HEIGHT} rx={3} className={TRACK} />}
                <Bar x={0} y={22} width={Math.max(width, datum.value > 0 ? 2 : 0)} height={BAR_HEIGHT} rx={3} className={FILL[barTone]} />
                {/* The scale leaves VALUE_ROOM after the longest bar, so the value always fits beside it. */}
                <text x={Math.max(width, track ?? 0) + 6} y={35} className={TEXT_MUTED}>
                  {datum.maxDisplay ? t('charts.valueOf', { value: datum.display, max: datum.maxDisplay }) : datum.display}
                </text>
              </Group>
            )
          })}
        </svg>
      }
      table={
        <ChartTable
          caption={title}
          headers={withMax && maxHeader ? [labelHeader, valueHeader, maxHeader] : [labelHeader, valueHeader]}
          rows={data.map((datum) => ({
            key: datum.key,
            cells: withMax && maxHeader ? [datum.label, datum.display, datum.maxDisplay ?? ''] : [datum.label, datum.display],
          }))}
        />
      }
    />
  )
}
