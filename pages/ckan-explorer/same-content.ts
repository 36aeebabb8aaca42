/**
 * Whether two answers' parts (result cards, facet counts: plain data) say the same: the same object, or the same
 * JSON. Each holds at most a page of cards or a few hundred counts, so writing both out costs well under a
 * millisecond, against re-rendering a list.
 */
export function sameContent(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b)
}
