import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { tilesCovering } from '../../lib/domain/map.ts'
import { decodeTile } from '../../lib/domain/map-tile.ts'
import { hydrated, trpc } from './users.ts'

// The home page's map over the demo catalogue, on the offline basemap (no tile address is configured in tests).
// window.__portalscopeMap is the maplibre map, exposed for tests only: it tells where a dataset is drawn and moves
// the camera where a journey starts.

type MapHook = {
  loaded: () => boolean
  isMoving: () => boolean
  jumpTo: (options: { center: [number, number]; zoom: number }) => void
  project: (lngLat: [number, number]) => { x: number; y: number }
  getZoom: () => number
}
type Item = { key: number; id: string; title: string; lon: number; lat: number }

const PRAGUE: [number, number] = [14.42, 50.08]
const CZECHIA = { west: 11.6, south: 48.4, east: 19.2, north: 51.2 }

/** The home page with the map drawn: its frame loaded, the first build there and its tiles shown. */
async function openMap(page: Page, options: { theme?: 'light' | 'dark' } = {}) {
  if (options.theme) await page.addInitScript((theme) => localStorage.setItem('theme', theme), options.theme)
  await page.goto('/?lang=en')
  await hydrated(page)
  // The interactive map loads on the first interaction with the page; until then the server's picture is the map.
  await page.mouse.move(20, 20)
  // The helper process builds the map shortly after the server starts; the page polls until it is there.
  await expect(page.locator('[data-map-state=ready]')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('home-map')).toHaveAttribute('data-tile-zoom', /\d+/, { timeout: 30_000 })
}

/** The home page, untouched, once it has its picture: from the helper's first map build, moments after the server starts. */
async function openHome(page: Page) {
  await expect
    .poll(
      async () => {
        await page.goto('/?lang=en')
        return page.getByTestId('map-picture').count()
      },
      { timeout: 30_000 },
    )
    .toBe(1)
  await hydrated(page)
}

async function moveCamera(page: Page, center: [number, number], zoom: number) {
  await page.evaluate(({ center, zoom }) => (window.__portalscopeMap as MapHook).jumpTo({ center, zoom }), { center, zoom })
}

async function listKeys(page: Page): Promise<string[]> {
  return page.getByTestId('map-list').locator('button[data-key]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-key') ?? ''))
}

/**
 * Pixels of the map's screenshot close to a colour, counted in a page (PNG decoding is the browser's job; `counter`:
 * another page to count in, for a page without JavaScript).
 */
async function pixelsNear(page: Page, rgb: [number, number, number], options: { map?: string; counter?: Page } = {}): Promise<number> {
  const png = (await page.locator(options.map ?? '[data-map-state=ready]').screenshot()).toString('base64')
  return (options.counter ?? page).evaluate(
    async ({ png, rgb }) => {
      const image = new Image()
      image.src = `data:image/png;base64,${png}`
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = image.width
      canvas.height = image.height
      const context = canvas.getContext('2d')!
      context.drawImage(image, 0, 0)
      const { data } = context.getImageData(0, 0, image.width, image.height)
      let near = 0
      for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i]! - rgb[0]) + Math.abs(data[i + 1]! - rgb[1]) + Math.abs(data[i + 2]! - rgb[2]) < 30) near++
      return near
    },
    { png, rgb },
  )
}

test.describe('home map', () => {
  // The first journeys of a run wait for the helper's first map build, and Chromium draws the map in software.
  test.describe.configure({ timeout: 45_000 })
  test('draws the basemap and the clusters, and lists the datasets in view', async ({ page }) => {
    await openMap(page)
    await expect(page.locator('.maplibregl-canvas')).toBeVisible()
    // The server's picture of the first view gives way once the map has drawn its own.
    await expect(page.getByTestId('map-picture')).toHaveCount(0)
    // The offline basemap's Czechia (its land colour) and the clusters of tabular datasets (their blue) are drawn.
    expect(await pixelsNear(page, [250, 249, 246])).toBeGreaterThan(2000)
    expect(await pixelsNear(page, [0, 114, 178])).toBeGreaterThan(500)
    await expect(page.getByTestId('map-legend')).toContainText('Tables (CSV, XLSX…)')
    await expect(page.getByTestId('map-count')).toHaveText(/^[\d,]+ datasets in view$/)
    expect((await listKeys(page)).length).toBeGreaterThan(5)
    await page.screenshot({ path: 'test-results/map-home-light.png' })
  })

  test('the list follows the map when it is dragged, and the filters filter both', async ({ page }) => {
    await openMap(page)
    await moveCamera(page, PRAGUE, 12)
    await expect(page.getByTestId('home-map')).toHaveAttribute('data-tile-zoom', '12')
    await expect.poll(async () => (await listKeys(page)).length).toBeGreaterThan(0)
    const before = await listKeys(page)
    const countBefore = await page.getByTestId('map-count').textContent()
    // Drag the map most of its width with the mouse: the view moves east, away from the centre of Prague.
    const box = (await page.locator('.maplibregl-canvas').boundingBox())!
    // Along the bottom, below the legend: maplibre does not see a drag end over one of its controls.
    const y = box.y + box.height * 0.88
    await page.mouse.move(box.x + box.width * 0.85, y)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width * 0.5, y)
    await page.mouse.move(box.x + box.width * 0.1, y)
    await page.mouse.up()
    await expect.poll(async () => `${(await listKeys(page)).join(',')} ${await page.getByTestId('map-count').textContent()}`, { timeout: 10_000 }).not.toBe(`${before.join(',')} ${countBefore}`)

    // A format family filters the list and the count in view.
    await moveCamera(page, [15.4, 49.8], 6)
    await expect(page.getByTestId('home-map')).toHaveAttribute('data-tile-zoom', '6')
    const all = Number((await page.getByTestId('map-count').textContent())!.replace(/\D/g, ''))
    await page.getByTestId('map-sidebar').getByLabel('Format family').selectOption('geo')
    await expect.poll(async () => Number((await page.getByTestId('map-count').textContent())!.replace(/\D/g, ''))).toBeLessThan(all)
    await expect.poll(async () => page.getByTestId('map-list').locator('button[data-key]').count()).toBeGreaterThan(0)
    for (const row of await page.getByTestId('map-list').locator('button[data-key]').all()) await expect(row).toContainText('Geodata')
  })

  test('a click on a single dataset opens its popup', async ({ page }) => {
    await openMap(page)
    const { data } = await trpc<{ items: Item[] }>(page, 'map.datasets', { bbox: CZECHIA, limit: 1 })
    const item = data!.items[0]!
    await moveCamera(page, [item.lon, item.lat], 14)
    await expect(page.getByTestId('home-map')).toHaveAttribute('data-tile-zoom', '13')
    const point = await page.evaluate(({ lon, lat }) => (window.__portalscopeMap as MapHook).project([lon, lat]), item)
    const canvas = (await page.locator('.maplibregl-canvas').boundingBox())!
    await page.mouse.click(canvas.x + point.x, canvas.y + point.y)
    const popup = page.getByTestId('map-popup')
    await expect(popup).toBeVisible()
    // Datasets can share a point; the one shown is one of those there, with its link.
    await expect(popup.getByRole('heading')).not.toBeEmpty()
    await expect(popup.getByRole('link', { name: 'Open the dataset' })).toHaveAttribute('href', /^\/dataset\//)
    // A click on empty map closes it.
    await page.mouse.click(canvas.x + 5, canvas.y + canvas.height - 60)
    await expect(popup).toBeHidden()
  })

  test('a click on a lone dataset among the clusters opens its popup where it is, without zooming', async ({ page }) => {
    await openMap(page)
    // A "cluster" of one dataset at zoom 9 over Czechia, read from the tiles the map itself draws.
    const { data: meta } = await trpc<{ buildId: number }>(page, 'map.meta', undefined)
    const z = 9
    let lone: { lon: number; lat: number; key: number } | null = null
    for (const { x, y } of tilesCovering(CZECHIA, z)) {
      const res = await page.request.get(`/api/map/tiles/${meta!.buildId}/${z}/${x}/${y}`)
      if (res.status() !== 200) continue
      const tile = decodeTile(new Uint8Array(await res.body()))
      if (tile.kind !== 'clusters') continue
      const i = [...tile.counts].findIndex((count, index) => count === 1 && tile.datasetKeys[index]! > 0)
      if (i >= 0) {
        lone = { lon: tile.positions[2 * i]!, lat: tile.positions[2 * i + 1]!, key: tile.datasetKeys[i]! }
        break
      }
    }
    expect(lone, 'a lone dataset at zoom 9 in the demo catalogue').not.toBeNull()
    await moveCamera(page, [lone!.lon, lone!.lat], z + 0.5)
    await expect(page.getByTestId('home-map')).toHaveAttribute('data-tile-zoom', String(z))
    const point = await page.evaluate(({ lon, lat }) => (window.__portalscopeMap as MapHook).project([lon, lat]), lone!)
    const canvas = (await page.locator('.maplibregl-canvas').boundingBox())!
    await page.mouse.click(canvas.x + point.x, canvas.y + point.y)
    const popup = page.getByTestId('map-popup')
    await expect(popup).toBeVisible()
    const { data: item } = await trpc<Item>(page, 'map.dataset', { key: lone!.key })
    await expect(popup.getByRole('heading')).toHaveText(item!.title)
    expect(await page.evaluate(() => (window.__portalscopeMap as MapHook).getZoom())).toBeCloseTo(z + 0.5, 1)
  })

  test('a row opens its popup from the keyboard, and Escape goes back to the row', async ({ page }) => {
    await openMap(page)
    const row = page.getByTestId('map-list').locator('button[data-key]').first()
    const key = await row.getAttribute('data-key')
    const title = (await row.locator('span').first().textContent())!
    await row.focus()
    await page.keyboard.press('Enter')
    const popup = page.getByTestId('map-popup')
    await expect(popup).toBeVisible()
    await expect(popup.getByRole('heading')).toHaveText(title)
    await expect(popup).toHaveAttribute('data-key', key!)
    // Focus went into the popup; Escape closes it and returns to the row.
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.maplibregl-popup'))).toBe(true)
    await page.keyboard.press('Escape')
    await expect(popup).toBeHidden()
    await expect(page.getByTestId('map-list').locator(`button[data-key="${key}"]`)).toBeFocused()
    // Arrow keys move along the rows.
    await page.keyboard.press('ArrowDown')
    await expect(page.getByTestId('map-list').locator('button[data-key]').nth(1)).toBeFocused()
  })

  test('a click on a cluster zooms into it', async ({ page }) => {
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    await openMap(page)
    const zoomNow = () => page.evaluate(() => (window.__portalscopeMap as { getZoom: () => number }).getZoom())
    const before = await zoomNow()
    // Prague, at the first view of the whole country: many datasets there, drawn as one cluster.
    const at = await page.evaluate(() => (window.__portalscopeMap as { project: (at: [number, number]) => { x: number; y: number } }).project([14.42, 50.08]))
    const canvas = (await page.getByTestId('home-map').locator('canvas').first().boundingBox())!
    await page.mouse.click(canvas.x + at.x, canvas.y + at.y)
    await expect.poll(zoomNow, { timeout: 10_000 }).toBeGreaterThan(before + 0.5)
    await expect(page.getByTestId('map-popup')).toHaveCount(0)
    expect(problems).toEqual([])
  })

  test('the legend starts open on a wide screen and closed on a tablet', async ({ page }) => {
    await openMap(page)
    await expect(page.getByTestId('map-legend')).toHaveAttribute('open', '')
    await page.setViewportSize({ width: 768, height: 1024 })
    await openMap(page)
    await expect(page.getByTestId('map-legend')).not.toHaveAttribute('open')
    await page.getByTestId('map-legend').locator('summary').click()
    await expect(page.getByTestId('map-legend')).toHaveAttribute('open', '')
  })

  test('the list collapses and expands, and the map takes the room', async ({ page }) => {
    await openMap(page)
    const toggle = page.getByRole('button', { name: 'Hide the list' })
    const sidebar = page.getByTestId('map-sidebar')
    const narrow = (await page.locator('[data-map-state=ready]').boundingBox())!.width
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await toggle.click()
    await expect(sidebar).toBeHidden()
    await expect(page.getByRole('button', { name: 'Show the list' })).toHaveAttribute('aria-expanded', 'false')
    await expect.poll(async () => (await page.locator('[data-map-state=ready]').boundingBox())!.width).toBeGreaterThan(narrow + 200)
    await page.getByRole('button', { name: 'Show the list' }).click()
    await expect(sidebar).toBeVisible()
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`has no serious axe findings in the ${theme} theme`, async ({ page }) => {
      await openMap(page, { theme })
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      // With a popup open, so it is checked too.
      await page.getByTestId('map-list').locator('button[data-key]').first().click()
      await expect(page.getByTestId('map-popup')).toBeVisible()
      // The camera's flight to the dataset has ended.
      await page.waitForFunction(() => {
        const map = window.__portalscopeMap as MapHook | undefined
        return map !== undefined && map.loaded() && !map.isMoving()
      })
      await page.screenshot({ path: `test-results/map-home-popup-${theme}.png` })
      const results = await new AxeBuilder({ page }).analyze()
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    })
  }

  test('fits a 360-pixel phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 })
    await openMap(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await expect(page.getByTestId('map-sidebar')).toBeVisible()
    await page.screenshot({ path: 'test-results/map-home-phone.png' })
  })

  test('the map stays the server\'s picture until a person interacts with the page, then loads: a key press does it', async ({ page }) => {
    const chunks: string[] = []
    page.on('request', (request) => {
      if (/MapFrame|maplibre|deck/i.test(request.url())) chunks.push(request.url())
    })
    await page.goto('/?lang=en')
    await hydrated(page)
    await expect(page.locator('[data-map-state=waiting]')).toBeVisible()
    await expect(page.getByTestId('map-picture').locator('circle').first()).toBeAttached()
    // Nothing loading is announced while nothing loads, and the map's code is not fetched.
    await expect(page.locator('[data-map-state=waiting]').getByTestId('map-overlay')).toHaveCount(0)
    await page.waitForLoadState('networkidle')
    expect(chunks).toEqual([])
    expect(await page.evaluate(() => window.__portalscopeMap === undefined)).toBe(true)
    // The list works meanwhile; the first key press loads the map.
    await expect(page.getByTestId('map-list').locator('button[data-key]').first()).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(page.locator('[data-map-state=ready]')).toBeVisible({ timeout: 30_000 })
    expect(chunks.length).toBeGreaterThan(0)
    await expect(page.getByTestId('map-picture')).toHaveCount(0, { timeout: 30_000 })
    // Reached by the keyboard, the map shows that it has the focus.
    const canvas = page.locator('.maplibregl-canvas')
    for (let tab = 0; tab < 60 && !(await canvas.evaluate((element) => element === document.activeElement)); tab++) await page.keyboard.press('Tab')
    await expect(canvas).toBeFocused()
    expect(await canvas.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid')
  })

  test('the page carries its picture once, in its markup, and a client-side navigation gets it in its data', async ({ request }) => {
    // The kraj lines' path data: long, distinctive, and written the same in the markup and in serialized data. The page
    // has a picture once the helper's first map build is there (moments after the server starts).
    let html = ''
    const regionsIn = (text: string) => /<path d="([^"]+)" class="map-picture-regions"/.exec(text)?.[1] ?? ''
    await expect.poll(async () => regionsIn((html = await (await request.get('/?lang=en')).text())).length, { timeout: 30_000 }).toBeGreaterThan(200)
    const regions = regionsIn(html)
    const sample = regions.slice(0, 200)
    expect(html.split(sample).length - 1).toBe(1)
    const data = await (await request.get('/index.pageContext.json')).text()
    expect(data.split(sample).length - 1).toBe(1)
  })

  for (const [theme, water] of [
    ['light', 'rgb(214, 228, 240)'],
    ['dark', 'rgb(14, 22, 32)'],
  ] as const) {
    test(`hydrates its picture from the page, and shows it again after a client-side navigation away and back, in the ${theme} theme`, async ({ page }) => {
      const problems: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' && /hydrat|#418|#423|#425/i.test(message.text())) problems.push(message.text())
      })
      page.on('pageerror', (error) => problems.push(error.message))
      const pageData: string[] = []
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/index.pageContext.json') pageData.push(request.url())
      })
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), theme)
      await openHome(page)
      const picture = page.getByTestId('map-picture')
      const waterFill = () => picture.locator('rect').first().evaluate((rect) => getComputedStyle(rect).fill)
      await expect(picture.locator('circle').first()).toBeAttached()
      expect(await waterFill()).toBe(water)
      const circles = await picture.locator('circle').count()
      // Links followed by a click event alone, as Vike's router follows them: no pointer, key or focus, so nothing that
      // would load the interactive map and take the picture away.
      const follow = (href: string) => page.evaluate((href) => document.querySelector<HTMLAnchorElement>(`header a[href="${href}"]`)!.click(), href)
      await follow('/ckan-instances')
      await expect(page).toHaveURL(/\/ckan-instances$/)
      await expect(picture).toHaveCount(0)
      await follow('/')
      await expect(page).toHaveURL(/:\d+\/$/)
      await expect(picture.locator('circle')).toHaveCount(circles)
      expect(await waterFill()).toBe(water)
      // The browser's back and forward buttons navigate on the client too.
      await page.goBack()
      await expect(picture).toHaveCount(0)
      await page.goForward()
      await expect(picture.locator('circle')).toHaveCount(circles)
      expect(pageData.length).toBeGreaterThan(0)
      // The first interaction loads the map, which replaces the picture once drawn.
      await page.mouse.move(20, 20)
      await expect(page.locator('[data-map-state=ready]')).toBeVisible({ timeout: 30_000 })
      await expect(picture).toHaveCount(0, { timeout: 30_000 })
      expect(problems).toEqual([])
    })
  }

  test('a browser without WebGL 2 is told the map cannot be drawn, in Czech, and the list still works', async ({ page }) => {
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
        return kind === 'webgl2' ? null : (original as (...args: unknown[]) => unknown).call(this, kind, ...rest)
      } as typeof original
    })
    await page.goto('/')
    await hydrated(page)
    // The map asks for WebGL 2 when it is wanted: on the first interaction (decision 022).
    await page.mouse.move(20, 20)
    await expect(page.locator('[data-map-state=unsupported]')).toContainText('Mapu nelze vykreslit')
    await expect(page.getByTestId('map-count')).toHaveText(/datov(á|é|ých) sad(a|y)? v oblasti/)
    const row = page.getByTestId('map-list').locator('button[data-key]').first()
    await expect(row).toBeVisible()
    await page.getByTestId('map-sidebar').getByLabel('Kvalita').selectOption('excellent')
    await expect.poll(async () => page.getByTestId('map-list').locator('button[data-key]').count()).toBeGreaterThan(0)
    for (const each of await page.getByTestId('map-list').locator('button[data-key]').all()) await expect(each).toContainText('Výborná')
  })

  test('tiles that fail to load are said so over the map, with a way to try again', async ({ page }) => {
    await openMap(page)
    let fail = true
    await page.route('**/api/map/tiles/**', (route) => (fail ? route.fulfill({ status: 500, body: 'down' }) : route.fallback()))
    await moveCamera(page, PRAGUE, 9)
    const overlay = page.getByTestId('map-overlay')
    await expect(overlay).toContainText('Part of the map could not be loaded.')
    fail = false
    await overlay.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByTestId('home-map')).toHaveAttribute('data-tile-zoom', '9')
    await expect(overlay).toBeHidden()
  })

  test('without JavaScript the list and the overview still show, and the map says it needs JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/?lang=en')
    // Playwright reads a <noscript>'s content as text even where the browser draws it, so both are checked.
    await expect(page.getByTestId('map-overlay')).toBeVisible()
    expect(await page.locator('[data-map-state] noscript').textContent()).toContain('The interactive map needs JavaScript')
    await expect(page.getByRole('button', { name: 'Hide the list' })).toHaveCount(0)
    await expect(page.getByTestId('map-list').locator('a[data-key]').first()).toHaveAttribute('href', /^\/dataset\//)
    await expect(page.getByTestId('map-count')).toHaveText(/datasets in view/)
    await expect(page.getByTestId('overview-totals')).toBeVisible()
    // The server's picture of the opening view shows the map anyway: the basemap's Czechia and the clusters' blue.
    const picture = page.getByTestId('map-picture')
    await expect(picture.locator('circle').first()).toBeAttached()
    await expect(picture.locator('text').first()).toHaveText(/^\d/)
    const counter = await browser.newPage()
    expect(await pixelsNear(page, [250, 249, 246], { map: '[data-map-state]', counter })).toBeGreaterThan(2000)
    expect(await pixelsNear(page, [0, 114, 178], { map: '[data-map-state]', counter })).toBeGreaterThan(500)
    await counter.close()
    await context.close()
  })
})

test.describe('home map on a touch screen', () => {
  test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true })
  test.describe.configure({ timeout: 45_000 })

  test('the first tap on a row, which also loads the map, flies the map to its dataset', async ({ page }) => {
    await openHome(page)
    // Nothing has touched the page yet: the map is the server's picture and its code is not loaded.
    await expect(page.locator('[data-map-state=waiting]')).toBeVisible()
    const row = page.getByTestId('map-list').locator('button[data-key]').first()
    const key = Number(await row.getAttribute('data-key'))
    const { data: item } = await trpc<Item>(page, 'map.dataset', { key })
    await row.tap()
    await expect(page.locator('[data-map-state=ready]')).toBeVisible({ timeout: 30_000 })
    // The camera flies there (seconds on a software-rendered map): close in, the dataset in view and its popup open.
    await expect.poll(() => page.evaluate(() => (window.__portalscopeMap as MapHook | undefined)?.getZoom() ?? 0), { timeout: 20_000 }).toBeGreaterThanOrEqual(13)
    const canvas = (await page.locator('.maplibregl-canvas').boundingBox())!
    await expect
      .poll(async () => {
        const point = await page.evaluate(({ lon, lat }) => (window.__portalscopeMap as MapHook).project([lon, lat]), item!)
        return point.x >= 0 && point.x <= canvas.width && point.y >= 0 && point.y <= canvas.height
      })
      .toBe(true)
    await expect(page.getByTestId('map-popup')).toHaveAttribute('data-key', String(key))
  })
})

test.describe('home map: your location', () => {
  test.use({ geolocation: { longitude: 16.61, latitude: 49.2 }, permissions: ['geolocation'] })

  test('flies to where you are and marks it', async ({ page }) => {
    await openMap(page)
    await page.getByRole('button', { name: 'Show my location' }).click()
    await expect(page.getByTestId('map-notice')).toHaveText('The map shows your location.')
    await expect(page.getByRole('img', { name: 'Your location' })).toBeVisible()
    // The camera flies there (seconds on a software-rendered map).
    await expect.poll(() => page.evaluate(() => (window.__portalscopeMap as MapHook).getZoom()), { timeout: 20_000 }).toBeGreaterThanOrEqual(12)
  })

  test('says so when the browser may not share it', async ({ page, context }) => {
    await context.clearPermissions()
    await openMap(page)
    await page.getByRole('button', { name: 'Show my location' }).click()
    await expect(page.getByTestId('map-notice')).toHaveText('Your location is not available: the browser was not allowed to share it.')
  })
})
