import { and, eq, ne } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { sessions } from '../../db/schema/session.ts'
import { users } from '../../db/schema/user.ts'
import { SESSION_USER_COLUMNS } from '../queries/accounts.server.ts'
import type { SessionUser } from '../user.server.ts'
import { newCompositeToken, secretMatches, splitCompositeToken } from './tokens.server.ts'
import { busyErrorIn } from '../../db/busy.server.ts'

/** Runs a write that may be skipped: true when written, false when the database stayed busy (nothing written). */
export async function skipWhenBusy(write: PromiseLike<unknown>): Promise<boolean> {
  try {
    await write
    return true
  } catch (error) {
    if (busyErrorIn(error)) return false
    throw error
  }
}

const DAY_MS = 24 * 60 * 60 * 1000
// 30 days of inactivity end a session; activity extends it, but at most once an hour (one write per hour per session).
export const SESSION_IDLE_MS = 30 * DAY_MS
export const SESSION_REFRESH_MS = 60 * 60 * 1000
// However active, a session ends 90 days after sign-in (ASVS 7.3.2: an absolute lifetime).
export const SESSION_ABSOLUTE_MS = 90 * DAY_MS

export const SESSION_COOKIE = 'portalscope_session'
// Over https the __Host- prefix makes the browser refuse the cookie unless it is Secure, path=/ and host-only.
export const SECURE_SESSION_COOKIE = '__Host-portalscope_session'

export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE
}

export function sessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000))
  // HttpOnly: scripts cannot read it. SameSite=Lax: not sent on cross-site POSTs (CSRF defence in depth).
  return `${sessionCookieName(secure)}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

export function clearSessionCookie(secure: boolean): string {
  return `${sessionCookieName(secure)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

export type SessionInfo = { id: string; expiresAt: Date; createdAt: Date }

/**
 * A new session for a user who just proved who they are; always a fresh id (no fixation). Returns the insert rather
 * than running it, so that a sign-in writes the session in one batch with everything else it changes.
 */
export function newSession(
  db: Database,
  userId: string,
  userAgent: string | null,
  now = new Date(),
) {
  const { id, token, secretHash } = newCompositeToken()
  const absoluteExpiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS)
  const expiresAt = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, absoluteExpiresAt.getTime()))
  const insert = db.insert(sessions).values({
    id,
    secretHash,
    userId,
    createdAt: now,
    lastVerifiedAt: now,
    expiresAt,
    absoluteExpiresAt,
    userAgent: userAgent?.slice(0, 300) ?? null,
  })
  return { token, session: { id, expiresAt, createdAt: now } satisfies SessionInfo, insert }
}

export async function createSession(db: Database, userId: string, userAgent: string | null, now = new Date()): Promise<{ token: string; session: SessionInfo }> {
  const { token, session, insert } = newSession(db, userId, userAgent, now)
  await insert
  return { token, session }
}

export type ValidatedSession = { user: SessionUser; session: SessionInfo; refreshed: boolean }

/** The session and user behind a cookie value, sliding the expiry at most hourly; null when invalid or expired. */
export async function validateSessionToken(db: Database, token: string, now = new Date()): Promise<ValidatedSession | null> {
  const parts = splitCompositeToken(token)
  if (!parts) return null
  const [row] = await db
    .select({
      id: sessions.id,
      secretHash: sessions.secretHash,
      createdAt: sessions.createdAt,
      lastVerifiedAt: sessions.lastVerifiedAt,
      expiresAt: sessions.expiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      user: SESSION_USER_COLUMNS,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, parts.id))
    .limit(1)
  if (!row || !secretMatches(parts.secret, row.secretHash)) return null
  if (now >= row.expiresAt || now >= row.absoluteExpiresAt) {
    // Expired either way; if the database is busy the row goes at a later visit.
    await skipWhenBusy(db.delete(sessions).where(eq(sessions.id, row.id)))
    return null
  }
  let expiresAt = row.expiresAt
  let refreshed = false
  if (now.getTime() - row.lastVerifiedAt.getTime() >= SESSION_REFRESH_MS) {
    const extended = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, row.absoluteExpiresAt.getTime()))
    // Sliding the expiry is bookkeeping: a busy database must not turn a page view into an error (next visit tries).
    if (await skipWhenBusy(db.update(sessions).set({ lastVerifiedAt: now, expiresAt: extended }).where(eq(sessions.id, row.id)))) {
      expiresAt = extended
      refreshed = true
    }
  }
  return {
    user: row.user,
    session: { id: row.id, expiresAt, createdAt: row.createdAt },
    refreshed,
  }
}

export async function invalidateSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId))
}

/** Signs a user out everywhere, or everywhere but the current session. */
export async function invalidateUserSessions(db: Database, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId))
}
