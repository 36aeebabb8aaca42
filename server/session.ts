import type { Database } from '../db/client.ts'
import type { SessionUser } from './user.ts'

/**
 * Resolves the person behind a request from its session cookie or API token.
 * Accounts do not exist yet, so every request is anonymous; the accounts feature replaces this body.
 */
export async function lookupSession(_db: Database, _request: Request): Promise<SessionUser | null> {
  return null
}
