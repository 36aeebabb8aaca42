import type { Database } from '../../db/client.server.ts'
import { createUser } from '../../server/queries/accounts.server.ts'
import type { AuthState } from '../../server/session.server.ts'

/** A new account, signed in by cookie, as router tests hand it to testContext. */
export async function signedInAccount(db: Database, name: string, email: string): Promise<AuthState> {
  const user = await createUser(db, { name, email, password: 'x'.repeat(12) })
  return { via: 'cookie', user: { ...user, locale: null, theme: null }, session: { id: `s-${email}`, expiresAt: new Date(Date.now() + 1e7), createdAt: new Date() }, tokenId: null }
}
