/** Page numbers to show: the first, the last and one either side of the current; null marks a gap of two or more. */
export function pageWindow(page: number, pageCount: number): Array<number | null> {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount))
  const sorted = [...wanted].sort((a, b) => a - b)
  const out: Array<number | null> = []
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1]
    // A gap of exactly one page shows that page rather than an ellipsis standing for it.
    if (previous !== undefined && n - previous > 1) out.push(n - previous === 2 ? n - 1 : null)
    out.push(n)
  })
  return out
}
