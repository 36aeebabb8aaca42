import type { PageContextServer } from 'vike/types'
import type { AppBindings } from '../server/app.ts'
import type { Context } from 'hono'

// https://vike.dev/onCreatePageContext — the Hono middleware has already resolved the session and the database.
export function onCreatePageContext(pageContext: PageContextServer): void {
  const hono = (pageContext as unknown as { hono?: Context<AppBindings> }).hono
  pageContext.user = hono?.get('user') ?? null
  pageContext.db = hono?.get('db')
  pageContext.serverRuntime = hono?.get('runtime') ?? 'node'
}
