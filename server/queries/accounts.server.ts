import { and, count, desc, eq, gt, isNull, ne } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { apiTokens } from '../../db/schema/api-token.ts'
import { passwordResets } from '../../db/schema/password-reset.ts'
import { sessions } from '../../db/schema/session.ts'
import { users } from '../../db/schema/user.ts'
import { hashPassword } from '../auth/password.server.ts'
import { randomId } from '../auth/tokens.server.ts'

// Accounts: users, their sessions and API tokens as the auth and profile routers list them, and password resets.
// Creating and checking sessions and tokens is the security module's own work (server/auth/).

/** The columns that make a SessionUser, selected as a nested object wherever a session or token is resolved. */
export const SESSION_USER_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  locale: users.locale,
  theme: users.theme,
}

export type NewUser = { name: string; email: string; password: string }

/** Creates an account; the first account of an installation becomes its administrator. */
export async function createUser(db: Database, input: NewUser, now = new Date()) {
  const passwordHash = await hashPassword(input.password)
  const [{ existing } = { existing: 0 }] = await db.select({ existing: count() }).from(users)
  const row = {
    id: randomId(),
    email: input.email,
    name: input.name,
    passwordHash,
    role: existing === 0 ? ('admin' as const) : ('member' as const),
    locale: null,
    theme: null,
    createdAt: now,
    updatedAt: now,
  }
  await db.insert(users).values(row)
  return row
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  return row
}

export async function findUserById(db: Database, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}

/** Replaces a password hash; `updatedAt` when the user changed it (a rehash at sign-in does not count as a change). */
export async function setPasswordHash(db: Database, userId: string, passwordHash: string, updatedAt?: Date): Promise<void> {
  await db.update(users).set(updatedAt ? { passwordHash, updatedAt } : { passwordHash }).where(eq(users.id, userId))
}

/** Whether another account already uses this e-mail address. */
export async function emailTakenByOther(db: Database, email: string, userId: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1)
  return !!taken
}

export async function updateProfile(db: Database, userId: string, changes: Record<string, unknown>) {
  const [updated] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id, name: users.name, email: users.email, role: users.role, locale: users.locale, theme: users.theme })
  return updated
}

/** Deletes an account; its sessions, tokens and resets go with it (foreign keys cascade). */
export async function deleteUser(db: Database, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId))
}

/** A reset link that is neither used nor expired. */
export async function findUsableReset(db: Database, id: string) {
  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
    .limit(1)
  return reset
}

export async function markResetUsed(db: Database, id: string): Promise<void> {
  await db.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, id))
}

/** A user's sessions, most recently used first. */
export async function listSessions(db: Database, userId: string) {
  return db
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastUsedAt: sessions.lastVerifiedAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastVerifiedAt))
}

/** Ends one of the user's own sessions; false when it is not theirs or gone already. */
export async function deleteSession(db: Database, sessionId: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id })
  return deleted.length > 0
}

/** A user's API tokens, newest first (never their hashes). */
export async function listApiTokens(db: Database, userId: string) {
  return db
    .select({ id: apiTokens.id, name: apiTokens.name, createdAt: apiTokens.createdAt, expiresAt: apiTokens.expiresAt, lastUsedAt: apiTokens.lastUsedAt })
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt))
}

/** What the data export lists of a user's sessions and tokens: no ids, hashes or secrets. */
export async function exportedSessionsAndTokens(db: Database, userId: string) {
  const [userSessions, tokens] = await Promise.all([
    db
      .select({ createdAt: sessions.createdAt, lastUsedAt: sessions.lastVerifiedAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    db
      .select({ name: apiTokens.name, createdAt: apiTokens.createdAt, expiresAt: apiTokens.expiresAt, lastUsedAt: apiTokens.lastUsedAt })
      .from(apiTokens)
      .where(eq(apiTokens.userId, userId)),
  ])
  return { sessions: userSessions, apiTokens: tokens }
}
