import { and, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { apiTokens } from '../../db/schema/api-token.ts'
import { users } from '../../db/schema/user.ts'
import { SESSION_USER_COLUMNS } from '../queries/accounts.server.ts'
import type { SessionUser } from '../user.server.ts'
import type { TokenScope } from '../../lib/domain/api-token-scopes.ts'
import { newCompositeToken, secretMatches, splitCompositeToken } from './tokens.server.ts'
import { skipWhenBusy } from './session.server.ts'

// Last use is recorded at most once a minute per token, so a busy script does not write on every call.
const LAST_USED_RESOLUTION_MS = 60_000

export async function createApiToken(
  db: Database,
  userId: string,
  token: { name: string; expiresAt: Date | null; scope: TokenScope },
  now = new Date(),
): Promise<{ token: string; id: string }> {
  const { id, token: secret, secretHash } = newCompositeToken()
  await db.insert(apiTokens).values({ id, secretHash, userId, name: token.name, scope: token.scope, createdAt: now, expiresAt: token.expiresAt })
  return { token: secret, id }
}

/** The user behind `Authorization: Bearer <token>` and what the token may do, or null. */
export async function validateApiToken(db: Database, token: string, now = new Date()): Promise<{ user: SessionUser; tokenId: string; scope: TokenScope } | null> {
  const parts = splitCompositeToken(token)
  if (!parts) return null
  const [row] = await db
    .select({
      id: apiTokens.id,
      scope: apiTokens.scope,
      secretHash: apiTokens.secretHash,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      user: SESSION_USER_COLUMNS,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.id, parts.id))
    .limit(1)
  if (!row || !secretMatches(parts.secret, row.secretHash)) return null
  if (row.expiresAt && now >= row.expiresAt) return null
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    // Bookkeeping: skipped (and tried at the next call) when the database is busy, rather than failing the call.
    await skipWhenBusy(db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id)))
  }
  return {
    user: row.user,
    tokenId: row.id,
    scope: row.scope,
  }
}

export async function revokeApiToken(db: Database, userId: string, tokenId: string): Promise<boolean> {
  const deleted = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id })
  return deleted.length > 0
}
