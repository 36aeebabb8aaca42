// Geometry shared by the charts. Charts draw into a fixed viewBox and scale with their container (width 100%), so
// nothing is measured in the browser and the server renders the finished picture.

export const CHART_WIDTH = 480

/**
 * A linear scale from `domain` onto `range`, optionally clamped to the domain. Written out rather than taken from a
 * scale library, which would bring about 12 KB gzip of interpolators, colour spaces and time intervals to every page
 * with a chart (decision 021); the arithmetic is the same as d3's (normalise, then `r0 * (1 - t) + r1 * t`), so the
 * drawn picture is unchanged.
 */
export function linearScale(domain: readonly [number, number], range: readonly [number, number], options: { clamp?: boolean } = {}) {
  // A falling domain is read from its low end, with the range turned round, as d3 does.
  const [d0, d1, r0, r1] = domain[1] < domain[0] ? [domain[1], domain[0], range[1], range[0]] : [domain[0], domain[1], range[0], range[1]]
  const span = d1 - d0
  return (value: number): number => {
    const x = options.clamp ? Math.max(d0, Math.min(d1, value)) : value
    const t = span ? (x - d0) / span : 0.5
    return r0 * (1 - t) + r1 * t
  }
}

/** A clamped linear scale from [0, domainMax] onto [0, length]; an empty domain (max 0) maps everything to 0. */
export function valueScale(domainMax: number, length: number) {
  const max = Number.isFinite(domainMax) && domainMax > 0 ? domainMax : 1
  return linearScale([0, max], [0, length], { clamp: true })
}

export type Segment<K extends string = string> = { key: K; value: number; share: number; x: number; width: number }

/**
 * The segments of a 100% bar of `length` units: each item's share of the total and its position. Negative or
 * non-finite values count as 0; with a total of 0 every segment is empty.
 */
export function stackSegments<K extends string>(items: ReadonlyArray<{ key: K; value: number }>, length: number): Segment<K>[] {
  const values = items.map((item) => (Number.isFinite(item.value) && item.value > 0 ? item.value : 0))
  const total = values.reduce((sum, value) => sum + value, 0)
  let x = 0
  return items.map((item, index) => {
    const value = values[index]!
    const share = total ? value / total : 0
    const segment = { key: item.key, value, share, x, width: share * length }
    x += segment.width
    return segment
  })
}

/**
 * The time domain of some dates in milliseconds, at least two days wide: dates closer together than that (portals
 * analysed minutes apart) sit around the middle instead of being spread across the whole axis.
 */
export function timeDomain(dates: ReadonlyArray<Date>): [number, number] {
  const times = dates.map((date) => date.getTime()).filter(Number.isFinite)
  if (times.length === 0) return [0, 1]
  const min = Math.min(...times)
  const max = Math.max(...times)
  const DAY = 86_400_000
  if (max - min >= 2 * DAY) return [min, max]
  const middle = (min + max) / 2
  return [middle - DAY, middle + DAY]
}

/** Evenly spaced ticks from 0 to `max` by `step`, with `max` itself always last (405 for the MQA scale). */
export function ticksTo(max: number, step: number): number[] {
  if (!(max > 0) || !(step > 0)) return [0]
  const ticks: number[] = []
  for (let value = 0; value < max - step / 4; value += step) ticks.push(Math.round(value * 1e6) / 1e6)
  ticks.push(max)
  return ticks
}

/** Shortens a label drawn in SVG (which does not wrap) to `max` characters with an ellipsis; the table has it whole. */
export function fitLabel(text: string, max: number): string {
  const chars = [...text]
  return chars.length <= max ? text : `${chars.slice(0, Math.max(1, max - 1)).join('').trimEnd()}…`
}
