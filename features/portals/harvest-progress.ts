// What a harvest's progress says: how far (done of total), how fast and how long is left, as numbers the page
// formats in the user's language.

export type EtaUnit = 'second' | 'minute' | 'hour'

/** Seconds as the one unit a person would say: "40 seconds", "3 minutes", "2 hours" (rounded up). */
export function etaParts(seconds: number): { value: number; unit: EtaUnit } {
  const s = Math.max(1, Math.ceil(seconds))
  if (s < 90) return { value: s, unit: 'second' }
  if (s < 90 * 60) return { value: Math.ceil(s / 60), unit: 'minute' }
  return { value: Math.round((s / 3600) * 10) / 10, unit: 'hour' }
}

/** The bar's value and maximum; `value: null` while the total is not known yet (indeterminate). */
export function progressBar(done: number, total: number | null): { value: number | null; max: number } {
  if (total === null || total <= 0) return { value: null, max: 100 }
  return { value: Math.min(Math.max(0, done), total), max: total }
}

/** A run is worth following while it runs; the poll stops once it has finished. */
export function pollInterval(running: boolean): number | false {
  return running ? 1500 : false
}
