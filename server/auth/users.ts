import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { users } from '../../db/schema/user.ts'
import { hashPassword } from './password.ts'
import { randomId } from './tokens.ts'

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
