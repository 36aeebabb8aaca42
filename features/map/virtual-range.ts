/** The rows a virtual list renders: those in sight plus `overscan` on each side, clamped to the rows there are. */
export function visibleRange(scrollTop: number, height: number, rowHeight: number, count: number, overscan: number): { start: number; end: number } {
  if (count === 0 || rowHeight <= 0) return { start: 0, end: 0 }
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight)
  const last = Math.ceil((Math.max(0, scrollTop) + Math.max(0, height)) / rowHeight)
  return { start: Math.max(0, Math.min(count, first - overscan)), end: Math.max(0, Math.min(count, last + overscan)) }
}
