import type { Context } from 'hono'
import type { PageContextServer } from 'vike/types'
import type { AppBindings } from '../app-bindings.server.ts'
import { createContext, requestContextOptions } from './context.server.ts'
import { createCaller } from './router.server.ts'

/**
 * The tRPC router called in-process for a page's first paint (`+data.ts`), with the request's session, database
 * and language: the same procedures the browser calls later, never our own API over HTTP.
 */
export async function pageCaller(pageContext: PageContextServer) {
  const hono = (pageContext as unknown as { hono?: Context<AppBindings> }).hono
  if (!hono) throw new Error('pageCaller() needs the Hono context (pages are served by server/app.server.ts)')
  // Pages do not set cookies from +data; headers written there are dropped.
  return createCaller(await createContext(requestContextOptions(hono)))
}
