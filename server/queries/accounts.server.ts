import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import { runBatch, type Database } from '../../db/client.server.ts'
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

/**
 * The insert of a new account, to run alone or in a batch with its first session. The first account of an
 * installation becomes its administrator, decided inside the insert so that two first sign-ups cannot both be.
 */
export async function newUser(db: Database, input: NewUser, now = new Date()) {
  const passwordHash = await hashPassword(input.password)
  const id = randomId()
  const insert = db.insert(users).values({
    id,
    email: input.email,
    name: input.name,
    passwordHash,
    role: sql`(CASE WHEN EXISTS (SELECT 1 FROM "user") THEN 'member' ELSE 'admin' END)`,
    locale: null,
    theme: null,
    createdAt: now,
    updatedAt: now,
  })
  return { id, insert }
}

/** Creates an account (for the CLI and tests; sign-up writes the account and its session together). */
export async function createUser(db: Database, input: NewUser, now = new Date()) {
  const { id, insert } = await newUser(db, input, now)
  await insert
  return (await findUserById(db, id))!
}

/** Whether an error is the unique index on e-mail refusing a second account with the same address. */
export function isEmailTaken(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT') && typeof message === 'string' && message.includes('user.email')) return true
    if (typeof message === 'string' && message.includes('UNIQUE constraint failed: user.email')) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
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
  await passwordHashUpdate(db, userId, passwordHash, updatedAt)
}

/** The update of a password hash, to run in a batch with what goes with it. */
export function passwordHashUpdate(db: Database, userId: string, passwordHash: string, updatedAt?: Date) {
  return db.update(users).set(updatedAt ? { passwordHash, updatedAt } : { passwordHash }).where(eq(users.id, userId))
}

/** The deletion of one session by id, to run in a batch (a sign-in ends the session the browser had before). */
export function sessionDeletion(db: Database, sessionId: string) {
  return db.delete(sessions).where(eq(sessions.id, sessionId))
}

/** A new password and the end of every other session of the user, in one batch. */
export async function changePassword(db: Database, userId: string, passwordHash: string, keepSessionId: string): Promise<void> {
  await runBatch(db, [
    passwordHashUpdate(db, userId, passwordHash, new Date()),
    db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))),
  ])
}

/**
 * Uses a reset link: the new password, every session ended, the link marked used, in one batch whose statements all
 * require the link to be unused. Of two uses at once one changes everything and the other nothing: false for it.
 */
export async function resetPasswordWithLink(db: Database, reset: { id: string; userId: string }, passwordHash: string, now = new Date()): Promise<boolean> {
  const unused = sql`EXISTS (SELECT 1 FROM ${passwordResets} WHERE ${passwordResets.id} = ${reset.id} AND ${passwordResets.usedAt} IS NULL)`
  const results = await runBatch(db, [
    db.update(users).set({ passwordHash, updatedAt: now }).where(and(eq(users.id, reset.userId), unused)),
    db.delete(sessions).where(and(eq(sessions.userId, reset.userId), unused)),
    db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id }),
  ])
  return (results.at(-1) as Array<{ id: string }>).length > 0
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
    .select({ id: apiTokens.id, name: apiTokens.name, scope: apiTokens.scope, createdAt: apiTokens.createdAt, expiresAt: apiTokens.expiresAt, lastUsedAt: apiTokens.lastUsedAt })
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
      .select({ name: apiTokens.name, scope: apiTokens.scope, createdAt: apiTokens.createdAt, expiresAt: apiTokens.expiresAt, lastUsedAt: apiTokens.lastUsedAt })
      .from(apiTokens)
      .where(eq(apiTokens.userId, userId)),
  ])
  return { sessions: userSessions, apiTokens: tokens }
}
