import type { Context } from 'hono'
import type { PageContextServer } from 'vike/types'
import { loadMessages } from '../../lib/i18n/catalog.ts'
import { intlFor, translator } from '../../lib/i18n/intl.ts'
import type { AppBindings } from '../app.server.ts'
import { backgroundFor } from '../background.server.ts'
import { clientAddress, isSecureOrigin } from '../auth/request-info.server.ts'
import { createCaller } from './router.server.ts'

/**
 * The tRPC router called in-process for a page's first paint (`+data.ts`), with the request's session, database
 * and language: the same procedures the browser calls later, never our own API over HTTP.
 */
export async function pageCaller(pageContext: PageContextServer) {
  const hono = (pageContext as unknown as { hono?: Context<AppBindings> }).hono
  if (!hono) throw new Error('pageCaller() needs the Hono context (pages are served by server/app.server.ts)')
  const locale = hono.var.locale
  return createCaller({
    db: hono.var.db,
    user: hono.var.user,
    auth: hono.var.auth,
    runtime: hono.var.runtime,
    locale,
    t: translator(intlFor(locale, await loadMessages(locale))),
    // Pages do not set cookies from +data; headers written here are dropped.
    resHeaders: new Headers(),
    clientAddress: clientAddress(hono.req.raw, hono.var.runtime),
    userAgent: hono.req.header('user-agent') ?? null,
    secure: isSecureOrigin(hono.req.raw),
    background: backgroundFor(hono),
  })
}
