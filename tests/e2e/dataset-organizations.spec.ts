import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { E2E_DATASET, E2E_DATASET_ID, E2E_PORTAL } from './fixtures.ts'

// The dataset page and the organizations pages, against the demo catalogue (demo-narodni-katalog, demo-kraje,
// demo-mesta) and the seeded e2e datasets. Figures are compared with what the tRPC API answers for the same state.

// Seeded by tests/e2e/seed.ts next to E2E_DATASET: a dataset whose description and resource try to run script, and
// one that a full harvest marked as deleted on its portal.
const UNSAFE_DATASET_ID = `${E2E_PORTAL.id}:6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b`
const DELETED_DATASET = { id: `${E2E_PORTAL.id}:9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d`, title: 'Removed bus stops' }

type PublisherListItem = {
  id: string
  title: string
  datasets: number
  averageScore: number | null
  band: string | null
  portals: Array<{ instanceId: string; name: string; isDemo: boolean }>
  topFormats: Array<{ format: string; resources: number }>
}

/** A tRPC query over HTTP, as a script would make it (docs/api.md). */
async function query<T>(request: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const res = await request.get(`/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`)
  expect(res.ok(), `${procedure} answered ${res.status()}`).toBe(true)
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

/** A demo dataset with resources and an extent, found through the API so the test does not depend on generated ids. */
async function demoDataset(request: APIRequestContext) {
  const { items } = await query<{ items: Array<{ id: string; title: string; formats: string[] }> }>(request, 'datasets.search', {
    source: 'snapshot',
    instanceIds: ['demo-kraje'],
    sort: 'name',
    pageSize: 50,
  })
  for (const item of items.filter((candidate) => candidate.formats.length > 0)) {
    const detail = await query<{ id: string; title: string; resources: unknown[]; extent: unknown; organization: { publisherId: string } | null }>(
      request,
      'datasets.byId',
      { id: item.id },
    )
    if (detail.resources.length > 0 && detail.extent && detail.organization) return detail
  }
  throw new Error('The demo catalogue has no dataset with resources, an extent and a publisher')
}

test.describe('dataset and organization pages', () => {
  // These checks read English texts; Czech is the default.
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'en', url: baseURL! }])
  })

  test('a dataset page shows its resources, extent and quality in the first response, and hydrates cleanly', async ({ page, request }) => {
    const dataset = await demoDataset(request)
    const html = await (await request.get(`/dataset/${encodeURIComponent(dataset.id)}`)).text()
    // Server-rendered: the resources and the breakdown are in the HTML, not loaded afterwards.
    expect(html).toContain('data-testid="resource-row"')
    expect(html).toContain('data-testid="indicator-breakdown"')
    expect(html).toContain('data-testid="extent-rect"')

    const problems: string[] = []
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    await page.goto(`/dataset/${encodeURIComponent(dataset.id)}`)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(dataset.title)
    await expect(page.getByText('Demo data').first()).toBeVisible()

    const resources = page.getByRole('table', { name: /resources?, as listed on the portal/ })
    await expect(resources.getByTestId('resource-row')).toHaveCount(dataset.resources.length)
    // Openness has a text alternative, and every resource says whether its link was checked.
    await expect(resources.getByRole('img', { name: /^\d of 5 stars$/ })).toHaveCount(dataset.resources.length)
    await expect(resources.getByText(/Not checked|Works|Broken|Unreachable/)).toHaveCount(dataset.resources.length)

    // The SVG picture of the extent is the first paint (and the view without JavaScript, tests/e2e/regions.spec.ts);
    // after hydration the interactive map takes its place.
    await expect(page.getByTestId('extent-map').locator('[data-map-state="ready"]')).toBeVisible({ timeout: 20_000 })

    const quality = page.getByRole('region', { name: 'Metadata quality' })
    await expect(quality.getByTestId('indicator-breakdown')).toBeVisible()
    await expect(quality.getByTestId('portal-watch')).toContainText('Existence')

    await expect(page.locator(`a[href="/organizations/${encodeURIComponent(dataset.organization!.publisherId)}"]`)).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(problems).toEqual([])
  })

  test('a dataset shows its resources, its extent with the regions it lies in, and a description that cannot run script', async ({ page }) => {
    await page.goto(`/dataset/${encodeURIComponent(E2E_DATASET_ID)}?lang=en`)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(E2E_DATASET.title)
    await expect(page.getByText('Measurements 2026').first()).toBeVisible()
    await expect(page.locator('a[href="/location/CZ010"]').first()).toBeVisible()
    await expect(page.getByTestId('indicator-breakdown')).toBeVisible()
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined()
  })

  test('a dataset without resources or extent says so', async ({ page }) => {
    // The deleted one of the seed has neither.
    await page.goto(`/dataset/${encodeURIComponent(DELETED_DATASET.id)}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DELETED_DATASET.title)
    await expect(page.getByText('This dataset has no resources.')).toBeVisible()
    await expect(page.getByTestId('extent-text')).toHaveText('No extent')
    await expect(page.getByTestId('indicator-breakdown')).toBeVisible()
  })

  test('a dataset deleted on its portal is still shown, and says so', async ({ page }) => {
    await page.goto(`/dataset/${encodeURIComponent(DELETED_DATASET.id)}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DELETED_DATASET.title)
    await expect(page.getByTestId('dataset-deleted')).toContainText('Deleted on portal')
    await expect(page.getByTestId('dataset-deleted')).toContainText('This dataset has been removed from its portal')
  })

  test('a description and resource URLs from a portal cannot run script', async ({ page }) => {
    await page.goto(`/dataset/${encodeURIComponent(UNSAFE_DATASET_ID)}`)
    await hydrated(page)
    const description = page.getByRole('region', { name: 'Description' })
    await expect(description).toContainText('Intro')
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
    await expect(description.locator('script, img, [onerror], [onclick]')).toHaveCount(0)
    // The javascript: link keeps its text but is no link; the real one is, and vouches for nothing.
    await expect(description.getByText('click me')).toBeVisible()
    await expect(description.getByRole('link', { name: 'click me' })).toHaveCount(0)
    await expect(description.getByRole('link', { name: 'methodology' })).toHaveAttribute('rel', 'noopener nofollow')
    await expect(page.locator('a[href^="javascript:" i], a[href^="data:" i], a[href^="vbscript:" i]')).toHaveCount(0)
    await expect(page.getByTestId('resource-row')).toContainText('not a web address')
    await description.getByText('click me').click()
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
  })

  test('the organizations list shows the figures the API gives', async ({ page, request }) => {
    const list = await query<{ items: PublisherListItem[]; total: number }>(request, 'publishers.list', { sort: 'datasets', page: 1, pageSize: 20 })
    expect(list.items.length).toBeGreaterThan(0)
    await page.goto('/organizations')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Organizations')
    await expect(page.getByTestId('organizations-total')).toHaveText(`${list.total.toLocaleString('en')} organizations`)
    const rows = page.getByTestId('organization-row')
    await expect(rows).toHaveCount(list.items.length)
    for (const [index, item] of list.items.entries()) {
      const row = rows.nth(index)
      await expect(row).toHaveAttribute('data-id', item.id)
      await expect(row.getByRole('rowheader')).toHaveText(item.title)
      await expect(row.getByTestId('organization-datasets')).toHaveText(item.datasets.toLocaleString('en'))
      if (item.averageScore !== null) await expect(row.getByTestId('organization-quality')).toContainText(String(item.averageScore))
      for (const { format } of item.topFormats.slice(0, 3)) await expect(row.getByText(format === 'unknown' ? 'Unknown' : format, { exact: true })).toBeVisible()
      for (const portal of item.portals) await expect(row.getByText(portal.name)).toBeVisible()
    }
  })

  test('a search changes the URL and the results, with and without JavaScript', async ({ page, request, browser, baseURL }) => {
    const expected = await query<{ items: PublisherListItem[]; total: number }>(request, 'publishers.list', { q: 'praha', sort: 'name', page: 1, pageSize: 20 })
    expect(expected.total).toBeGreaterThan(0)
    await page.goto('/organizations')
    await hydrated(page)
    const form = page.getByRole('search', { name: 'Search organizations' })
    await form.getByRole('searchbox', { name: 'Search organizations' }).fill('praha')
    await form.getByRole('combobox', { name: 'Sort by' }).selectOption('name')
    await form.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\/organizations\?q=praha&sort=name$/)
    await expect(page.getByTestId('organization-row')).toHaveCount(expected.items.length)
    expect(await page.getByTestId('organization-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')))).toEqual(
      expected.items.map((item) => item.id),
    )
    await form.getByRole('searchbox').fill('no-such-publisher-xyz')
    await form.getByRole('searchbox').press('Enter')
    await expect(page).toHaveURL(/q=no-such-publisher-xyz/)
    await expect(page.getByTestId('organizations-empty')).toHaveText('No organization matches “no-such-publisher-xyz”.')

    const context = await browser.newContext({ javaScriptEnabled: false })
    await context.addCookies([{ name: 'lang', value: 'en', url: baseURL! }])
    const plain = await context.newPage()
    await plain.goto('/organizations?sort=bogus&page=-1')
    await expect(plain.getByTestId('organization-row').first()).toBeVisible()
    const plainForm = plain.getByRole('search', { name: 'Search organizations' })
    await plainForm.getByRole('searchbox').fill('praha')
    await plainForm.getByRole('button', { name: 'Search' }).click()
    await expect(plain).toHaveURL(/\/organizations\?q=praha&sort=datasets$/)
    await expect(plain.getByTestId('organization-row')).not.toHaveCount(0)
    await context.close()
  })

  test('an organization page lists its portals and datasets; an unknown one answers 404', async ({ page, request }) => {
    const list = await query<{ items: PublisherListItem[] }>(request, 'publishers.list', { sort: 'datasets', page: 1, pageSize: 20 })
    const merged = list.items.find((item) => item.portals.length > 1)
    expect(merged, 'a publisher on more than one demo portal').toBeTruthy()
    await page.goto('/organizations')
    await page.getByRole('link', { name: merged!.title, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/organizations/${escapeRegExp(encodeURIComponent(merged!.id))}$`))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByTestId('publisher-datasets')).toHaveText(merged!.datasets.toLocaleString('en'))
    const portals = await page.getByTestId('member-portal').allTextContents()
    expect(new Set(portals)).toEqual(new Set(merged!.portals.map((portal) => portal.name)))
    await expect(page.getByRole('region', { name: 'Quality over time' }).getByTestId('quality-trend')).toBeVisible()

    const firstDataset = page.getByTestId('publisher-dataset').first().getByRole('link')
    const title = await firstDataset.textContent()
    await firstDataset.click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!)

    expect((await request.get('/organizations/no-such-publisher')).status()).toBe(404)
  })
})

test.describe('accessibility of the dataset and organization pages', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`no serious axe findings in the ${theme} theme`, async ({ page, request }) => {
      const dataset = await demoDataset(request)
      const paths = [`/dataset/${encodeURIComponent(dataset.id)}`, '/organizations', `/organizations/${encodeURIComponent(dataset.organization!.publisherId)}`]
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme)
      for (const path of paths) {
        await page.goto(path)
        await hydrated(page)
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        const results = await new AxeBuilder({ page }).analyze()
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        expect(serious.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
      }
    })
  }
})
