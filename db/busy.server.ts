import { madeBy } from '../lib/made-by.ts'

/**
 * A write could not get SQLite's single write lock in time (another process held it throughout). Nothing was
 * written; the request may be repeated. The API answers 503 with Retry-After (docs/decisions/012-database-writes.md).
 */
export class DatabaseBusyError extends Error {
  /** Seconds after which trying again is likely to succeed. */
  readonly retryAfterS: number

  constructor(waitedMs: number, retryAfterS = 2) {
    super(`The database stayed locked by another writer for ${Math.round(waitedMs)} ms; nothing was written`)
    this.name = 'DatabaseBusyError'
    this.retryAfterS = retryAfterS
  }
}

/** Whether an error, or anything in its chain of causes (drizzle wraps driver errors), is a DatabaseBusyError. */
export function busyErrorIn(error: unknown): DatabaseBusyError | null {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (madeBy(current, DatabaseBusyError)) return current
    current = (current as { cause?: unknown }).cause
  }
  return null
}
