import { and, asc, eq, gt, lt, count, sql } from 'drizzle-orm'
import { affectedRows, runBatch, type Database } from '../../db/client.server.ts'
import { rateEvents } from '../../db/schema/rate-event.ts'

// Limits counted in the database: sign-in attempts, sign-ups, and work that reaches other people's servers
// (docs/decisions/013-outbound-requests.md). Deciding and counting are one statement, so requests sent all at once
// cannot all pass the check before any is counted.

export type Limit = {
  /** What is limited: `login-account`, `login-client`, `signup-client`, `harvest-user` ... */
  scope: string
  /** Who or what it is counted for: an e-mail, a client address, a user id. */
  key: string
  /** Events allowed within the window. */
  limit: number
  windowMs: number
}

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterS: number }

/** Events are kept this long (the longest window in use is a day). */
const KEEP_MS = 2 * 24 * 60 * 60 * 1000

/**
 * Counts `count` events (default one) against every limit, in one statement that inserts nothing when any limit has
 * no room for all of them. `ref` marks the events so that they can be taken back (a sign-in that turned out to be the
 * right password).
 */
export async function takeLimits(db: Database, limits: readonly Limit[], options: { ref?: string; now?: Date; count?: number } = {}): Promise<LimitDecision> {
  if (limits.length === 0) return { allowed: true }
  const now = options.now ?? new Date()
  const count = Math.max(1, Math.floor(options.count ?? 1))
  const rows = sql.join(
    limits.map((limit) => sql`(${limit.scope}, ${limit.key})`),
    sql`, `,
  )
  const underLimits = sql.join(
    limits.map(
      (limit) =>
        sql`(SELECT count(*) FROM ${rateEvents} WHERE ${rateEvents.scope} = ${limit.scope} AND ${rateEvents.key} = ${limit.key} AND ${rateEvents.at} > ${now.getTime() - limit.windowMs}) <= ${limit.limit - count}`,
    ),
    sql` AND `,
  )
  // One row per limit and event; SQLite decides every row on the count before the insert.
  const events = sql`(SELECT value FROM json_each(${JSON.stringify(Array.from({ length: count }, () => 0))}))`
  const [, inserted] = await runBatch(db, [
    db.delete(rateEvents).where(lt(rateEvents.at, new Date(now.getTime() - KEEP_MS))),
    db.run(
      sql`INSERT INTO ${rateEvents} (scope, key, at, ref) SELECT column1, column2, ${now.getTime()}, ${options.ref ?? null} FROM (VALUES ${rows}), ${events} WHERE ${underLimits}`,
    ),
  ])
  if (affectedRows(inserted) > 0) return { allowed: true }
  return { allowed: false, retryAfterS: await retryAfter(db, limits, now, count) }
}

/**
 * Seconds until every limit has room for `wanted` events again (enough of its oldest events in the window leave it);
 * a whole window when it never will (more than the limit at once).
 */
async function retryAfter(db: Database, limits: readonly Limit[], now: Date, wanted: number): Promise<number> {
  let waitMs = 1000
  for (const limit of limits) {
    const inWindow = and(eq(rateEvents.scope, limit.scope), eq(rateEvents.key, limit.key), gt(rateEvents.at, new Date(now.getTime() - limit.windowMs)))
    const [row] = await db.select({ events: count() }).from(rateEvents).where(inWindow)
    const leaving = (row?.events ?? 0) + wanted - limit.limit
    if (leaving <= 0) continue
    if (wanted > limit.limit) {
      waitMs = Math.max(waitMs, limit.windowMs)
      continue
    }
    const [last] = await db.select({ at: rateEvents.at }).from(rateEvents).where(inWindow).orderBy(asc(rateEvents.at)).limit(1).offset(leaving - 1)
    if (last) waitMs = Math.max(waitMs, last.at.getTime() + limit.windowMs - now.getTime())
  }
  return Math.ceil(waitMs / 1000)
}

/** Takes back the events of one attempt (to run in the batch that completes it). */
export function releaseEvents(db: Database, ref: string) {
  return db.delete(rateEvents).where(eq(rateEvents.ref, ref))
}

/** Clears one limit's count, e.g. an account's failed sign-ins after the right password (to run in a batch). */
export function clearLimit(db: Database, scope: string, key: string) {
  return db.delete(rateEvents).where(and(eq(rateEvents.scope, scope), eq(rateEvents.key, key)))
}
