// Readers for the GET parameters of the public pages' URL state (explorer, portals, regions). These modules run in
// the browser as well, where a schema library would add about 25 KB gzip to pages that have no form to check
// (decision 021), so each reader is a plain function. Like the schemas they replace, a value that does not fit gives
// the fallback rather than failing the page; the tRPC procedures still check their input with zod on the server.

/** Trimmed text of at most `max` characters; anything else (too long, absent, not text) gives ''. */
export function textParam(value: unknown, max: number): string {
  if (typeof value !== 'string') return ''
  const text = value.trim()
  return text.length <= max ? text : ''
}

/** One of `choices`, else `fallback`. */
export function choiceParam<const T extends string, F extends T | null = T>(value: unknown, choices: readonly T[], fallback: F): T | F {
  return typeof value === 'string' && (choices as readonly string[]).includes(value) ? (value as T) : fallback
}

/** A whole number from `min` to `max` (text as `Number` reads it), else `fallback`. */
export function intParam(value: unknown, min: number, max: number, fallback: number): number {
  const number = Number(value)
  return Number.isSafeInteger(number) && number >= min && number <= max ? number : fallback
}

/** A repeated parameter: each value trimmed and kept when `accepts` it, duplicates dropped, at most `max` kept. */
export function listParam<T extends string>(values: readonly unknown[], accepts: (value: string) => value is T, max: number): T[] {
  const kept: T[] = []
  for (const value of values) {
    if (typeof value !== 'string') continue
    const text = value.trim()
    if (accepts(text) && !kept.includes(text)) kept.push(text)
  }
  return kept.slice(0, max)
}

/** A test for `listParam`: one of `choices`. */
export function oneOf<const T extends string>(choices: readonly T[]): (value: string) => value is T {
  return (value: string): value is T => (choices as readonly string[]).includes(value)
}
