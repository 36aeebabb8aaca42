// The `d` of a straight-segment line through points, written as d3-shape's line() writes it (curveLinear, three
// decimals): the charts drew with @visx/shape's LinePath before, and the same text keeps every drawn picture and
// hydration unchanged while d3-shape and d3-path (about 2 KB gzip) stay out of the pages (decision 021).
const round = (value: number) => Math.round(value * 1000) / 1000

export function linePath(points: ReadonlyArray<readonly [number, number]>): string {
  if (!points.length) return ''
  const [first, ...rest] = points
  let d = `M${round(first![0])},${round(first![1])}`
  for (const [x, y] of rest) d += `L${round(x)},${round(y)}`
  // d3 closes a line of a single point, so that it shows as a dot.
  return rest.length ? d : `${d}Z`
}
