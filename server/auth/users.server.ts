import { count, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { users } from '../../db/schema/user.ts'
import { hashPassword } from './password.server.ts'
import { randomId } from './tokens.server.ts'

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
