import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { trpc } from './users.ts'

declare global {
  interface Window {
    __portalscopeMap?: unknown
  }
}

// /regional-analysis and /location/{id} against the demo catalogue: the figures the pages print are compared with what
// regions.summary answers through the API; the switches work as plain links, without JavaScript too.

type Summary = { regions: Array<{ id: string; nameEn: string; datasets: number; averageScore: number | null; machineReadableShare: number | null }> }

const SCREENS = 'test-results/regions-screens'

async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

/** Waits until the interactive map in `testId` has drawn its shapes, and says where a place lies on the page. */
async function mapPoint(page: Page, testId: string, lon: number, lat: number): Promise<{ x: number; y: number }> {
  // A location's map loads on the first interaction with the page (the outline picture until then).
  await page.mouse.move(5, 5)
  const container = page.getByTestId(testId)
  await expect(container.locator('[data-map-state="ready"]')).toBeVisible({ timeout: 20_000 })
  await expect(container.getByTestId('map-overlay')).toHaveCount(0, { timeout: 20_000 })
  await container.scrollIntoViewIfNeeded()
  // The camera has settled (a location's map fits its outline as it loads): a point stays under the pointer.
  await page.waitForFunction(() => {
    const map = window.__portalscopeMap as { isMoving: () => boolean; loaded: () => boolean } | undefined
    return map !== undefined && map.loaded() && !map.isMoving()
  })
  const handle = await page.waitForFunction(
    ([x, y]) => {
      const map = window.__portalscopeMap as { project: (at: [number, number]) => { x: number; y: number } } | undefined
      return map ? map.project([x, y]) : null
    },
    [lon, lat] as [number, number],
  )
  const point = (await handle.jsonValue()) as { x: number; y: number }
  const canvas = (await container.locator('canvas').first().boundingBox())!
  return { x: canvas.x + point.x, y: canvas.y + point.y }
}

async function summary(page: Page, level: 'cz-kraj' | 'country'): Promise<Summary> {
  const answer = await trpc<Summary>(page, 'regions.summary', { level })
  expect(answer.status).toBe(200)
  return answer.data!
}

test.describe('regional analysis', () => {
  test('shows the 14 kraje on the SVG map and in the table with the counts regions.summary gives', async ({ browser }) => {
    // Without JavaScript: the server-rendered map is the whole view.
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/regional-analysis?lang=en')
    const api = await summary(page, 'cz-kraj')
    expect(api.regions).toHaveLength(14)
    const map = page.getByTestId('region-svg-map')
    await expect(map.locator('a[href^="/location/CZ0"]')).toHaveCount(14)
    const rows = page.getByTestId('region-table').locator('tbody tr')
    await expect(rows).toHaveCount(14)
    for (const region of api.regions) {
      const row = page.getByTestId('region-table').locator(`tr[data-region="${region.id}"]`)
      await expect(row.getByRole('link', { name: region.nameEn })).toHaveAttribute('href', `/location/${region.id}`)
      await expect(row.getByTestId('region-datasets')).toHaveAttribute('data-value', String(region.datasets))
      await expect(map.locator(`a[data-region="${region.id}"]`)).toHaveAttribute('aria-label', new RegExp(`^${region.nameEn}: ${region.datasets.toLocaleString('en')} dataset`))
    }
    // Ranked by datasets, most first: the first row is the kraj with the most.
    const most = [...api.regions].sort((a, b) => b.datasets - a.datasets)[0]!
    await expect(rows.first()).toHaveAttribute('data-region', most.id)
    await expect(rows.first().getByTestId('region-rank')).toHaveText('1')
    await map.locator('a[data-region="CZ052"]').click()
    await expect(page).toHaveURL(/\/location\/CZ052$/)
    await context.close()
  })

  test('with JavaScript the interactive map takes the SVG\'s place: hover names a kraj, a click opens its page', async ({ page }) => {
    await page.goto('/regional-analysis?lang=en')
    await hydrated(page)
    const api = (await summary(page, 'cz-kraj')).regions.find((region) => region.id === 'CZ063')!
    // Jihlava lies well inside Vysočina.
    const at = await mapPoint(page, 'regions-map', 15.59, 49.4)
    await expect(page.getByTestId('region-svg-map')).toHaveCount(0)
    await page.mouse.move(at.x, at.y)
    await expect(page.getByTestId('map-tooltip')).toHaveText(`Vysočina: ${api.datasets.toLocaleString('en')} datasets`)
    await page.mouse.click(at.x, at.y)
    await expect(page).toHaveURL(/\/location\/CZ063$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vysočina')
  })

  test('switches to countries and to another metric without JavaScript, and ranks by a column', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/regional-analysis?lang=en')
    await page.getByTestId('region-switches').getByRole('link', { name: 'Countries' }).click()
    await expect(page).toHaveURL(/\?level=country$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Countries' })).toBeVisible()
    const api = await summary(page, 'country')
    const rows = page.getByTestId('region-table').locator('tbody tr')
    await expect(rows).toHaveCount(api.regions.length)
    expect(api.regions.map((region) => region.id)).toContain('CZ')
    await expect(page.getByTestId('region-svg-map').locator('a[data-region="CZ"]')).toHaveCount(1)
    await page.getByTestId('region-svg-map').screenshot({ path: `${SCREENS}/countries-svg.png` })
    await expect(page.getByTestId('region-table').locator('tr[data-region="CZ"] [data-testid=region-datasets]')).toHaveAttribute(
      'data-value',
      String(api.regions.find((region) => region.id === 'CZ')!.datasets),
    )

    // The machine-readable share: the switch colours and ranks by it, highest first; the header reverses the order.
    await page.getByTestId('region-switches').getByRole('link', { name: 'Machine-readable share' }).click()
    await expect(page).toHaveURL(/level=country&metric=machineReadable$/)
    const order = () => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-region')))
    const ranked = [...api.regions].filter((region) => region.machineReadableShare !== null).sort((a, b) => b.machineReadableShare! - a.machineReadableShare! || b.datasets - a.datasets)
    expect((await order())[0]).toBe(ranked[0]!.id)
    await page.getByTestId('region-table').locator('th[aria-sort="descending"] a').click()
    await expect(page).toHaveURL(/metric=machineReadable&dir=asc$/)
    await expect(page.getByTestId('region-table').locator('th[aria-sort="ascending"]')).toContainText('Machine-readable share')
    expect((await order())[0]).toBe(ranked.at(-1)!.id)
    await context.close()
  })

  test('a region in the table opens its location page: name, outline, datasets and pages', async ({ page }) => {
    await page.goto('/regional-analysis?lang=en')
    await hydrated(page)
    await page.getByTestId('region-table').getByRole('link', { name: 'South Moravia' }).click()
    await expect(page).toHaveURL(/\/location\/CZ064$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('South Moravia')
    await expect(page.getByTestId('location-level')).toContainText('CZ064')
    const api = (await summary(page, 'cz-kraj')).regions.find((region) => region.id === 'CZ064')!
    await expect(page.getByTestId('stat-datasets')).toHaveAttribute('data-value', String(api.datasets))
    await expect(page.getByTestId('location-dataset')).toHaveCount(Math.min(20, api.datasets))
    await expect(page.getByTestId('location-publishers').locator('li').first()).toBeVisible()
    const first = await page.getByTestId('location-dataset').first().getByRole('link').textContent()
    await page.getByRole('navigation', { name: 'Dataset pages' }).getByRole('link', { name: /^Page 2 of/ }).click()
    await expect(page).toHaveURL(/\/location\/CZ064\?page=2/)
    await expect(page.getByTestId('location-dataset').first().getByRole('link')).not.toHaveText(first ?? '')
  })

  test('a location page draws its outline and datasets without JavaScript, and on the map a dataset opens with a click', async ({ browser, page }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const plain = await context.newPage()
    await plain.goto('/location/CZ064?lang=en')
    await expect(plain.getByTestId('location-outline').locator('path[data-focus]')).toHaveCount(1)
    await expect(plain.getByTestId('location-dots')).toHaveAttribute('d', /^M\d+ \d+h0/)
    await plain.getByTestId('location-outline').screenshot({ path: `${SCREENS}/location-svg.png` })
    await context.close()

    const pointCalls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('regions.points')) pointCalls.push(request.url())
    })
    await page.goto('/location/CZ064?lang=en')
    await hydrated(page)
    // Until a person interacts with the page the server's outline is the map, and no places are asked for.
    await page.waitForLoadState('networkidle')
    await expect(page.getByTestId('location-outline')).toBeVisible()
    await expect(page.getByTestId('location-map')).toHaveCount(0)
    expect(pointCalls).toEqual([])
    const points = await trpc<{ items: Array<{ id: string; title: string; lon: number; lat: number }> }>(page, 'regions.points', { id: 'CZ064', limit: 1000 })
    // A point with no other near it (journeys running beside this one harvest datasets into the same places, and
    // points on one spot are one target): hovered, it is named; clicked, it opens.
    const items = points.data!.items
    const alone = items.filter((one) => !items.some((other) => other !== one && Math.abs(other.lon - one.lon) < 0.05 && Math.abs(other.lat - one.lat) < 0.05))
    const dataset = alone[0] ?? items[0]!
    const at = await mapPoint(page, 'location-map', dataset.lon, dataset.lat)
    await page.mouse.move(at.x, at.y)
    const title = (await page.getByTestId('map-tooltip').textContent()) ?? ''
    expect(points.data!.items.map((item) => item.title)).toContain(title)
    await page.mouse.click(at.x, at.y)
    await expect(page).toHaveURL(/\/dataset\//)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  })

  test('a dataset with an extent shows it on the map, and as a picture without JavaScript', async ({ browser, page }) => {
    await page.goto('/location/CZ010?lang=en')
    const points = await trpc<{ items: Array<{ id: string }> }>(page, 'regions.points', { id: 'CZ010', limit: 1 })
    const path = `/dataset/${encodeURIComponent(points.data!.items[0]!.id)}?lang=en`
    const context = await browser.newContext({ javaScriptEnabled: false })
    const plain = await context.newPage()
    await plain.goto(path)
    await expect(plain.getByTestId('extent-rect')).toHaveCount(1)
    await context.close()

    await page.goto(path)
    await hydrated(page)
    await expect(page.getByTestId('extent-map').locator('[data-map-state="ready"]')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('extent-map').locator('[data-map-state="ready"]')).toHaveAttribute('aria-label', "Interactive map of the dataset's extent")
    await page.screenshot({ path: `${SCREENS}/dataset-extent.png`, fullPage: true })
  })

  test('a place nobody publishes about says so, and a map that cannot load its outlines leaves the picture', async ({ page }) => {
    await page.goto('/location/JP?lang=en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Japan')
    await expect(page.getByTestId('location-empty')).toHaveText(/No dataset is about this place yet/)
    await expect(page.getByTestId('stat-datasets')).toHaveAttribute('data-value', '0')
    await expect(page.getByTestId('location-dataset')).toHaveCount(0)

    await page.route('**/api/map/geo/**', (route) => route.abort())
    await page.goto('/regional-analysis?lang=en')
    await hydrated(page)
    // Before any interaction the SVG is the map and no outlines are asked for; the first one asks, and fails.
    await expect(page.getByTestId('region-svg-map')).toBeVisible()
    const outlines = page.waitForRequest('**/api/map/geo/**')
    await page.mouse.move(5, 5)
    await outlines
    await expect(page.getByTestId('region-svg-map')).toBeVisible()
    await expect(page.getByTestId('region-svg-map').locator('a[data-region]')).toHaveCount(14)
    await expect(page.locator('[data-map-state]')).toHaveCount(0)
  })

  test('a country with datasets has its page, an unknown place is the 404 page', async ({ page }) => {
    await page.goto('/location/CZ?lang=en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Czechia')
    await expect(page.getByTestId('stat-datasets')).not.toHaveAttribute('data-value', '0')
    const response = await page.goto('/location/QQ?lang=en')
    expect(response?.status()).toBe(404)
  })
})

test.describe('regional pages on a phone and in both themes', () => {
  const PAGES = [
    { name: 'regional-analysis', path: '/regional-analysis' },
    { name: 'regional-analysis-countries', path: '/regional-analysis?level=country&metric=quality' },
    { name: 'location', path: '/location/CZ064' },
  ]
  for (const { name, path } of PAGES) {
    test(`${name} fits 360 px without sideways scrolling`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 800 })
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=cs`)
      await hydrated(page)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
      // The map in its place fits too (a location's loads on the first interaction with the page).
      await page.mouse.move(5, 5)
      const map = page.locator('[data-map-state="ready"]')
      await expect(map).toBeVisible({ timeout: 20_000 })
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
      await map.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SCREENS}/${name}-360.png` })
    })
    for (const theme of ['light', 'dark'] as const) {
      test(`${name} has no serious axe findings in the ${theme} theme`, async ({ page }) => {
        await page.addInitScript((t) => localStorage.setItem('theme', t), theme)
        await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=en`)
        await hydrated(page)
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        // The interactive map in place of the picture (a location's loads on the first interaction), its shapes drawn.
        await page.mouse.move(5, 5)
        await expect(page.locator('[data-map-state="ready"]')).toBeVisible({ timeout: 20_000 })
        await expect(page.getByTestId('map-overlay')).toHaveCount(0, { timeout: 20_000 })
        const results = await new AxeBuilder({ page }).analyze()
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
        await page.screenshot({ path: `${SCREENS}/${name}-${theme}.png`, fullPage: true })
      })
    }
  }
})
