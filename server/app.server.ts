import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import vike from '@vikejs/hono'
import { Hono, type Context, type ExecutionContext } from 'hono'
import { busyErrorIn } from '../db/busy.server.ts'
import { errorIdOf } from './error-id.server.ts'
import { createDb } from '../db/client.server.ts'
import { getCookie } from 'hono/cookie'
import { loadMessages } from '../lib/i18n/catalog.ts'
import { intlFor, translator } from '../lib/i18n/intl.ts'
import { assertRouteTable } from '../lib/routing/route-table.ts'
import { isBot } from './bots.server.ts'
import { resolveLocale } from './locale.server.ts'
import { serverEnv } from './env.server.ts'
import { withSecurityHeaders } from './security-headers.server.ts'
import { bodyLimitFor, closeAfterUnreadBody, requestBodyLimits } from './request-body.server.ts'
import { robotsTxt } from './robots.server.ts'
import { crossSiteRefusal, csrfViolation, isSecureOrigin } from './auth/request-info.server.ts'
import { clearSessionCookie, invalidateSession, SECURE_SESSION_COOKIE, SESSION_COOKIE } from './auth/session.server.ts'
import type { AppBindings } from './app-bindings.server.ts'
import { seedFeaturedPortals } from './ckan/portal-registry.server.ts'
import { lookupSession } from './session.server.ts'
import { projectExportResponse } from './project-export.server.ts'
import { reportExportResponse } from './report-export.server.ts'
import { runExportResponse } from './run-export.server.ts'
import { JUNIT_IMPORT_PATH, junitImportResponse } from './junit-import.server.ts'
import { ATTACHMENT_UPLOAD_PATH, attachmentDownloadResponse, attachmentUploadResponse } from './attachments/routes.server.ts'
import { attachmentStoreFor } from './attachments/store.server.ts'
import { createContext, requestContextOptions } from './trpc/context.server.ts'
import { appRouter } from './trpc/router.server.ts'
import { formPosts } from './forms/form-posts.server.ts'
import { mapGeoResponse, mapPictureResponse, mapTileResponse } from './map/routes.server.ts'
import { compressResponses } from './page-cache/compression.server.ts'
import { startClientAfterFirstPaint } from './client-start.server.ts'
import { memoizedDataVersion } from './page-cache/data-version.server.ts'
import { pageCache } from './page-cache/page-cache.server.ts'
import { edgeCache, EdgePageStore, MemoryPageStore, type PageStore, type StoredPage } from './page-cache/page-store.server.ts'

let seeded: Promise<number> | undefined

/** The procedures a tRPC request names, decoded as tRPC decodes them, and whether it is a batch; null when undecodable. */
function batchedProcedures(request: Request): { names: string[]; batched: boolean } | null {
  const url = new URL(request.url)
  let path: string
  try {
    path = decodeURIComponent(url.pathname.slice('/api/trpc/'.length))
  } catch {
    return null
  }
  const names = path.split(',')
  const batch = url.searchParams.get('batch')
  return { names, batched: names.length > 1 || (batch !== null && batch !== '0' && batch !== 'false') }
}

export function isWorkerd(): boolean {
  return typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers'
}

export type AppOptions = {
  /** Serves the pages; Vike unless a test stands in for it. */
  pages?: (app: Hono<AppBindings>) => void
  /** The shared pages' cache: how long a data version read is trusted, and a hook on each render stored. */
  pageCache?: { versionTtlMs?: number; onStore?: (key: string, page: StoredPage) => void }
}

/** A data version read serves the requests of the next second (server/page-cache/data-version.server.ts). */
const DATA_VERSION_TTL_MS = 1000

/** The one server: the same middleware list runs on Node and on workerd. */
export function createApp(options: AppOptions = {}) {
  // An unknown access class or layout in the route table stops the server here, at start.
  assertRouteTable()
  const app = new Hono<AppBindings>()
  const env = serverEnv()

  // 0. Node compresses HTML and JSON by Accept-Encoding; on Workers the platform does, so never twice.
  if (!isWorkerd()) app.use(compressResponses)

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

  // 2a. Node: an answer given before the request's body was read closes the connection, so the body's bytes are never
  // read as the next request.
  if (!isWorkerd()) app.use(closeAfterUnreadBody)

  // 2b. Request bodies are refused with 413 before anything reads them when larger than their kind needs: a form or an
  // API call is small; only imports (CSV, JUnit: procedures named *.import*) carry files. A JUnit report may be 256 MB
  // and an attachment 25 MB (PORTALSCOPE_ATTACHMENT_MAX_MB): their routes count the bytes while they stream them.
  app.use(
    requestBodyLimits({
      limitFor: bodyLimitFor,
      skip: (c) => c.req.method === 'POST' && [JUNIT_IMPORT_PATH, ATTACHMENT_UPLOAD_PATH].some((path) => path.test(new URL(c.req.url).pathname)),
    }),
  )

  // 2c. What crawlers may fetch: made from the route table, before the database and the session.
  app.get('/robots.txt', (c) => c.text(robotsTxt(), 200, { 'Cache-Control': 'public, max-age=3600' }))

  // 3. Database: the D1 binding under Workers, else libSQL at DATABASE_URL. Attachments' store likewise: the R2 binding
  // under Workers, else a folder on Node (none under Workers without a binding: uploads then say so).
  app.use(async (c, next) => {
    const d1 = c.env?.DB
    c.set('runtime', isWorkerd() ? 'workerd' : 'node')
    const db = await createDb(d1 ? { d1 } : { url: serverEnv().DATABASE_URL })
    // A fresh installation starts with the featured real portals registered (once per process; cheap after that).
    seeded ??= seedFeaturedPortals(db).catch((error: unknown) => {
      seeded = undefined
      console.error('Registering the featured portals failed:', error)
      return 0
    })
    await seeded
    c.set('db', db)
    const bucket = c.env?.ATTACHMENTS
    c.set('attachments', bucket || !isWorkerd() ? await attachmentStoreFor(bucket) : null)
    await next()
  })

  // 3a. The map's tiles and outlines: public and cached, so before the session (no lookup, no cookie on the answer).
  // A tile of a build (immutable: the build is in the address); 204 empty, 404 once the build is gone.
  app.get('/api/map/tiles/:buildId/:z/:x/:y', mapTileResponse)
  // The kraje or the countries as GeoJSON ({id, nameEn, nameCs}), with an ETag from their content.
  app.get('/api/map/geo/:file', mapGeoResponse)
  // The opening view's basemap as a picture per theme, under the home page's first frame.
  app.get('/api/map/picture/:file', mapPictureResponse)

  // 4. Session lookup, once per request; it becomes `ctx.user` in tRPC and `pageContext.user` in pages.
  app.use(async (c, next) => {
    const { auth, setCookie } = await lookupSession(c.var.db, c)
    c.set('auth', auth)
    c.set('user', auth.user)
    await next()
    // The request set the session cookie itself (signed in or out): the old session's refresh or removal must not follow.
    const sessionSet = c.res.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`) || cookie.startsWith(`${SECURE_SESSION_COOKIE}=`))
    if (setCookie && !sessionSet) c.res.headers.append('Set-Cookie', setCookie)
  })

  // 5. CSRF: a state-changing request with the session cookie must come from the app's own origin.
  app.use(async (c, next) => {
    const hasSessionCookie = !!(getCookie(c, SESSION_COOKIE) ?? getCookie(c, SECURE_SESSION_COOKIE))
    if (csrfViolation(c.req.raw, hasSessionCookie)) return crossSiteRefusal()
    await next()
  })

  // 6. The interface language: profile, then the `lang` cookie (set by `?lang=xx`), then Czech.
  app.use(async (c, next) => {
    const { locale, setCookie } = resolveLocale({
      profileLocale: c.var.user?.locale,
      cookie: getCookie(c, 'lang'),
      query: c.req.query('lang'),
    })
    c.set('locale', locale)
    await next()
    if (setCookie) c.res.headers.append('Set-Cookie', setCookie)
  })

  // 7. The tRPC API, for the app's own client and for automation scripts.
  app.all('/api/trpc/*', async (c) => {
    // Account procedures answer with their own status (429, 401...) and each costs a password hash: never in a batch,
    // however the path is spelled (`%2C` is a comma to tRPC too) and whatever the batch holds.
    const procedures = batchedProcedures(c.req.raw)
    if (procedures === null) return c.json({ error: { message: 'The procedure path is not valid', code: 'BAD_REQUEST' } }, 400)
    if (procedures.batched && procedures.names.some((name) => name.startsWith('auth.'))) {
      return c.json({ error: { message: 'Account procedures (auth.*) cannot be batched', code: 'BAD_REQUEST' } }, 400)
    }
    return fetchRequestHandler({
      endpoint: '/api/trpc',
      req: c.req.raw,
      router: appRouter,
      createContext: ({ resHeaders }) => createContext({ ...requestContextOptions(c), resHeaders }),
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`tRPC ${path ?? '?'} failed [${errorIdOf(error)}]:`, error.cause ?? error)
      },
    })
  })

  // 8. Sign-out from the header's form (works without JavaScript): ends the session, back to the overview.
  app.post('/auth/logout', async (c) => {
    if (c.var.auth.via === 'cookie') await invalidateSession(c.var.db, c.var.auth.session.id)
    c.header('Set-Cookie', clearSessionCookie(isSecureOrigin(c.req.raw)), { append: true })
    return c.redirect('/', 303)
  })

  // 8a. A project's JSON export as a file (owners; the same check as projects.export).
  app.get('/api/projects/:projectId/export', projectExportResponse)
  // A run as JUnit XML, CSV or JSON (viewers and up; the same checks as testRuns.byId).
  app.get('/api/test-runs/:runId/export', runExportResponse)
  // A project's report as CSV or JSON (viewers and up; the same checks as reports.summary).
  app.get('/api/reports/export', reportExportResponse)
  // A JUnit XML report recorded into a run, from scripts (the XML as the body) and the run's page (testers and up;
  // the same checks as testRuns.importJunit).
  app.post('/api/test-runs/:runId/import-junit', junitImportResponse)
  // Files on cases, steps, results and runs: the bytes as the body, streamed to the store (the same checks as
  // attachments.upload); and each file back, to whoever may see its item (docs/decisions/025-attachments.md).
  app.post('/api/attachments', attachmentUploadResponse)
  app.get('/api/attachments/:id', attachmentDownloadResponse)

  // 8b. Anything else under /api/ is not a page.
  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404))

  // 8c. Simple forms posted without JavaScript run their procedure here: a redirect, or the page again with messages.
  app.use(formPosts)

  // 8d. Shared data pages for guests from the page cache, one render per data version (docs/decisions/018-page-cache.md).
  if (env.PORTALSCOPE_PAGE_CACHE === 'on') {
    const memory = new MemoryPageStore(env.PORTALSCOPE_PAGE_CACHE_MB * 1024 * 1024)
    const workerd = isWorkerd()
    app.use(
      pageCache({
        store: (c): PageStore => {
          const cache = workerd ? edgeCache() : undefined
          return cache ? new EdgePageStore(cache, new URL(c.req.url).origin) : memory
        },
        dataVersion: memoizedDataVersion(options.pageCache?.versionTtlMs ?? DATA_VERSION_TTL_MS),
        buildId: __BUILD_ID__,
        compress: !workerd,
        render: (request, c) => Promise.resolve(app.fetch(request, c.env, executionContextOf(c))),
        onStore: options.pageCache?.onStore,
      }),
    )
  }

  // 8e. Every page's code starts after its first paint (docs/decisions/023-client-start.md): rewritten here, before the
  // page cache keeps the HTML.
  app.use(startClientAfterFirstPaint)

  // 9. Failures outside Vike (which renders its own error page) answer without a stack trace.
  app.onError(async (error, c) => {
    const busy = busyErrorIn(error)
    if (busy) {
      // Nothing was written; the same request will likely succeed in a moment.
      const locale = c.var.locale ?? 'cs'
      const t = translator(intlFor(locale, await loadMessages(locale)))
      return c.text(t('errors.busy'), 503, { 'Retry-After': String(busy.retryAfterS) })
    }
    const errorId = errorIdOf(error)
    console.error(`${c.req.method} ${c.req.path} failed [${errorId}]:`, error)
    const locale = c.var.locale ?? 'cs'
    return c.text(translator(intlFor(locale, await loadMessages(locale)))('errors.internal', { id: errorId }), 500)
  })

  // 10. Pages (Vike SSR, streamed).
  ;(options.pages ?? vike)(app)
  return app
}

/** Workers' execution context, which a background render needs to outlive its request; Node has none. */
function executionContextOf(c: Context<AppBindings>): ExecutionContext | undefined {
  try {
    return c.executionCtx
  } catch {
    return undefined
  }
}

