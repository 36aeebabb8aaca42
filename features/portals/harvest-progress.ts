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

type HarvestLog = { running: { runId: number } | null; runs: ReadonlyArray<{ runId: number }> }

/** Whether one harvest log has got further than another: a newer run, or the end of the same run. */
export function isNewerHarvestLog(a: HarvestLog, b: HarvestLog): boolean {
  const newest = (log: HarvestLog) => Math.max(log.running?.runId ?? 0, log.runs[0]?.runId ?? 0)
  return newest(a) > newest(b) || (newest(a) === newest(b) && a.running === null && b.running !== null)
}

/**
 * Of the log a page's data carries and the one the page last polled, the one to show: the polled one unless the
 * page's data has got further. A page's data can lag behind the poll: a guest's copy may come from the page cache a
 * moment before the cache holds the new data version (decision 018), and what is on screen must not go back to a
 * harvest that already ended.
 */
export function latestHarvestLog<L extends HarvestLog>(page: L | null | undefined, polled: L | null): L | null {
  if (!page) return polled
  return !polled || isNewerHarvestLog(page, polled) ? page : polled
}

/**
 * Why a harvest failed, as error kinds the page names in the user's language: the last error that says what went wrong
 * and, when calls were then paused by the circuit breaker (which says nothing about the cause by itself), that too.
 */
export function harvestFailureCause(errors: ReadonlyArray<{ kind: string; message: string }>): { cause: { kind: string; message: string } | null; paused: boolean } {
  const paused = errors.at(-1)?.kind === 'circuit-open'
  const cause = [...errors].reverse().find((error) => error.kind !== 'circuit-open') ?? null
  return { cause, paused }
}

/** How many datasets a finished harvest was told of and how many it got, when it got fewer (null otherwise). */
export function servedFewer(run: { status: string; done: number; total: number | null; stopReason: string | null }): { reported: number; served: number } | null {
  if (run.status !== 'succeeded' || run.stopReason || run.total === null || run.done >= run.total) return null
  return { reported: run.total, served: run.done }
}
