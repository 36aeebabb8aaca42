import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase64 } from '@oslojs/encoding'
import type { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runRawBatch } from '../../db/client.server.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db.ts'
import { createApp } from '../app.server.ts'
import type { AppBindings } from '../app-bindings.server.ts'
import { createSession, SESSION_COOKIE } from '../auth/session.server.ts'
import { createUser } from '../queries/accounts.server.ts'
import { IMMUTABLE_ASSET_CACHE_CONTROL, withAssetCaching } from '../security-headers.server.ts'
import type { StoredPage } from './page-store.server.ts'

// The Hono app with its whole middleware list; a small page renderer stands in for Vike (which needs a build; the e2e
// suite covers the real pages). It renders like Vike does: a per-response nonce in the CSP and on its inline scripts.
let renders = 0
let nonceCounter = 0
function standInPages(app: Hono<AppBindings>): void {
  app.get('*', (c) => {
    renders += 1
    const nonce = `n${++nonceCounter}x${Math.random().toString(36).slice(2)}`
    const who = c.var.user ? `signed in as ${c.var.user.name}` : 'guest'
    if (c.req.path === '/dataset/missing') return c.html('<p>not found</p>', 404)
    if (c.req.path.endsWith('/index.pageContext.json')) return c.json({ who, locale: c.var.locale })
    const headers: Record<string, string> = {
      'Content-Security-Policy': `default-src 'self'; script-src 'self' 'nonce-${nonce}'; object-src 'none'`,
      'Cache-Control': 'no-store',
    }
    if (c.req.query('remember') === '1') headers['Set-Cookie'] = 'seen=1; Path=/'
    const html = `<!DOCTYPE html><html lang="${c.var.locale}"><head><script nonce="${nonce}">window.__render=${renders}</script></head><body><main>${who} ${'data '.repeat(400)}</main><script id="vike_pageContext" type="application/json" nonce="${nonce}">{"locale":"${c.var.locale}"}</script><script type="module" async nonce="${nonce}">import("/assets/entry.js")</script></body></html>`
    return c.html(html, 200, headers)
  })
}

describe('page cache: shared data pages for guests', () => {
  let testDb: TestDatabase
  let app: ReturnType<typeof createApp>
  let stored: Array<(page: StoredPage) => void> = []
  let sessionCookie: string
  const nextStore = () => new Promise<StoredPage>((resolve) => stored.push(resolve))

  beforeAll(async () => {
    testDb = await createTestDatabase()
    process.env.DATABASE_URL = testDb.url
    app = createApp({
      pages: standInPages,
      // Every request reads the data version, so a change shows at once.
      pageCache: { versionTtlMs: 0, onStore: (_key, page) => stored.splice(0).forEach((resolve) => resolve(page)) },
    })
    const user = await createUser(testDb.db, { name: 'Jana Nováková', email: 'jana@example.cz', password: 'x'.repeat(12) })
    const { token } = await createSession(testDb.db, user.id, null)
    sessionCookie = `${SESSION_COOKIE}=${token}`
  })
  afterAll(async () => {
    await testDb.cleanup()
  })
  beforeEach(() => {
    stored = []
  })

  let portalCount = 0
  /** A harvest landing: a portal and its rollup run. */
  async function landHarvest(): Promise<void> {
    portalCount += 1
    const id = `portal-${portalCount}`
    await runRawBatch(testDb.db, [
      { sql: 'INSERT INTO portal (id, name, base_url, api_base, created_at) VALUES (?, ?, ?, ?, ?)', args: [id, id, 'https://example.cz', 'https://example.cz/api/3', Date.now()] },
      { sql: 'INSERT INTO rollup_run (portal_id, created_at, datasets) VALUES (?, ?, ?)', args: [id, Date.now(), 10] },
    ])
  }

  it('renders a page once and serves the second request from the cache, with an ETag and 304', async () => {
    const before = renders
    const first = await app.request('/data-formats')
    expect(first.status).toBe(200)
    expect(first.headers.get('x-page-cache')).toBe('miss')
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^W\/".+"$/)
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(first.headers.get('vary')).toBe('Cookie, Accept-Encoding')
    const second = await app.request('/data-formats')
    expect(second.headers.get('x-page-cache')).toBe('hit')
    expect(second.headers.get('etag')).toBe(etag)
    // The same render, less the first response's own nonce.
    expect(await second.text()).toBe((await first.text()).replace(/ nonce="[^"]+"/g, ''))
    expect(renders - before).toBe(1)

    const revalidated = await app.request('/data-formats', { headers: { 'if-none-match': etag! } })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('etag')).toBe(etag)
    expect(await revalidated.text()).toBe('')
    // The browser keeps the 304's headers with the copy it reuses: the page's own CSP, not the one for API answers.
    expect(revalidated.headers.get('content-security-policy')).toBe(second.headers.get('content-security-policy'))
    expect(revalidated.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-")
    expect(renders - before).toBe(1)
    // Another address is another page.
    expect((await app.request('/data-formats?format=CSV')).headers.get('x-page-cache')).toBe('miss')
  })

  it('renders concurrent first requests for one page once', async () => {
    const before = renders
    const answers = await Promise.all(Array.from({ length: 8 }, () => app.request('/organizations')))
    expect(answers.map((res) => res.status)).toEqual(Array(8).fill(200))
    expect(renders - before).toBe(1)
  })

  it('caches the data Vike fetches for a navigation to a shared page, for guests only', async () => {
    const before = renders
    const first = await app.request('/data-formats/index.pageContext.json')
    const second = await app.request('/data-formats/index.pageContext.json')
    expect(second.headers.get('x-page-cache')).toBe('hit')
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'))
    expect(second.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(await second.json()).toEqual({ who: 'guest', locale: 'cs' })
    expect(first.headers.get('etag')).toBe(second.headers.get('etag'))
    const signedIn = await app.request('/data-formats/index.pageContext.json', { headers: { cookie: sessionCookie } })
    expect(await signedIn.json()).toEqual({ who: 'signed in as Jana Nováková', locale: 'cs' })
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store')
    expect(renders - before).toBe(2)
    expect((await app.request('/projects/index.pageContext.json')).headers.get('x-page-cache')).toBeNull()
  })

  it('keeps a page and the data of a navigation to it apart, each served from its own copy', async () => {
    // The home page writes its map's picture into one or the other (pages/index/+data.ts), never both.
    await app.request('/')
    await app.request('/index.pageContext.json')
    const html = await app.request('/')
    const data = await app.request('/index.pageContext.json')
    expect([html.headers.get('x-page-cache'), data.headers.get('x-page-cache')]).toEqual(['hit', 'hit'])
    expect(html.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await html.text()).toContain('<main>guest ')
    expect(data.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await data.json()).toEqual({ who: 'guest', locale: 'cs' })
  })

  it('answers HEAD from the cache without a body', async () => {
    await app.request('/regional-analysis')
    const before = renders
    const head = await app.request('/regional-analysis', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('x-page-cache')).toBe('hit')
    expect(await head.text()).toBe('')
    expect(renders).toBe(before)
  })

  it('serves the old render while the new data version renders once, then the new one with a new ETag', async () => {
    const old = await app.request('/data-quality')
    const oldEtag = old.headers.get('etag')
    await landHarvest()
    const before = renders
    const rendered = nextStore()
    const stale = await app.request('/data-quality')
    expect(stale.headers.get('x-page-cache')).toBe('stale')
    expect(stale.headers.get('etag')).toBe(oldEtag)
    // Other requests meanwhile get the old copy too and start no second render.
    await app.request('/data-quality')
    const page = await rendered
    expect(page.etag).not.toBe(oldEtag)
    const fresh = await app.request('/data-quality', { headers: { 'if-none-match': oldEtag! } })
    expect(fresh.status).toBe(200)
    expect(fresh.headers.get('x-page-cache')).toBe('hit')
    expect(fresh.headers.get('etag')).toBe(page.etag)
    expect(renders - before).toBe(1)
  })

  it("serves no old render to a navigation's data request, nor to a browser that holds another render, so nobody sees data go back", async () => {
    // The data of a navigation: a page refreshing its data after a harvest ended must get the new data.
    await app.request('/organizations/index.pageContext.json')
    await landHarvest()
    const data = await app.request('/organizations/index.pageContext.json')
    expect(data.headers.get('x-page-cache')).toBe('miss')

    // A browser holding a render from another version (it may be newer than the stored one) waits for the new one;
    // one holding exactly the stored render, or none, may be answered from it while the new one renders.
    const first = await app.request('/organizations')
    const storedEtag = first.headers.get('etag')!
    await landHarvest()
    const holdingOther = await app.request('/organizations', { headers: { 'if-none-match': '"another-render"' } })
    expect(holdingOther.headers.get('x-page-cache')).toBe('miss')
    expect(holdingOther.headers.get('etag')).not.toBe(storedEtag)
    const newer = holdingOther.headers.get('etag')!
    await landHarvest()
    const rendered = nextStore()
    const holdingStored = await app.request('/organizations', { headers: { 'if-none-match': newer } })
    expect(holdingStored.headers.get('x-page-cache')).toBe('stale')
    expect(holdingStored.status).toBe(304)
    await rendered
  })

  it('serves no old render across the start or the end of the demo catalogue load, but does between its steps', async () => {
    const setLoad = (done: number, finished: boolean) =>
      runRawBatch(testDb.db, [
        {
          sql: `INSERT INTO demo_load (id, total, done, started_at, updated_at, finished_at) VALUES (1, 20000, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET done = excluded.done, updated_at = excluded.updated_at, finished_at = excluded.finished_at`,
          args: [done, Date.now(), Date.now(), finished ? Date.now() : null],
        },
      ])
    await app.request('/location/cz-kraj-praha')
    await setLoad(8000, false)
    const loading = await app.request('/location/cz-kraj-praha')
    expect(loading.headers.get('x-page-cache')).toBe('miss')
    await setLoad(9000, false)
    const rendered = nextStore()
    expect((await app.request('/location/cz-kraj-praha')).headers.get('x-page-cache')).toBe('stale')
    await rendered
    await setLoad(20000, true)
    const finished = await app.request('/location/cz-kraj-praha')
    expect(finished.headers.get('x-page-cache')).toBe('miss')
    expect(finished.headers.get('etag')).not.toBe(loading.headers.get('etag'))
  })

  it('never serves a signed-in request from the cache, nor a signed-in page to a guest', async () => {
    const guest = await app.request('/ckan-instances')
    expect(await guest.text()).toContain('guest')
    const before = renders
    const signedIn = await app.request('/ckan-instances', { headers: { cookie: sessionCookie } })
    expect(await signedIn.text()).toContain('signed in as Jana Nováková')
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store')
    expect(signedIn.headers.get('etag')).toBeNull()
    expect(signedIn.headers.get('x-page-cache')).toBeNull()
    expect(renders - before).toBe(1)

    // Signed in first on a page no guest has asked for: the guest still gets a guest's render.
    await app.request('/location/cz-jm', { headers: { cookie: sessionCookie } })
    const guestAfter = await app.request('/location/cz-jm')
    expect(guestAfter.headers.get('x-page-cache')).toBe('miss')
    const text = await guestAfter.text()
    expect(text).toContain('guest')
    expect(text).not.toContain('Jana')
    // An unknown session cookie or an API token is no guest either.
    expect((await app.request('/location/cz-jm', { headers: { cookie: `${SESSION_COOKIE}=nothing` } })).headers.get('x-page-cache')).toBeNull()
    expect((await app.request('/location/cz-jm', { headers: { authorization: 'Bearer nothing' } })).headers.get('x-page-cache')).toBeNull()
  })

  it('keys pages by language, and renders ?lang= (which sets a cookie) for that request alone', async () => {
    const czech = await app.request('/ckan-explorer')
    const english = await app.request('/ckan-explorer', { headers: { cookie: 'lang=en' } })
    expect(await czech.text()).toContain('<html lang="cs">')
    expect(await english.text()).toContain('<html lang="en">')
    expect(english.headers.get('etag')).not.toBe(czech.headers.get('etag'))
    const switching = await app.request('/ckan-explorer?lang=de')
    expect(switching.headers.getSetCookie().join()).toContain('lang=de')
    expect(switching.headers.get('x-page-cache')).toBeNull()
    expect((await app.request('/ckan-explorer', { headers: { cookie: 'lang=en' } })).headers.get('x-page-cache')).toBe('hit')
  })

  it('keeps no answer that sets a cookie, no error and no page outside the shared ones', async () => {
    const before = renders
    for (let i = 0; i < 2; i++) {
      const res = await app.request('/organizations/x?remember=1')
      expect(res.headers.getSetCookie()).toEqual(['seen=1; Path=/'])
      expect(res.headers.get('etag')).toBeNull()
      expect((await app.request('/dataset/missing')).status).toBe(404)
      expect((await app.request('/test-vuetify')).headers.get('x-page-cache')).toBeNull()
    }
    expect(renders - before).toBe(6)
  })

  it('compresses a cached page by Accept-Encoding: br, gzip or none', async () => {
    await app.request('/dataset/abc')
    const plain = await app.request('/dataset/abc')
    const html = await plain.text()
    const br = await app.request('/dataset/abc', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(html)
    const gzip = await app.request('/dataset/abc', { headers: { 'accept-encoding': 'gzip, br;q=0' } })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(html)
    const identity = await app.request('/dataset/abc', { headers: { 'accept-encoding': 'identity' } })
    expect(identity.headers.get('content-encoding')).toBeNull()
    for (const res of [br, gzip, identity]) expect(res.headers.get('vary')).toContain('Accept-Encoding')
    expect(Number(br.headers.get('content-length'))).toBeLessThan(Number(identity.headers.get('content-length')))
  })

  it('compresses pages rendered for one person and JSON answers too', async () => {
    const signedIn = await app.request('/ckan-instances', { headers: { cookie: sessionCookie, 'accept-encoding': 'br' } })
    expect(signedIn.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await signedIn.arrayBuffer())).toString()).toContain('signed in as')
    const json = await app.request('/api/trpc/health', { headers: { 'accept-encoding': 'gzip' } })
    expect(json.headers.get('content-encoding')).toBe('gzip')
    expect(json.headers.get('vary')).toContain('Accept-Encoding')
    expect(JSON.parse(gunzipSync(Buffer.from(await json.arrayBuffer())).toString())).toMatchObject({ result: { data: { json: { status: 'ok' } } } })
  })

  it('gives a cached page a CSP that allows exactly its inline scripts by hash, and no nonce anyone could reuse', async () => {
    // The request that rendered gets its own render, nonce and all.
    const rendered = await app.request('/organizations/y')
    const nonce = /'nonce-([^']+)'/.exec(rendered.headers.get('content-security-policy')!)?.[1]
    expect(nonce).toBeDefined()
    expect((await rendered.text()).match(/ nonce="([^"]+)"/g)).toEqual(Array(3).fill(` nonce="${nonce}"`))
    const res = await app.request('/organizations/y')
    expect(res.headers.get('x-page-cache')).toBe('hit')
    const html = await res.text()
    const csp = res.headers.get('content-security-policy')!
    expect(csp).not.toContain('nonce-')
    expect(html).not.toContain('nonce=')
    const scripts = [...html.matchAll(/<script(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!)
    expect(scripts).toHaveLength(2)
    for (const script of scripts) expect(csp).toContain(`'sha256-${encodeBase64(sha256(new TextEncoder().encode(script)))}'`)
    expect(csp).toContain("object-src 'none'")
    // The security headers every response carries are still there.
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('marks built, hashed files immutable and nothing else', () => {
    const ok = () => new Response('x', { status: 200 })
    expect(withAssetCaching(new Request('http://localhost/assets/chunks/a-B2x9.js'), ok()).headers.get('cache-control')).toBe(IMMUTABLE_ASSET_CACHE_CONTROL)
    expect(withAssetCaching(new Request('http://localhost/favicon.svg'), ok()).headers.get('cache-control')).toBeNull()
    expect(withAssetCaching(new Request('http://localhost/assets/gone.js'), new Response('', { status: 404 })).headers.get('cache-control')).toBeNull()
  })
})
