import type { D1Database } from '@cloudflare/workers-types'
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import vike from '@vikejs/hono'
import { Hono } from 'hono'
import { createDb, type Database } from '../db/client.ts'
import { isBot } from './bots.ts'
import { serverEnv } from './env.ts'
import { withSecurityHeaders } from './security-headers.ts'
import { lookupSession } from './session.ts'
import { appRouter } from './trpc/router.ts'
import type { SessionUser } from './user.ts'

export type AppBindings = {
  Bindings: { DB?: D1Database }
  Variables: { db: Database; user: SessionUser | null; runtime: 'node' | 'workerd' }
}

function isWorkerd(): boolean {
  return typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers'
}

/** The one server: the same middleware list runs on Node and on workerd. */
export function createApp() {
  const app = new Hono<AppBindings>()

  // 1. Security headers on every response; pages set their own CSP with Vike's nonce (pages/+headersResponse.ts).
  app.use(async (c, next) => {
    await next()
    c.res = withSecurityHeaders(c.res)
  })

  // 2. Crawlers and link previews get the status of an error with a minimal body, never an error page.
  app.use(async (c, next) => {
    await next()
    if (c.res.status >= 400 && isBot(c.req.header('user-agent'))) {
      const headers = new Headers(c.res.headers)
      headers.set('Content-Type', 'text/plain; charset=utf-8')
      headers.delete('Content-Length')
      c.res = new Response(`${c.res.status}`, { status: c.res.status, headers })
    }
  })

  // 3. Database: the D1 binding under Workers, else libSQL at DATABASE_URL.
  app.use(async (c, next) => {
    const d1 = c.env?.DB
    c.set('runtime', isWorkerd() ? 'workerd' : 'node')
    c.set('db', await createDb(d1 ? { d1 } : { url: serverEnv().DATABASE_URL }))
    await next()
  })

  // 4. Session lookup, once per request; it becomes `ctx.user` in tRPC and `pageContext.user` in pages.
  app.use(async (c, next) => {
    c.set('user', await lookupSession(c.var.db, c.req.raw))
    await next()
  })

  // 5. The tRPC API, for the app's own client and for automation scripts.
  app.all('/api/trpc/*', (c) =>
    fetchRequestHandler({
      endpoint: '/api/trpc',
      req: c.req.raw,
      router: appRouter,
      createContext: () => ({ db: c.var.db, user: c.var.user, runtime: c.var.runtime }),
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`tRPC ${path ?? '?'} failed:`, error.cause ?? error)
      },
    }),
  )

  // 6. Anything else under /api/ is not a page.
  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404))

  // 7. Failures outside Vike (which renders its own error page) answer without a stack trace.
  app.onError((error, c) => {
    console.error(`${c.req.method} ${c.req.path} failed:`, error)
    return c.text('Internal Server Error', 500)
  })

  // 8. Pages (Vike SSR, streamed).
  vike(app)
  return app
}
