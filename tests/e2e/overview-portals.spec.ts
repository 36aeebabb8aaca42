import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { startCkanFixture, type CkanFixture } from '../ckan-fixture/server.ts'
import { E2E_PORTAL } from './fixtures.ts'
import { E2E_PASSWORD, E2E_USERS, signIn } from './users.ts'

// The overview (/) and the portal registry (/ckan-instances). Assumes the demo catalogue is loaded (three portals,
// 20,000 datasets), tests/e2e/seed.ts's portal, and at least one registered portal whose health is "down" with a
// reason. The last journey adds a portal served by the local CKAN fixture and harvests it, which needs the server
// started with PORTALSCOPE_ALLOW_PRIVATE_HOSTS=1; it runs last because it changes the totals.

const PASSWORD = 'zlatá rybka v potoce 7'
const DEMO_PORTALS = ['demo-narodni-katalog', 'demo-kraje', 'demo-mesta']

type HealthStatus = 'up' | 'slow' | 'down' | 'unknown' | 'demo'
type Portal = { id: string; name: string; isDemo: boolean; health: { status: HealthStatus; error: string | null } }

async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

/** A tRPC query over HTTP, as a script would call it (superjson: the value is under `json`). */
async function query<T>(request: APIRequestContext, procedure: string, input?: unknown): Promise<T> {
  const encoded = input === undefined ? '' : `&input=${encodeURIComponent(JSON.stringify({ json: input }))}`
  const response = await request.get(`/api/trpc/${procedure}?lang=en${encoded}`)
  expect(response.ok(), `${procedure} answered ${response.status()}`).toBe(true)
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json
}

async function figure(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).textContent()) ?? ''
  return Number(text.replace(/\D/g, ''))
}

async function signUp(page: Page) {
  await page.goto('/auth/signup?lang=en')
  await hydrated(page)
  await page.getByLabel('Name').fill('Petra Portálová')
  await page.getByLabel('E-mail').fill(`portals-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.cz`)
  await page.locator('input[name=password]').fill(PASSWORD)
  await page.locator('input[name=passwordConfirm]').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/projects$/)
}

/** A visitor without an account, the language in a cookie as the language menu leaves it: the page cache's guest (decision 018). */
async function guestPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext()
  await context.addCookies([{ name: 'lang', value: 'en', url: baseURL ?? 'http://127.0.0.1' }])
  return context.newPage()
}

/**
 * Whether a page that runs on Playwright's clock (`page.clock.install()`) asks for anything more
 * matching `pattern` once a minute of its timers has run: the minute is run at once, then a request of the page's own
 * is a barrier (requests are seen in the order the page makes them).
 */
async function asksAgainWithinAMinute(page: Page, pattern: string): Promise<boolean> {
  let asked = false
  const onRequest = (request: { url: () => string }) => {
    if (request.url().includes(pattern)) asked = true
  }
  page.on('request', onRequest)
  await page.clock.runFor(60_000)
  await page.evaluate(() => fetch('/robots.txt').then((answer) => answer.text()))
  page.off('request', onRequest)
  return asked
}

/** Adds a portal through the page's form (signed in, on /ckan-instances) and waits for the confirmation. */
async function addPortal(page: Page, url: string, name: string) {
  const form = page.getByTestId('add-portal-form')
  await form.getByLabel('Address').fill(url)
  await form.getByLabel('Name (optional)').fill(name)
  await form.getByRole('button', { name: 'Add portal' }).click()
  await expect(form.getByRole('status')).toHaveText(`${name} was added.`, { timeout: 30_000 })
}

async function expectNoSeriousAxeFindings(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

// The last test harvests a portal, which changes what the first ones count: run this file in order.
test.describe.configure({ mode: 'serial' })

test.describe('overview', () => {
  test('the totals are the figures the API gives, in the first response, with demo data marked', async ({ page, request }) => {
    const [portals, quality, publishers] = await Promise.all([
      query<Portal[]>(request, 'portals.list'),
      query<{ datasets: number; resources: number }>(request, 'quality.summary'),
      query<{ total: number }>(request, 'publishers.list', { pageSize: 1 }),
    ])
    expect(quality.datasets).toBeGreaterThanOrEqual(20_000)

    // Server-rendered: the figures are in the HTML before any script runs.
    const html = await (await request.get('/?lang=en')).text()
    expect(html).toContain('data-testid="total-datasets"')
    expect(html).toContain(quality.datasets.toLocaleString('en'))

    await page.goto('/?lang=en')
    await hydrated(page)
    expect(await figure(page, 'total-portals')).toBe(portals.length)
    expect(await figure(page, 'total-datasets')).toBe(quality.datasets)
    expect(await figure(page, 'total-resources')).toBe(quality.resources)
    expect(await figure(page, 'total-publishers')).toBe(publishers.total)
    await expect(page.getByText('Demo data').first()).toBeVisible()

    // Headings in order: one h1, sections as h2.
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    for (const name of ['At a glance', 'Portal health', 'Metadata quality', 'Formats', 'Datasets by Czech region', 'Explore']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
    }
    // The down portal is named with its reason.
    const down = portals.filter((portal) => portal.health.status === 'down')
    expect(down.length, 'the e2e server has a portal that is down').toBeGreaterThan(0)
    const problem = page.getByTestId('problem-portal').filter({ hasText: down[0]!.name })
    await expect(problem).toContainText(down[0]!.health.error ?? 'The reason is not known.')
  })

  test('the map of the kraje has 14 named links to their pages, a legend and a table', async ({ page }) => {
    await page.goto('/?lang=en')
    await hydrated(page)
    const map = page.getByTestId('kraj-map')
    const regions = map.locator('a[href^="/location/CZ0"]')
    await expect(regions).toHaveCount(14)
    const hrefs = new Set<string>()
    for (const region of await regions.all()) {
      hrefs.add((await region.getAttribute('href')) ?? '')
      await expect(region).toHaveAttribute('aria-label', /: [\d,]+ datasets?$/)
      await expect(region.locator('title')).toHaveText(/: [\d,]+ datasets?$/)
    }
    expect(hrefs.size).toBe(14)
    await expect(page.getByText('Datasets per region')).toBeVisible()
    const table = page.getByRole('table', { name: 'Datasets per Czech region' })
    await expect(table.locator('tbody tr')).toHaveCount(14)
    await expect(page.getByTestId('no-extent')).toContainText(/datasets? ha(s|ve) no spatial extent/)

    // Keyboard: a kraj is a link that opens the region's page.
    await map.locator('a[href="/location/CZ064"]').focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/location\/CZ064$/)
  })

  test('every explorer page has an entry point', async ({ page }) => {
    await page.goto('/?lang=en')
    const explore = page.getByRole('region', { name: 'Explore' })
    for (const href of ['/ckan-explorer', '/ckan-instances', '/organizations', '/data-formats', '/data-quality', '/regional-analysis']) {
      await expect(explore.locator(`a[href="${href}"]`)).toHaveCount(1)
    }
  })
})

test.describe('portal registry', () => {
  test('lists the portals with health, and a down portal with its reason', async ({ page, request }) => {
    const portals = await query<Portal[]>(request, 'portals.list')
    await page.goto('/ckan-instances?lang=en')
    await hydrated(page)
    const rows = page.getByTestId('portal-row')
    await expect(rows).toHaveCount(portals.length)
    for (const id of [...DEMO_PORTALS, E2E_PORTAL.id]) await expect(page.locator(`[data-testid=portal-row][data-portal="${id}"]`)).toHaveCount(1)
    await expect(page.locator('[data-portal="demo-kraje"]')).toContainText('Demo data')
    await expect(page.getByRole('table', { name: 'Registered CKAN portals with their health and last harvest' })).toBeVisible()

    const down = portals.find((portal) => portal.health.status === 'down')
    expect(down, 'the e2e server has a portal that is down').toBeTruthy()
    const row = page.locator(`[data-testid=portal-row][data-portal="${down!.id}"]`)
    await expect(row).toHaveAttribute('data-health', 'down')
    await expect(row.getByTestId('health-reason')).toHaveText(down!.health.error ?? 'The reason is not known.')
    // Anonymous visitors are told where to sign in rather than shown forms that would fail.
    await expect(page.getByTestId('sign-in-prompt')).toBeVisible()
    await expect(page.getByRole('button', { name: /Harvest now/ })).toHaveCount(0)
  })

  test('a filter changes the URL and the rows, and works without JavaScript', async ({ page, request, browser }) => {
    const portals = await query<Portal[]>(request, 'portals.list')
    const downIds = portals.filter((portal) => portal.health.status === 'down').map((portal) => portal.id)
    await page.goto('/ckan-instances?lang=en')
    await hydrated(page)
    await page.getByLabel('Health', { exact: true }).selectOption('down')
    await expect(page).toHaveURL(/[?&]health=down\b/)
    await expect(page.getByTestId('portal-row')).toHaveCount(downIds.length)
    for (const row of await page.getByTestId('portal-row').all()) await expect(row).toHaveAttribute('data-health', 'down')

    await page.getByLabel('Health', { exact: true }).selectOption('all')
    await page.getByLabel('Demo catalogues').selectOption('only')
    await expect(page).toHaveURL(/[?&]demo=only\b/)
    await expect(page.getByTestId('portal-row')).toHaveCount(DEMO_PORTALS.length)

    // Sorting by a column is a link with the state in the URL.
    await page.getByRole('link', { name: /^Datasets/ }).click()
    await expect(page).toHaveURL(/[?&]sort=datasets\b/)
    await expect(page.getByTestId('portal-row').first()).toHaveAttribute('data-portal', 'demo-narodni-katalog')

    // The same URL, reloaded, renders the same rows on the server.
    await page.reload()
    await expect(page.getByTestId('portal-row')).toHaveCount(DEMO_PORTALS.length)

    const noScript = await browser.newContext({ javaScriptEnabled: false })
    const plain = await noScript.newPage()
    await plain.goto('/ckan-instances?lang=en')
    await plain.getByLabel('Health', { exact: true }).selectOption('down')
    await plain.getByRole('button', { name: 'Apply' }).click()
    await expect(plain).toHaveURL(/[?&]health=down\b/)
    await expect(plain.getByTestId('portal-row')).toHaveCount(downIds.length)
    await noScript.close()
  })

  test('the directory of known portals is searchable and its state is in the URL', async ({ page }) => {
    await page.goto('/ckan-instances?lang=en')
    await hydrated(page)
    await expect(page.getByTestId('directory-row')).toHaveCount(20)
    await page.getByRole('searchbox', { name: 'Search known portals' }).fill('slovak')
    await expect(page).toHaveURL(/[?&]dq=slovak\b/)
    await expect(page.getByTestId('directory-count')).toHaveText(/\d+ portals? found/)
    const count = await page.getByTestId('directory-row').count()
    expect(count).toBeGreaterThan(0)
    expect(count).toBeLessThan(20)
    // Anonymous visitors get a sign-in link instead of an add button.
    await expect(page.getByTestId('directory-row').first().getByRole('button')).toHaveCount(0)
  })

  test('a signed-in user sees field errors for a bad address, and keeps what was typed', async ({ page }) => {
    await signUp(page)
    await page.goto('/ckan-instances?lang=en')
    await hydrated(page)
    const form = page.getByTestId('add-portal-form')
    const address = form.getByLabel('Address')

    await address.fill('not a url')
    await form.getByRole('button', { name: 'Add portal' }).click()
    await expect(form.getByText('Enter a full address starting with http:// or https://')).toBeVisible()
    await expect(address).toHaveAttribute('aria-invalid', 'true')

    // A well-formed address that is not a CKAN portal the server may call: the server says why, under the field.
    await address.fill('http://127.0.0.1:9/')
    await form.getByLabel('Name (optional)').fill('Nothing here')
    await form.getByRole('button', { name: 'Add portal' }).click()
    await expect(form.getByText(/^The portal was not added: /)).toBeVisible({ timeout: 30_000 })
    await expect(address).toHaveValue('http://127.0.0.1:9/')
    await expect(form.getByLabel('Name (optional)')).toHaveValue('Nothing here')
  })

  // One audit per test: eight pages in one test left too little of its time budget for the last audits on a busy machine.
  for (const theme of ['light', 'dark'] as const) {
    for (const path of ['/?lang=en', '/ckan-instances?lang=en', '/?lang=cs', '/ckan-instances?lang=cs']) {
      test(`axe finds nothing serious on ${path} in the ${theme} theme`, async ({ page }) => {
        await page.addInitScript((t) => localStorage.setItem('theme', t), theme)
        await page.goto(path)
        await hydrated(page)
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        await expectNoSeriousAxeFindings(page)
      })
    }
  }
})

test.describe('adding and harvesting a portal', () => {
  let fixture: CkanFixture

  test.beforeAll(async () => {
    fixture = await startCkanFixture({ portals: [{ slug: 'e2e-added', datasets: 300 }, { slug: 'e2e-guest', datasets: 50 }, { slug: 'e2e-noscript', datasets: 5 }] })
  })

  test.afterAll(async () => {
    await fixture?.close()
  })

  test('a signed-in user adds a portal, harvests it and follows the progress', async ({ page }) => {
    // A whole harvest of 300 datasets runs in it, with the rest of the journeys beside it.
    test.slow()
    // Its timers run as the page's clock says, so a minute of them can be run at once at the end.
    await page.clock.install()
    await signUp(page)
    await page.goto('/ckan-instances?lang=en')
    await hydrated(page)
    await expectNoSeriousAxeFindings(page)

    await addPortal(page, fixture.portalUrl('e2e-added'), 'E2E added portal')
    await expect(page.getByTestId('add-portal-form').getByLabel('Address')).toHaveValue('')

    const row = page.getByTestId('portal-row').filter({ hasText: 'E2E added portal' })
    await expect(row).toHaveCount(1)
    await expect(row).toHaveAttribute('data-health', 'up')
    await expect(row.getByTestId('last-harvest')).toContainText('Never harvested')

    await row.getByRole('button', { name: 'Harvest now: E2E added portal' }).click()
    const bar = row.getByRole('progressbar', { name: 'Harvest of E2E added portal' })
    await expect(bar).toBeVisible()
    await expect(bar).toHaveAttribute('aria-valuetext', /datasets/)
    await expect(row.locator('[data-run-status="succeeded"]')).toBeVisible({ timeout: 60_000 })
    await expect(bar).toHaveCount(0)
    await expect(row).toContainText('300 new')

    // Finished: the page stops asking.
    expect(await asksAgainWithinAMinute(page, 'harvest.status')).toBe(false)

    // The first paint of a fresh load shows the harvest's result.
    const html = await (await page.request.get('/ckan-instances?lang=en')).text()
    expect(html).toMatch(/data-portal="[^"]*e2e-added[^"]*"(?:(?!<\/tr>)[\s\S])*data-run-status="succeeded"/)
  })

  test('without JavaScript a portal is added with its country, and a bad address comes back explained with what was typed', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/auth/login?lang=en&redirect=%2Fckan-instances')
    await page.getByLabel('E-mail').fill(E2E_USERS.portalsNoScript.email)
    await page.locator('input[name=password]').fill(E2E_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/ckan-instances$/)
    const form = page.getByTestId('add-portal-form')
    await form.getByLabel('Address').fill('not a url')
    await form.getByLabel('Name (optional)').fill('Bez skriptu')
    await form.getByLabel('Country').selectOption({ label: 'Slovakia' })
    await form.getByRole('button', { name: 'Add portal' }).click()
    await expect(form.getByText('Enter a full address starting with http:// or https://')).toBeVisible()
    await expect(form.getByLabel('Address')).toHaveValue('not a url')
    await expect(form.getByLabel('Name (optional)')).toHaveValue('Bez skriptu')
    await expect(form.getByLabel('Country')).toHaveValue('SK')

    await form.getByLabel('Address').fill(fixture.portalUrl('e2e-noscript'))
    await form.getByRole('button', { name: 'Add portal' }).click()
    await expect(page).toHaveURL(/\/ckan-instances$/)
    const row = page.getByTestId('portal-row').filter({ hasText: 'Bez skriptu' })
    await expect(row).toContainText('Slovakia')
    await context.close()
  })

  test('guests get the page with a portal someone added, without the signed-in parts', async ({ page, browser, baseURL }) => {
    const guest = await guestPage(browser, baseURL)
    const guestRow = guest.getByTestId('portal-row').filter({ hasText: 'E2E guest portal' })
    // Twice: the first render is stored, the second comes from the page cache.
    for (let i = 0; i < 2; i++) {
      await guest.goto('/ckan-instances')
      await hydrated(guest)
    }
    await expect(guestRow).toHaveCount(0)

    // Seeded accounts: sign-ups are limited per address, and the suite's own sign-up journeys use them up.
    await signIn(page, E2E_USERS.portalsAdder, '/projects')
    await page.goto('/ckan-instances?lang=en')
    await hydrated(page)
    await addPortal(page, fixture.portalUrl('e2e-guest'), 'E2E guest portal')
    // The page's data rendered again for the signed-in user: the new row, with its harvest button.
    const row = page.getByTestId('portal-row').filter({ hasText: 'E2E guest portal' })
    await expect(row.getByRole('button', { name: 'Harvest now: E2E guest portal' })).toBeVisible()

    // A new portal is a new data version: guests get it within a moment (a stale copy may be served once meanwhile).
    await expect(async () => {
      await guest.reload()
      await expect(guestRow).toHaveCount(1, { timeout: 1_000 })
    }).toPass({ timeout: 20_000 })
    await expect(guest.getByTestId('sign-in-prompt')).toBeVisible()
    await expect(guest.getByTestId('add-portal-form')).toHaveCount(0)
    await expect(guest.getByRole('button', { name: /Harvest now/ })).toHaveCount(0)
    await guest.context().close()
  })

  test('a guest who opens the page while a harvest runs follows it to its end', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000)
    await signIn(page, E2E_USERS.portalsWatcher, '/projects')
    await page.goto('/ckan-instances?lang=en')
    await hydrated(page)
    // The portal's answers wait until the guest has seen the run going: however fast the machine, the run is still
    // running when the guest opens the page.
    const release = fixture.holdActions('e2e-guest')
    await page.getByRole('button', { name: 'Harvest now: E2E guest portal' }).click()
    await expect(page.getByRole('progressbar', { name: 'Harvest of E2E guest portal' })).toBeVisible()

    const guest = await guestPage(browser, baseURL)
    const statusPolls: string[] = []
    guest.on('request', (request) => {
      if (request.url().includes('harvest.status')) statusPolls.push(request.url())
    })
    const row = guest.getByTestId('portal-row').filter({ hasText: 'E2E guest portal' })
    const bar = row.getByRole('progressbar', { name: 'Harvest of E2E guest portal' })
    // The run's start is a new data version: the guest's first request may get the stored copy from before it.
    await expect(async () => {
      await guest.goto('/ckan-instances')
      await hydrated(guest)
      await expect(bar).toBeVisible({ timeout: 1_000 })
    }).toPass({ timeout: 12_000 })
    await expect(bar).toHaveAttribute('aria-valuetext', /datasets/)
    // From here its timers run as the page's clock says (each poll sets the next one), so a minute of them can be
    // run at once at the end.
    await guest.clock.install()
    release()
    await expect(row.locator('[data-run-status="succeeded"]')).toBeVisible({ timeout: 90_000 })
    await expect(row).toContainText('50 new')
    expect(statusPolls.length).toBeGreaterThan(0)

    // Ended: the guest's page asks no more and never goes back to the running bar.
    expect(await asksAgainWithinAMinute(guest, 'harvest.status')).toBe(false)
    await expect(bar).toHaveCount(0)
    await expect(row.locator('[data-run-status="succeeded"]')).toBeVisible()
    await guest.context().close()
  })
})
