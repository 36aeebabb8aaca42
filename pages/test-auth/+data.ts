import type { Context } from 'hono'
import type { PageContextServer } from 'vike/types'
import type { AppBindings } from '../../server/app-bindings.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

// Only what the page shows: who, how and until when; never the session secret or token itself.
export function data(pageContext: PageContextServer) {
  const hono = (pageContext as unknown as { hono?: Context<AppBindings> }).hono
  const auth = hono?.var.auth
  return {
    signedIn: !!pageContext.user,
    name: pageContext.user?.name ?? null,
    email: pageContext.user?.email ?? null,
    via: auth?.via ?? 'none',
    expiresAt: auth?.via === 'cookie' ? auth.session.expiresAt : null,
    runtime: pageContext.serverRuntime,
  }
}
