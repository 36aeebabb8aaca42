import { css } from '../../styled-system/css'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { ChartFigure, ChartTable, htmlChartClass } from './ChartFigure.tsx'
import { SWATCH, TRACK_BOX, type ChartTone } from './chart-tones.ts'
import { fitLabel } from './scales.ts'

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

const SUMMARY_ITEMS = 6

const rowClass = css({ display: 'grid', gap: '1' })
const labelClass = css({ color: 'text', fontSize: 'md', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
const laneClass = css({ display: 'flex', alignItems: 'center', gap: '1.5', h: '4' })
// The bars share the row's width less room for the value, so the value always fits beside the longest bar.
const barAreaClass = css({ position: 'relative', h: 'full', flexShrink: 0 })
const barClass = css({ position: 'absolute', insetStart: '0', top: '0', h: 'full', borderRadius: 'l1' })
const valueClass = css({ color: 'text.muted', fontSize: 'sm', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' })

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
  const top = domainMax ?? Math.max(0, ...data.map((datum) => Math.max(datum.value, datum.max ?? 0)))
  // A share of the bar room in [0, 1]; an empty domain draws nothing.
  const share = (value: number) => (Number.isFinite(top) && top > 0 ? Math.min(1, Math.max(0, value / top)) : 0)
  const named = data.slice(0, SUMMARY_ITEMS).map((datum) => (datum.maxDisplay ? `${datum.label} ${t('charts.valueOf', { value: datum.display, max: datum.maxDisplay })}` : `${datum.label} ${datum.display}`))
  if (data.length > SUMMARY_ITEMS) named.push(t('charts.more', { count: data.length - SUMMARY_ITEMS }))
  const summary = t('charts.summary', { title, items: intl.formatList(named, { type: 'unit' }) })
  const withMax = data.some((datum) => datum.max !== undefined)
  return (
    <ChartFigure
      testId={testId}
      chart={
        // HTML rather than SVG: the text reflows on a phone and its colours sit on known backgrounds, which contrast
        // checkers (axe) can measure; the picture is one image named by its summary.
        <div role="img" aria-label={summary} className={htmlChartClass}>
          {data.map((datum) => {
            const bar = share(datum.value)
            const track = datum.max === undefined ? null : share(datum.max)
            const area = Math.max(bar, track ?? 0)
            const percentOfArea = (part: number) => `${area > 0 ? (part / area) * 100 : 0}%`
            return (
              <div key={datum.key} className={rowClass}>
                <span className={labelClass}>{fitLabel(datum.label, 60)}</span>
                <span className={laneClass}>
                  <span className={barAreaClass} style={{ width: `calc((100% - 6rem) * ${area})`, minWidth: datum.value > 0 ? '2px' : undefined }}>
                    {track === null ? null : <span className={`${barClass} ${TRACK_BOX}`} style={{ width: percentOfArea(track) }} />}
                    <span className={`${barClass} ${SWATCH[datum.tone ?? tone]}`} style={{ width: percentOfArea(bar), minWidth: datum.value > 0 ? '2px' : undefined }} />
                  </span>
                  <span className={valueClass}>{datum.maxDisplay ? t('charts.valueOf', { value: datum.display, max: datum.maxDisplay }) : datum.display}</span>
                </span>
              </div>
            )
          })}
        </div>
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
