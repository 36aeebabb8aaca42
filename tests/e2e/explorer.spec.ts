import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

// /ckan-explorer against the demo catalogue (demo-narodni-katalog, demo-kraje, demo-mesta: snapshot only) and live
// CKAN fixture portals registered by the e2e setup (tests/ckan-fixture): two that answer and one that is down.
// They are found by the slug in their API address (http://127.0.0.1:<port>/<slug>/api/3); override the slugs with
// E2E_LIVE_SLUGS=live-a,live-b and E2E_DOWN_SLUG=down.
//
// Anonymous visitors get 30 live searches a minute, shared by every test from this address: the tests below search
// live only where they must, and use demo portals (never asked live) or the snapshot switch everywhere else.

const DEMO = ['demo-kraje', 'demo-mesta']
const LIVE_SLUGS = (process.env.E2E_LIVE_SLUGS ?? 'live-a,live-b').split(',')
const DOWN_SLUG = process.env.E2E_DOWN_SLUG ?? 'down'

type Portal = { id: string; name: string; apiBase: string; isDemo: boolean }

async function portals(request: APIRequestContext): Promise<Portal[]> {
  const body = (await (await request.get('/api/trpc/portals.list')).json()) as { result: { data: { json: Portal[] } } }
  return body.result.data.json
}

async function fixturePortals(request: APIRequestContext) {
  const all = await portals(request)
  const bySlug = (slug: string) => {
    const found = all.find((portal) => !portal.isDemo && new URL(portal.apiBase).pathname.startsWith(`/${slug}/`))
    expect(found, `a registered CKAN fixture portal at /${slug}/api/3 (see the comment at the top of explorer.spec.ts)`).toBeTruthy()
    return found!
  }
  return { live: LIVE_SLUGS.map(bySlug), down: bySlug(DOWN_SLUG) }
}

const explorerUrl = (params: Array<[string, string]>) => `/ckan-explorer?${new URLSearchParams(params).toString()}`
const demoUrl = (extra: Array<[string, string]> = []) => explorerUrl([...DEMO.map((id): [string, string] => ['portal', id]), ...extra])

async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

/** "1,234 datasets found", as the live region says it. */
const countText = (n: number) => new RegExp(`^${n === 1 ? '1 dataset' : `${n.toLocaleString('en')} datasets`} found$`)

function results(page: Page) {
  return page.getByRole('region', { name: 'Results' })
}

function facetList(page: Page, facet: string) {
  return page.getByRole('region', { name: 'Filters' }).getByRole('list', { name: facet, exact: true })
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'en', url: baseURL! }])
})

test('the server-rendered HTML holds the results, the GET form and plain facet links', async ({ request }) => {
  const res = await request.get(demoUrl([['q', 'rozpočet']]), { headers: { cookie: 'lang=en' } })
  expect(res.status()).toBe(200)
  const html = await res.text()
  const form = /<form[^>]*role="search"[^>]*>/.exec(html)?.[0] ?? ''
  for (const attribute of ['method="get"', 'action="/ckan-explorer"']) expect(form).toContain(attribute)
  expect(html).toMatch(/data-testid="explorer-count"[^>]*>[\d,]+ datasets? found</)
  // Result titles link to the dataset pages, with the id encoded.
  expect(html).toMatch(/<h3[^>]*><a href="\/dataset\/demo-(kraje|mesta)%3A[0-9a-f-]+">/)
  expect(html).toContain('From the harvested snapshot')
  expect(html).toMatch(/<a href="\/ckan-explorer\?q=rozpo%C4%8Det&amp;portal=demo-kraje&amp;portal=demo-mesta&amp;format=[^"]+" rel="nofollow"/)
})

test('typing a query and choosing a facet update the URL and the results, with counts that match', async ({ page }) => {
  const problems: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  await page.goto(demoUrl())
  await hydrated(page)
  const count = page.getByTestId('explorer-count')
  await expect(count).toHaveAttribute('role', 'status')
  const before = await count.textContent()

  await page.getByLabel('Search datasets').fill('rozpočet')
  await page.getByLabel('Search datasets').press('Enter')
  await expect(page).toHaveURL(/[?&]q=rozpo%C4%8Det(&|$)/)
  await expect(count).not.toHaveText(before!)
  await expect(results(page).getByRole('heading', { level: 3 }).first()).toBeVisible()

  // A facet is a link: chosen with the keyboard, it filters in place and its count is the new total.
  const facet = facetList(page, 'Formats').getByRole('link').first()
  const expected = Number((await facet.locator('span').last().textContent())!.replace(/\D/g, ''))
  expect(expected).toBeGreaterThan(0)
  await facet.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/[?&]format=/)
  await expect(count).toHaveText(countText(expected))
  // The chosen value is a removable chip.
  const chip = results(page).getByRole('link', { name: /^Remove filter Formats: / })
  await expect(chip).toHaveCount(1)

  // Paging moves focus to the results heading, so keyboard users land on the new page.
  const pages = page.getByRole('navigation', { name: 'Result pages' })
  if (expected > 20) {
    await pages.getByRole('link', { name: 'Page 2 of', exact: false }).press('Enter')
    await expect(page).toHaveURL(/[?&]page=2(&|$)/)
    await expect(page.getByRole('heading', { name: 'Results', level: 2 })).toBeFocused()
  }

  await chip.click()
  await expect(page).not.toHaveURL(/[?&]format=/)
  await expect(chip).toHaveCount(0)
  expect(problems).toEqual([])
})

test('the back button restores the previous search', async ({ page }) => {
  await page.goto(demoUrl())
  await hydrated(page)
  const count = page.getByTestId('explorer-count')
  const initial = (await count.textContent())!

  await page.getByLabel('Search datasets').fill('osvětlení')
  await page.getByLabel('Search datasets').press('Enter')
  await expect(page).toHaveURL(/[?&]q=osv%C4%9Btlen%C3%AD/)
  await expect(count).not.toHaveText(initial)
  const searched = (await count.textContent())!

  await facetList(page, 'Tags').getByRole('link').first().click()
  await expect(page).toHaveURL(/[?&]tag=/)
  await expect(count).not.toHaveText(searched)

  await page.goBack()
  await expect(page).not.toHaveURL(/[?&]tag=/)
  await expect(page).toHaveURL(/[?&]q=osv%C4%9Btlen%C3%AD/)
  await expect(count).toHaveText(searched)
  await expect(page.getByLabel('Search datasets')).toHaveValue('osvětlení')

  await page.goBack()
  await expect(page).not.toHaveURL(/[?&]q=/)
  await expect(count).toHaveText(initial)
  await expect(page.getByLabel('Search datasets')).toHaveValue('')

  await page.goForward()
  await expect(count).toHaveText(searched)
})

test('a portal that is down gets a notice naming it, while the others answer live', async ({ page, request }) => {
  const { live, down } = await fixturePortals(request)
  // The live answer is held until the results' place on the page is known.
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/api\/trpc\/datasets\.search/, async (route) => {
    if (decodeURIComponent(route.request().url()).includes('"source":"live"')) await released
    await route.continue()
  })
  await page.goto(explorerUrl([...live, down].map((portal) => ['portal', portal.id])))
  await hydrated(page)
  const cards = results(page).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) })
  await expect(page.getByTestId('explorer-live-status').locator('summary')).toHaveText(`Waiting for live answers from ${live.length + 1} catalogues…`)
  const placed = (await cards.first().boundingBox())!.y
  release()
  const notice = page.getByTestId('explorer-partial')
  await expect(notice).toBeVisible({ timeout: 15_000 })
  // The notice comes after the results, and the status line kept its room: no result moved.
  expect((await cards.first().boundingBox())!.y).toBe(placed)
  await page.getByTestId('explorer-partial-link').click()
  await expect(page).toHaveURL(/#explorer-live-notice$/)
  await expect(notice).toBeInViewport()
  await expect(notice).toContainText(down.name)
  for (const portal of live) await expect(notice).not.toContainText(portal.name)
  await expect(page.getByTestId('explorer-source')).toHaveAttribute('data-source', 'live')
  await expect(page.getByTestId('explorer-live-status').locator('summary')).toHaveText(`Live answers: ${live.length} of ${live.length + 1}`)
  await expect(cards.first()).toBeVisible()
  await expect(cards.first()).toContainText(new RegExp(live.map((portal) => portal.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')))
  // Each portal's outcome is listed.
  await page.getByTestId('explorer-live-status').locator('summary').click()
  await expect(page.locator(`[data-portal="${down.id}"]`)).toHaveAttribute('data-status', 'failed')
  for (const portal of live) await expect(page.locator(`[data-portal="${portal.id}"]`)).toHaveAttribute('data-status', 'answered')
})

test('the snapshot switch keeps the search on the harvested data', async ({ page, request }) => {
  const { live, down } = await fixturePortals(request)
  const liveCalls: string[] = []
  page.on('request', (req) => {
    const url = decodeURIComponent(req.url())
    if (url.includes('/api/trpc/datasets.search') && url.includes('"source":"live"')) liveCalls.push(url)
  })
  await page.goto(explorerUrl([...live, down].map((portal) => ['portal', portal.id])))
  await hydrated(page)
  const toggle = page.getByRole('checkbox', { name: 'Search harvested snapshot only' })
  await expect(toggle).not.toBeChecked()
  await page.getByText('Search harvested snapshot only').click()
  await expect(toggle).toBeChecked()
  await expect(page).toHaveURL(/[?&]source=snapshot(&|$)/)
  await expect(page.getByTestId('explorer-source')).toHaveAttribute('data-source', 'snapshot')
  await expect(page.getByTestId('explorer-partial')).toHaveCount(0)
  // The down portal's harvested datasets count too: the snapshot does not ask the portals.
  await expect(page.getByTestId('explorer-count')).toHaveText(/datasets? found/)

  liveCalls.length = 0
  await page.reload()
  await hydrated(page)
  await expect(page.getByRole('checkbox', { name: 'Search harvested snapshot only' })).toBeChecked()
  await page.waitForLoadState('networkidle')
  expect(liveCalls).toEqual([])
})

test('the catalogue choice and the hidden facet values are rendered when opened, and a search sends the current choice', async ({ page }) => {
  const [first, second] = DEMO as [string, string]
  await page.goto(explorerUrl([['portal', first]]))
  await hydrated(page)
  // The back and forward buttons change the choice while its list is closed: the search sends the new one.
  await page.evaluate((url) => window.history.pushState(null, '', url), explorerUrl([['portal', second]]))
  await page.goBack()
  await page.goForward()
  await expect(page.locator('form[role=search] details summary')).toHaveText('Catalogues: 1 chosen')
  await page.getByLabel('Search datasets').fill('data')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'data' && url.searchParams.getAll('portal').join() === second)
  // A facet's further values, opened, are links the page follows in place.
  const more = page.locator('section[aria-labelledby="explorer-filters"] details').filter({ has: page.locator('summary', { hasText: /^Show \d+ more/ }) }).first()
  await more.locator('summary').click()
  const link = more.getByRole('link').first()
  await expect(link).toBeVisible()
  const href = (await link.getAttribute('href'))!
  await link.click()
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === href)
  await expect(page.getByTestId('explorer-count')).toHaveText(/datasets? found/)

  // Reached by a client-side navigation there is no server markup to keep: the values are there before opening, so
  // the browser's find-in-page sees them.
  await page.goto('/organizations')
  await hydrated(page)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explorer' }).click()
  await expect(page).toHaveURL(/\/ckan-explorer$/)
  const closed = page.locator('section[aria-labelledby="explorer-filters"] details:not([open])').filter({ has: page.locator('summary', { hasText: /^Show \d+ more/ }) }).first()
  await expect(closed.locator('a[href^="/ckan-explorer?"]').first()).toBeAttached()
})

test('without JavaScript the form, the facets and the pages search the snapshot', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  await context.addCookies([{ name: 'lang', value: 'en', url: baseURL! }])
  const page = await context.newPage()
  await page.goto(demoUrl())
  await page.getByLabel('Search datasets').fill('doprava')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/[?&]q=doprava/)
  const facet = facetList(page, 'Formats').getByRole('link').first()
  const expected = Number((await facet.locator('span').last().textContent())!.replace(/\D/g, ''))
  await facet.click()
  await expect(page).toHaveURL(/[?&]format=/)
  await expect(page.getByTestId('explorer-count')).toHaveText(countText(expected))
  if (expected > 20) {
    await page.getByRole('navigation', { name: 'Result pages' }).getByRole('link', { name: 'Next page' }).click()
    await expect(page).toHaveURL(/[?&]page=2(&|$)/)
    await expect(page.getByRole('navigation', { name: 'Result pages' }).getByRole('link', { name: 'Page 2 of', exact: false })).toHaveAttribute('aria-current', 'page')
  }
  await context.close()
})

test('a merged licence and a merged format filter on every raw value behind them, snapshot and live, and say by keyboard what they merge', async ({ page, request }) => {
  const { live } = await fixturePortals(request)
  const chosen = live.map((portal): [string, string] => ['portal', portal.id])
  /** Datasets the fixture portals themselves find for these raw values, summed over the portals. */
  const direct = async (field: string, values: string[]) => {
    const fq = `${field}:(${values.map((value) => JSON.stringify(value)).join(' OR ')})`
    let total = 0
    for (const portal of live) {
      const body = (await (await request.get(`${portal.apiBase}/action/package_search?rows=0&fq=${encodeURIComponent(fq)}`)).json()) as { result: { count: number } }
      total += body.result.count
    }
    return total
  }
  /** Tab from a facet value to its "more spellings" disclosure, open it with Enter, and read what it lists. */
  const spellingsByKeyboard = async (link: ReturnType<Page['locator']>) => {
    await link.focus()
    await page.keyboard.press('Tab')
    const summary = link.locator('xpath=..').locator('summary')
    await expect(summary).toBeFocused()
    await page.keyboard.press('Enter')
    const items = link.locator('xpath=..').locator('details[open] li')
    await expect(items.first()).toBeVisible()
    return items.allTextContents()
  }
  const countOf = async (link: ReturnType<Page['locator']>) => Number((await link.locator(':scope > span').last().textContent())!.replace(/\D/g, ''))

  for (const source of ['snapshot', 'live'] as const) {
    const start = explorerUrl([...chosen, ...(source === 'snapshot' ? [['source', 'snapshot'] as [string, string]] : [])])
    await page.goto(start)
    await hydrated(page)
    await expect(page.getByTestId('explorer-source')).toHaveAttribute('data-source', source)
    // The fixture sends CC BY 4.0 as `cc-by-4.0` and as its URI: one licence, by its name, marked open in words.
    const licences = facetList(page, 'Licences')
    await expect(licences.getByRole('link', { name: /https?:\/\// })).toHaveCount(0)
    const ccBy = licences.getByRole('link', { name: /^Creative Commons Attribution 4\.0 International/ })
    await expect(ccBy.locator('[data-open]')).toHaveText('open')
    await expect(licences.getByRole('link', { name: /^Other \(not open\)/ }).locator('[data-open]')).toHaveText('not open')
    expect((await spellingsByKeyboard(ccBy)).sort(), source).toEqual(['cc-by-4.0', 'https://creativecommons.org/licenses/by/4.0/'])
    const licenceCount = await countOf(ccBy)
    expect(licenceCount).toBe(await direct('license_id', ['cc-by-4.0', 'https://creativecommons.org/licenses/by/4.0/']))
    expect(licenceCount).toBeGreaterThan(await direct('license_id', ['cc-by-4.0']))
    await ccBy.click()
    await expect(page).toHaveURL(/[?&]license=CC-BY-4\.0(&|$)/)
    await expect(page.getByTestId('explorer-count')).toHaveText(countText(licenceCount))
    await expect(page.getByRole('link', { name: 'Remove filter Licences: Creative Commons Attribution 4.0 International' })).toBeVisible()

    // CSV: every spelling the portals use, the count what the portals find for all of them at once.
    await page.goto(start)
    await hydrated(page)
    const csv = facetList(page, 'Formats').locator('a[href*="format=CSV"]')
    const spellings = await spellingsByKeyboard(csv)
    expect(spellings).toEqual(expect.arrayContaining(['csv', '.csv', 'text/csv']))
    const csvTotal = await direct('res_format', ['CSV', ...spellings])
    expect(csvTotal).toBeGreaterThan(await direct('res_format', ['CSV']))
    // The snapshot also knows CSV from a resource's mimetype when its format is blank, and counts each dataset once;
    // the portals count each spelling apart. Either way the count is at least what the spellings find.
    const csvCount = await countOf(csv)
    expect(csvCount).toBeGreaterThanOrEqual(csvTotal)
    await csv.click()
    await expect(page).toHaveURL(/[?&]format=CSV(&|$)/)
    await expect(page.getByTestId('explorer-count')).toHaveText(countText(source === 'snapshot' ? csvCount : csvTotal))
  }
})

test('a bad URL falls back to the defaults', async ({ request }) => {
  const res = await request.get(demoUrl([['sort', 'sideways'], ['page', '-3'], ['source', 'ftp']]), { headers: { cookie: 'lang=en' } })
  expect(res.status()).toBe(200)
  const html = await res.text()
  expect(html).toMatch(/aria-current="true"[^>]*>Relevance</)
  expect(html).toMatch(/datasets? found/)
})

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`has no serious axe findings in the ${theme} theme, notices and filters included`, async ({ page, request }) => {
      const { live, down } = await fixturePortals(request)
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme)
      await page.goto(explorerUrl([...[...live, down].map((portal): [string, string] => ['portal', portal.id]), ...DEMO.map((id): [string, string] => ['portal', id])]))
      await hydrated(page)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await expect(page.getByTestId('explorer-partial')).toBeVisible({ timeout: 15_000 })
      await facetList(page, 'Tags').getByRole('link').first().click()
      await expect(page).toHaveURL(/[?&]tag=/)
      await expect(page.getByTestId('explorer-partial')).toBeVisible({ timeout: 15_000 })
      // Open every disclosure (catalogue list, live status, more facet values), so their contents are checked too.
      await page.locator('details').evaluateAll((all) => all.forEach((details) => ((details as HTMLDetailsElement).open = true)))
      const findings = await new AxeBuilder({ page }).analyze()
      const serious = findings.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    })
  }
})
