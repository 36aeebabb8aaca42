import { and, count, eq, gte, lt, min } from 'drizzle-orm'
import { runBatch, type Database } from '../../db/client.server.ts'
import { loginFailures } from '../../db/schema/login-failure.ts'

// ASVS 6.3 (brute force): at most 10 failed sign-ins per account and 50 per client address in 15 minutes.
export const LOGIN_WINDOW_MS = 15 * 60 * 1000
export const ACCOUNT_FAILURE_LIMIT = 10
export const CLIENT_FAILURE_LIMIT = 50

type Keys = { email: string; client: string | null }

async function windowState(db: Database, scope: 'account' | 'client', key: string, now: Date) {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS)
  const [row] = await db
    .select({ failures: count(), oldest: min(loginFailures.at) })
    .from(loginFailures)
    .where(and(eq(loginFailures.scope, scope), eq(loginFailures.key, key), gte(loginFailures.at, since)))
  return { failures: row?.failures ?? 0, oldest: row?.oldest ?? null }
}

/** Whether another attempt may be checked now; if not, how many seconds until one may. */
export async function loginAllowed(db: Database, keys: Keys, now = new Date()): Promise<{ allowed: true } | { allowed: false; retryAfterS: number }> {
  const checks: Array<[scope: 'account' | 'client', key: string, limit: number]> = [['account', keys.email, ACCOUNT_FAILURE_LIMIT]]
  if (keys.client) checks.push(['client', keys.client, CLIENT_FAILURE_LIMIT])
  let retryAfterMs = 0
  for (const [scope, key, limit] of checks) {
    const { failures, oldest } = await windowState(db, scope, key, now)
    if (failures >= limit && oldest) retryAfterMs = Math.max(retryAfterMs, oldest.getTime() + LOGIN_WINDOW_MS - now.getTime())
  }
  return retryAfterMs > 0 ? { allowed: false, retryAfterS: Math.max(1, Math.ceil(retryAfterMs / 1000)) } : { allowed: true }
}

export async function recordLoginFailure(db: Database, keys: Keys, now = new Date()): Promise<void> {
  const rows: Array<typeof loginFailures.$inferInsert> = [{ scope: 'account', key: keys.email, at: now }]
  if (keys.client) rows.push({ scope: 'client', key: keys.client, at: now })
  await runBatch(db, [
    db.insert(loginFailures).values(rows),
    // Old failures say nothing about the current window.
    db.delete(loginFailures).where(lt(loginFailures.at, new Date(now.getTime() - LOGIN_WINDOW_MS))),
  ])
}

/** A successful sign-in ends the account's streak of failures (the client's count stays); run in the sign-in's batch. */
export function clearAccountFailures(db: Database, email: string) {
  return db.delete(loginFailures).where(and(eq(loginFailures.scope, 'account'), eq(loginFailures.key, email)))
}
