import { getCookie } from 'hono/cookie'
import type { Context } from 'hono'
import type { Database } from '../db/client.server.ts'
import { validateApiToken } from './auth/api-tokens.server.ts'
import { isSecureOrigin } from './auth/request-info.server.ts'
import { clearSessionCookie, sessionCookie, sessionCookieName, validateSessionToken, type SessionInfo } from './auth/session.server.ts'
import type { SessionUser } from './user.server.ts'
import type { TokenScope } from '../lib/domain/api-token-scopes.ts'

export type AuthState =
  | { via: 'none'; user: null; session: null; tokenId: null }
  | { via: 'cookie'; user: SessionUser; session: SessionInfo; tokenId: null }
  | { via: 'token'; user: SessionUser; session: null; tokenId: string; scope: TokenScope }

export const ANONYMOUS: AuthState = { via: 'none', user: null, session: null, tokenId: null }

/**
 * Whether the request may change nothing: it came with a read-only API token. Cookie sessions and write tokens may write
 * (what they may change is then up to the procedure's own checks). tRPC refuses every mutation for it
 * (server/trpc/init.server.ts); an HTTP route outside tRPC that writes must ask this itself and answer 403.
 */
export function isReadOnly(auth: AuthState): boolean {
  return auth.via === 'token' && auth.scope === 'read'
}

/**
 * Resolves the person behind a request, once, from an API token (`Authorization: Bearer`) or the session cookie.
 * A token request is never treated as a browser session: no cookie is read or issued for it.
 */
export async function lookupSession(db: Database, c: Context): Promise<{ auth: AuthState; setCookie: string | null }> {
  const authorization = c.req.header('authorization')
  if (authorization?.startsWith('Bearer ')) {
    const found = await validateApiToken(db, authorization.slice('Bearer '.length).trim())
    return { auth: found ? { via: 'token', user: found.user, session: null, tokenId: found.tokenId, scope: found.scope } : ANONYMOUS, setCookie: null }
  }
  const secure = isSecureOrigin(c.req.raw)
  const token = getCookie(c, sessionCookieName(secure))
  if (!token) return { auth: ANONYMOUS, setCookie: null }
  const validated = await validateSessionToken(db, token)
  if (!validated) return { auth: ANONYMOUS, setCookie: clearSessionCookie(secure) }
  return {
    auth: { via: 'cookie', user: validated.user, session: validated.session, tokenId: null },
    // The cookie's lifetime follows the session's sliding expiry.
    setCookie: validated.refreshed ? sessionCookie(token, validated.session.expiresAt, secure) : null,
  }
}
