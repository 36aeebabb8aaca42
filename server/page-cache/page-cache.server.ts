import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase64, encodeBase64urlNoPadding } from '@oslojs/encoding'
import type { Context, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { isLocale, LANG_COOKIE } from '../../lib/i18n/locales.ts'
import { isSharedPagePath } from '../../lib/routing/route-paths.ts'
import type { Database } from '../../db/client.server.ts'
import type { AppBindings } from '../app-bindings.server.ts'
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../auth/session.server.ts'
import { appendVary, compressStored, negotiateEncoding, replaceResponse } from './compression.server.ts'
import { servableStale } from './data-version.server.ts'
import type { PageStore, StoredPage } from './page-store.server.ts'

/** Guests' copies: anyone may keep them, and must ask (If-None-Match) before using one again. */
export const SHARED_PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate'
/** A signed-in person's page: never kept by anyone in between. */
export const PERSONAL_PAGE_CACHE_CONTROL = 'private, no-store'
/** Says how a shared page was answered (hit, stale, miss): for the benchmarks and anyone debugging. */
export const PAGE_CACHE_HEADER = 'X-Page-Cache'

export type PageCacheOptions = {
  /** Where renders are kept for this request (memory on Node, the Cache API under Workers). */
  store: (c: Context<AppBindings>) => PageStore
  dataVersion: (db: Database) => Promise<string>
  /** The app's build: a new build renders every page anew. */
  buildId: string
  /** Store br and gzip encodings with each render (Node); Workers' platform compresses on its own. */
  compress: boolean
  /** Renders a request through the whole app, for refreshing a stale page in the background. */
  render: (request: Request, c: Context<AppBindings>) => Promise<Response>
  /** Counts renders stored (tests, benchmarks). */
  onStore?: (key: string, page: StoredPage) => void
}

/** A request that comes with a session cookie or credentials is someone's own: it never meets a shared copy. */
function isPersonal(c: Context<AppBindings>): boolean {
  return (
    c.var.auth.via !== 'none' ||
    c.req.header('authorization') !== undefined ||
    getCookie(c, SESSION_COOKIE) !== undefined ||
    getCookie(c, SECURE_SESSION_COOKIE) !== undefined
  )
}

function etagOf(buildId: string, locale: string, version: string): string {
  return `W/"${encodeBase64urlNoPadding(sha256(new TextEncoder().encode(`${buildId}\n${locale}\n${version}`))).slice(0, 27)}"`
}

/** If-None-Match against a weak ETag: weak comparison (RFC 9110 13.1.2), any listed tag or `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag))
}

/** https://vike.dev/pageContext.json — what client-side navigation fetches instead of the HTML. */
const PAGE_CONTEXT_SUFFIX = /\/index\.pageContext\.json$/

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi

/**
 * A render's per-response nonce cannot go to everyone: the nonce is dropped from the HTML and the CSP names the exact
 * inline scripts of this render by their SHA-256 instead. Null when the HTML still holds the nonce somewhere else.
 */
export function hashedScriptCsp(html: string, csp: string): { html: string; csp: string } | null {
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
  const stripped = nonce ? html.replaceAll(` nonce="${nonce}"`, '') : html
  if (nonce && stripped.includes(nonce)) return null
  const hashes = new Set<string>()
  for (const [, attributes = '', body = ''] of stripped.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*["']?application\/json/i.test(attributes) || body === '') continue
    hashes.add(`'sha256-${encodeBase64(sha256(new TextEncoder().encode(body)))}'`)
  }
  const sources = [...hashes].filter((hash) => !csp.includes(hash)).join(' ')
  const withHashes = nonce
    ? csp.replace(` 'nonce-${nonce}'`, sources ? ` ${sources}` : '')
    : csp.replace(/script-src ([^;]*)/, (directive) => (sources ? `${directive} ${sources}` : directive))
  return { html: stripped, csp: withHashes }
}

/**
 * Public data pages for guests, rendered once per (address, language, data version) and served from `store`
 * (docs/decisions/018-page-cache.md): an ETag from the build, language and data version with 304 for revalidation;
 * a stale page is served while one request renders the new version in the background; concurrent misses of one page
 * wait for one render. Signed-in requests, `?lang=` (which sets a cookie), errors, redirects and answers that set
 * a cookie never enter the store.
 */
export function pageCache(options: PageCacheOptions): MiddlewareHandler<AppBindings> {
  // Renders under way, by key: a second request for the same page waits for the first one's render.
  const rendering = new Map<string, Promise<StoredPage | null>>()
  // Background refreshes started (the key), and the requests they make (so that these render instead of being served).
  const refreshing = new Set<string>()
  const refreshRequests = new WeakSet<Request>()

  async function storeRender(c: Context<AppBindings>, res: Response, version: string, etag: string): Promise<StoredPage | null> {
    const contentType = res.headers.get('Content-Type') ?? ''
    const cacheable =
      res.status === 200 && (contentType.startsWith('text/html') || contentType.startsWith('application/json')) && !res.headers.has('Set-Cookie') && !res.headers.has('Content-Encoding') && res.body !== null
    if (!cacheable) return null
    const bytes = new Uint8Array(await res.arrayBuffer())
    // The request that rendered gets the render itself, with its own nonce (valid for this one response).
    const rendered = new Response(bytes, res)
    replaceResponse(c, rendered)
    const secured = hashedScriptCsp(new TextDecoder().decode(bytes), res.headers.get('Content-Security-Policy') ?? '')
    // Otherwise served once as rendered, but not kept.
    if (!secured) return null
    const body = new TextEncoder().encode(secured.html)
    const page: StoredPage = { version, etag, contentType, csp: secured.csp, body, encoded: options.compress ? await compressStored(body) : {} }
    const key = keyOf(c)
    await options.store(c).put(key, page)
    options.onStore?.(key, page)
    // Its copy may be revalidated like any other: a 304 then brings the stored CSP, whose hashes match the same scripts.
    sharedHeaders(page, 'miss').forEach((value, name) => rendered.headers.set(name, value))
    return page
  }

  function keyOf(c: Context<AppBindings>): string {
    // The build is in the key: a render from another build names assets that may be gone.
    const url = new URL(c.req.url)
    return `${options.buildId} ${c.var.locale} ${url.pathname}${url.search}`
  }

  function sharedHeaders(page: StoredPage, state: 'hit' | 'stale' | 'miss'): Headers {
    const headers = new Headers({ ETag: page.etag, 'Cache-Control': SHARED_PAGE_CACHE_CONTROL, Vary: 'Cookie', [PAGE_CACHE_HEADER]: state })
    appendVary(headers, 'Accept-Encoding')
    return headers
  }

  function serve(c: Context<AppBindings>, page: StoredPage, state: 'hit' | 'stale' | 'miss'): Response {
    const headers = sharedHeaders(page, state)
    // A 304's headers replace the browser's stored ones: it carries the page's CSP, or the copy it revives could not run.
    // Navigation data has no page CSP of its own: the security headers then give it the one for non-pages.
    if (page.csp) headers.set('Content-Security-Policy', page.csp)
    if (matchesEtag(c.req.header('if-none-match'), page.etag)) return new Response(null, { status: 304, headers })
    headers.set('Content-Type', page.contentType)
    const encoding = options.compress ? negotiateEncoding(c.req.header('accept-encoding')) : null
    const encoded = encoding ? page.encoded[encoding] : undefined
    if (encoding && encoded) headers.set('Content-Encoding', encoding)
    const body = encoded ?? page.body
    headers.set('Content-Length', String(body.byteLength))
    return new Response(body, { status: 200, headers })
  }

  /** Renders the current request (the rest of the middleware list) and keeps the result; concurrent ones wait. */
  async function renderAndStore(c: Context<AppBindings>, next: () => Promise<void>, key: string, version: string, etag: string): Promise<Response | void> {
    const waiting = rendering.get(key)
    if (waiting) {
      const page = await waiting
      if (page) return serve(c, page, 'miss')
      return next()
    }
    let done: (page: StoredPage | null) => void = () => {}
    rendering.set(key, new Promise((resolve) => (done = resolve)))
    let page: StoredPage | null = null
    try {
      await next()
      page = await storeRender(c, c.res, version, etag)
    } finally {
      rendering.delete(key)
      done(page)
    }
  }

  /**
   * An older render is served only to someone who cannot have seen a newer one: a first visit, or a browser asking
   * whether exactly that render is still good. Not the data of a navigation (the page on screen may already show newer
   * data: a page that refreshes its data after a harvest ended would go back to before the harvest), and not a browser
   * that holds another render of the page. Those wait for the new render.
   */
  function mayServeOlder(c: Context<AppBindings>, stored: StoredPage): boolean {
    if (PAGE_CONTEXT_SUFFIX.test(c.req.path)) return false
    const held = c.req.header('if-none-match')
    return held === undefined || matchesEtag(held, stored.etag)
  }

  function refreshInBackground(c: Context<AppBindings>, key: string): void {
    if (refreshing.has(key) || rendering.has(key)) return
    refreshing.add(key)
    // The same address as a guest of the same language, with no conditions: the render the store needs.
    const request = new Request(c.req.url, { headers: { cookie: `${LANG_COOKIE}=${c.var.locale}` } })
    refreshRequests.add(request)
    const work = options
      .render(request, c)
      .then((res) => res.body?.cancel())
      .catch((error: unknown) => console.error(`Refreshing ${key} failed:`, error))
      .finally(() => refreshing.delete(key))
    try {
      // Workers end an invocation's work with its answer unless told to wait; Node has no execution context.
      c.executionCtx.waitUntil(work)
    } catch {
      // Node: the promise runs on its own.
    }
  }

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    // A page's address, or the data Vike fetches for it when the browser navigates to it.
    if (!isSharedPagePath(c.req.path.replace(PAGE_CONTEXT_SUFFIX, '') || '/')) return next()
    if (isPersonal(c)) {
      await next()
      if (/^(text\/html|application\/json)/.test(c.res.headers.get('Content-Type') ?? '')) c.res.headers.set('Cache-Control', PERSONAL_PAGE_CACHE_CONTROL)
      return
    }
    // `?lang=xx` answers with a cookie: rendered for this request alone.
    if (isLocale(c.req.query('lang'))) return next()
    const key = keyOf(c)
    const version = await options.dataVersion(c.var.db)
    const etag = etagOf(options.buildId, c.var.locale, version)
    if (refreshRequests.has(c.req.raw)) return renderAndStore(c, next, key, version, etag)
    const stored = await options.store(c).get(key)
    if (stored && stored.etag === etag) return serve(c, stored, 'hit')
    if (stored && servableStale(stored.version, version) && mayServeOlder(c, stored)) {
      refreshInBackground(c, key)
      return serve(c, stored, 'stale')
    }
    return renderAndStore(c, next, key, version, etag)
  }
}
