// `npm run users -- <command>`: account administration from the server's shell. Honours DATABASE_URL.
//   list                      every account with its role
//   promote <email>           make an account an administrator
//   demote <email>            make an administrator a member again
//   reset-password <email>    print a one-time link to set a new password, valid for an hour
import { eq } from 'drizzle-orm'
import { createDb } from '../db/client.server.ts'
import { migrateLibsql } from '../db/migrate.server.ts'
import { passwordResets } from '../db/schema/password-reset.ts'
import { users } from '../db/schema/user.ts'
import { newCompositeToken } from '../server/auth/tokens.server.ts'

const RESET_VALID_MS = 60 * 60 * 1000
const url = process.env.DATABASE_URL ?? 'file:./data/portalscope.db'
const [command, argument] = process.argv.slice(2)

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

await migrateLibsql(url)
const db = await createDb({ url })

async function userByEmail(email: string | undefined) {
  if (!email) fail(`Usage: npm run users -- ${command} <email>`)
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1)
  return user ?? fail(`No account with the e-mail ${email}.`)
}

switch (command) {
  case 'list': {
    const rows = await db.select({ email: users.email, name: users.name, role: users.role, createdAt: users.createdAt }).from(users)
    if (rows.length === 0) console.log('No accounts yet. The first account to sign up becomes an administrator.')
    for (const row of rows) console.log(`${row.role.padEnd(7)} ${row.email}  ${row.name}  (since ${row.createdAt.toISOString().slice(0, 10)})`)
    break
  }
  case 'promote':
  case 'demote': {
    const user = await userByEmail(argument)
    const role = command === 'promote' ? 'admin' : 'member'
    await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, user.id))
    console.log(`${user.email} is now ${role === 'admin' ? 'an administrator' : 'a member'}.`)
    break
  }
  case 'reset-password': {
    const user = await userByEmail(argument)
    const { id, token, secretHash } = newCompositeToken()
    const now = new Date()
    await db.insert(passwordResets).values({ id, secretHash, userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + RESET_VALID_MS) })
    const base = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`
    console.log(`One-time link for ${user.email}, valid for one hour:`)
    console.log(new URL(`/auth/reset-password?token=${token}`, base).toString())
    break
  }
  default:
    fail('Usage: npm run users -- list | promote <email> | demote <email> | reset-password <email>')
}
