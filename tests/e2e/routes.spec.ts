import { createHash } from 'node:crypto'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { E2E_DATASET, E2E_DATASET_ID, E2E_PORTAL } from './fixtures.ts'

// Every route of the spec with a concrete URL. Ids of sign-in pages need not exist: the guard answers first.
const PUBLIC = [
  '/',
  '/test-auth',
  '/data-formats',
  '/data-quality',
  `/dataset/${E2E_DATASET_ID}`,
  '/ckan-explorer',
  '/location/CZ010',
  '/organizations',
  '/ckan-instances',
  '/regional-analysis',
  '/test-vuetify',
]
const GUEST = ['/auth/login', '/auth/signup']
const SIGN_IN = [
  '/reports',
  '/profile',
  '/projects',
  '/test-runs',
  '/test-runs/41',
  '/test-cases',
  '/test-cases/create',
  '/test-cases/7',
  '/test-cases/7/edit',
  '/test-cases/enhanced-editor',
  '/test-suites',
  '/test-suites/create',
  '/test-suites/3/edit',
  '/projects/new',
  '/projects/12',
  '/projects/12/debug',
  '/projects/12/test-suites/5',
]

test.describe('route statuses', () => {
  for (const path of [...PUBLIC, ...GUEST]) {
    test(`${path} answers 200 to a visitor`, async ({ request }) => {
      const res = await request.get(path, { maxRedirects: 0 })
      expect(res.status()).toBe(200)
      expect(res.headers()['content-type']).toContain('text/html')
    })
  }

  for (const path of SIGN_IN) {
    test(`${path} sends a visitor to sign in`, async ({ request }) => {
      const res = await request.get(path, { maxRedirects: 0 })
      expect(res.status()).toBe(302)
      expect(res.headers()['location']).toBe(`/auth/login?redirect=${encodeURIComponent(path)}`)
    })
  }

  test('pages for the people who build Portalscope are kept from search engines and crawlers; the data pages are not', async ({ request }) => {
    for (const path of ['/test-auth', '/test-vuetify']) {
      const res = await request.get(path)
      expect(res.headers()['x-robots-tag'], path).toBe('noindex, nofollow')
      expect(await res.text(), path).toContain('<meta name="robots" content="noindex, nofollow"')
    }
    const data = await request.get('/data-formats')
    expect(data.headers()['x-robots-tag']).toBeUndefined()
    expect(await data.text()).not.toContain('name="robots"')
    const robots = await request.get('/robots.txt')
    expect(robots.status()).toBe(200)
    expect((await robots.text()).split('\n')).toEqual(['User-agent: *', 'Disallow: /api/', 'Disallow: /test-auth', 'Disallow: /test-vuetify', ''])
  })

  test('the redirect keeps the query string', async ({ request }) => {
    const res = await request.get('/test-cases?project=4&q=a%20b', { maxRedirects: 0 })
    expect(res.headers()['location']).toBe(`/auth/login?redirect=${encodeURIComponent('/test-cases?project=4&q=a%20b')}`)
  })

  test('/dataset/{id} answers 404 for an id that does not exist', async ({ request }) => {
    expect((await request.get(`/dataset/${E2E_PORTAL.id}:no-such-dataset`)).status()).toBe(404)
    expect((await request.get('/dataset/not-an-id')).status()).toBe(404)
  })

  test('/dataset/{portal}:{name} redirects permanently to the canonical id', async ({ request }) => {
    const res = await request.get(`/dataset/${E2E_PORTAL.id}:${E2E_DATASET.name}`, { maxRedirects: 0 })
    expect(res.status()).toBe(301)
    expect(res.headers()['location']).toBe(`/dataset/${encodeURIComponent(E2E_DATASET_ID)}`)
  })

  test('/location/{id} answers 404 for an id that does not exist', async ({ request }) => {
    for (const id of ['CZ099', 'QQ', 'nowhere']) expect((await request.get(`/location/${id}`)).status()).toBe(404)
    expect((await request.get('/location/CZ')).status()).toBe(200)
  })
})

test.describe('pages in a browser', () => {
  // These checks read English texts; Czech is the default.
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'en', url: baseURL! }])
  })

  test('an unknown path shows the not-found view', async ({ page }) => {
    const res = await page.goto('/this/does-not-exist?x=1')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveText('Page not found: /this/does-not-exist')
  })

  test('a dataset page shows the dataset', async ({ page }) => {
    await page.goto(`/dataset/${E2E_DATASET_ID}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(E2E_DATASET.title)
    await expect(page).toHaveTitle(new RegExp(E2E_DATASET.title))
  })

  test('spec titles and descriptions are in the head', async ({ page }) => {
    const expected = [
      ['/data-formats', 'Data Formats', 'Explore data formats available across CKAN instances'],
      ['/data-quality', 'Data Quality', 'Analyze and monitor data quality across CKAN instances'],
      ['/organizations', 'Organizations', 'Explore organizations publishing data across CKAN instances'],
    ] as const
    for (const [path, title, description] of expected) {
      await page.goto(path)
      await expect(page).toHaveTitle(new RegExp(`^${title}`))
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description)
    }
  })

  test('the overview hydrates without errors or CSP violations', async ({ page }) => {
    const problems: string[] = []
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portalscope')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await page.waitForLoadState('networkidle')
    expect(problems).toEqual([])
  })

  test("a page's code is fetched only after the page is drawn, and then hydrates it", async ({ page }) => {
    // A shared page from the cache, a page rendered for the request, a signed-out redirect's target.
    for (const path of ['/data-formats', '/data-formats', '/auth/login', '/ckan-explorer?q=praha']) {
      // The HTML names no script to fetch: the loader adds the entry once the page was drawn.
      const html = await (await page.request.get(path)).text()
      expect(html, path).not.toMatch(/<script[^>]*\bsrc=|<link[^>]*modulepreload/)
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
      const { paint, scripts, entries } = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => entry.startTime),
        entries: document.querySelectorAll('script[type="module"][src]').length,
      }))
      expect(entries, path).toBe(1)
      expect(paint, path).not.toBeNull()
      expect(scripts.length, path).toBeGreaterThan(0)
      expect(Math.min(...scripts), path).toBeGreaterThan(paint!)
    }
  })

  test('client-side navigation to a sign-in page lands on the login form', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/auth\/login$/)
    await page.goto('/profile')
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fprofile$/)
  })
})

test.describe('response headers', () => {
  /** The page's CSP script-src and whether each inline script it holds is allowed by its nonce or by its hash. */
  async function inlineScripts(res: Awaited<ReturnType<APIRequestContext['get']>>) {
    const csp = res.headers()['content-security-policy'] ?? ''
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    const html = await res.text()
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, body]) => ({
      attributes: attributes!,
      body: body!,
      byNonce: !!nonce && attributes!.includes(`nonce="${nonce}"`),
      byHash: scriptSrc.includes(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`),
    }))
    return { csp, scriptSrc, nonce, inline }
  }

  test('pages carry a strict CSP with a nonce and the other security headers', async ({ request }) => {
    // A page rendered for this request (not one of the shared pages the page cache keeps).
    const res = await request.get('/auth/login')
    const headers = res.headers()
    const { csp, scriptSrc, nonce, inline } = await inlineScripts(res)
    expect(scriptSrc).toMatch(/^'self' /)
    expect(nonce).toMatch(/^[A-Za-z0-9_-]+$/)
    // The pre-paint theme script is allowed by its hash, nothing inline otherwise.
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/)
    expect(scriptSrc).not.toContain('unsafe')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    // Every inline script carries this response's nonce, but the theme script and the loader of the page's code, which
    // are the same in every page: the CSP allows them by their hashes.
    expect(inline.length).toBeGreaterThan(1)
    expect(inline.filter((script) => script.body.includes('"client-start"'))).toHaveLength(1)
    // Data (type="application/json", such as the list of the page's code) is never run: the CSP does not apply to it.
    for (const script of inline.filter((candidate) => !/type="application\/json"/.test(candidate.attributes) || candidate.attributes.includes('nonce='))) {
      if (script.body.includes('data-user-theme') || script.body.includes('"client-start"')) {
        expect(script.attributes).toBe('')
        expect(script.byHash).toBe(true)
      } else expect(script.byNonce).toBe(true)
    }
  })

  test('a shared page served from the page cache allows exactly its own inline scripts, by hash', async ({ request }) => {
    // The second request of a guest page is answered from the cache: its CSP lists the hashes of the stored page's
    // inline scripts (a nonce cannot be shared between answers), and still nothing else inline.
    await request.get('/data-formats')
    const res = await request.get('/data-formats')
    expect(res.headers()['cache-control']).toContain('public')
    const { csp, scriptSrc, inline } = await inlineScripts(res)
    expect(scriptSrc).toMatch(/^'self' /)
    expect(scriptSrc).not.toContain('unsafe')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(inline.length).toBeGreaterThan(0)
    // Data (type="application/json") is never run, so the CSP need not allow it; every script that runs it must.
    const running = inline.filter((script) => !/type="application\/json"/.test(script.attributes))
    expect(running.length).toBeGreaterThan(0)
    for (const script of running) expect(script.byNonce || script.byHash, script.body.slice(0, 80)).toBe(true)
    // Only the hashes of scripts the page holds.
    const hashes = scriptSrc.match(/'sha256-[^']+'/g) ?? []
    expect(hashes.length).toBeLessThanOrEqual(inline.length)
  })

  test('static files carry the security headers too', async ({ request }) => {
    const html = await (await request.get('/')).text()
    const asset = /(?:href|src)="(\/assets\/[^"]+)"/.exec(html)?.[1]
    expect(asset).toBeTruthy()
    const res = await request.get(asset!)
    expect(res.status()).toBe(200)
    expect(res.headers()['x-content-type-options']).toBe('nosniff')
    expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  })

  test('crawlers get a bare status for a missing page', async ({ request }) => {
    const res = await request.get('/no/such/page', { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } })
    expect(res.status()).toBe(404)
    expect(await res.text()).toBe('404')
  })

  test('errors never show a stack trace', async ({ request }) => {
    const res = await request.get('/api/trpc/health?input=%7Bbroken')
    expect(await res.text()).not.toMatch(/\bat [\w.<>]+ \(.*:\d+:\d+\)/)
  })
})
