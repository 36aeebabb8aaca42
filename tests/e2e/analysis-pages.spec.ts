import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'

// /data-formats and /data-quality against the demo catalogue (three portals: demo-narodni-katalog, demo-kraje,
// demo-mesta). The figures a page prints are compared with what the tRPC API answers for the same filters.

type FormatsSummary = {
  resources: number
  datasets: number
  formats: Array<{ format: string; resources: number }>
}
type FormatDetail = { rawValues: Array<{ raw: string; resources: number }>; items: Array<{ id: string; title: string }>; datasets: number; byPortal: Array<{ instanceId: string }> }
type QualitySummary = {
  datasets: number
  averageScore: number | null
  byPortal: Array<{ instanceId: string; datasets: number; averageScore: number | null; isDemo: boolean }>
}

async function trpc<T>(request: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const res = await request.get(`/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`)
  expect(res.ok(), `${procedure} answers`).toBe(true)
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json
}

async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

/** The unformatted number a stat card carries in `data-value`. */
async function stat(page: Page, key: string): Promise<number> {
  const card = page.getByTestId(`stat-${key}`)
  await expect(card).toBeVisible()
  return Number(await card.getAttribute('data-value'))
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

async function bodyRows(table: Locator): Promise<number> {
  return table.locator('tbody tr').count()
}

test.describe('data formats', () => {
  test('prints the figures of formats.summary, format by format', async ({ page, request }) => {
    const summary = await trpc<FormatsSummary>(request, 'formats.summary', {})
    expect(summary.resources).toBeGreaterThan(0)
    await page.goto('/data-formats?lang=en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data Formats')
    expect(await stat(page, 'resources')).toBe(summary.resources)
    expect(await stat(page, 'datasets')).toBe(summary.datasets)
    const table = page.getByTestId('format-table')
    expect(await bodyRows(table)).toBe(summary.formats.length)
    const first = table.locator('tbody tr').first()
    await expect(first).toHaveAttribute('data-format', summary.formats[0]!.format)
    await expect(first).toHaveAttribute('data-resources', String(summary.formats[0]!.resources))
    await expect(page.getByTestId('as-of').locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/)
    // Every chart has a text alternative and its data as a table.
    for (const chart of await page.locator('figure [role=img]').all()) await expect(chart).toHaveAttribute('aria-label', /\S/)
    await page.getByTestId('format-mix-chart').getByText('Show as table').click()
    await expect(page.getByTestId('format-mix-chart').locator('table')).toBeVisible()
    // Demo portals are marked in the filter form.
    await expect(page.getByTestId('analysis-filters').getByText('Demo data').first()).toBeVisible()
  })

  test('a region filter changes the URL and the figures', async ({ page, request }) => {
    const [all, prague] = await Promise.all([
      trpc<FormatsSummary>(request, 'formats.summary', {}),
      trpc<FormatsSummary>(request, 'formats.summary', { regionId: 'CZ010' }),
    ])
    expect(prague.resources).toBeGreaterThan(0)
    expect(prague.resources).toBeLessThan(all.resources)
    await page.goto('/data-formats?lang=en')
    await hydrated(page)
    await page.getByLabel('Region').selectOption('CZ010')
    await page.getByTestId('apply-filters').click()
    await expect(page).toHaveURL(/\/data-formats\?region=CZ010$/)
    await expect(page.getByTestId('stat-resources')).toHaveAttribute('data-value', String(prague.resources))
    await expect(page.getByLabel('Region')).toHaveValue('CZ010')
  })

  test('drills down from a format to its raw values, portals and datasets', async ({ page, request }) => {
    const csv = await trpc<FormatDetail>(request, 'formats.byFormat', { format: 'CSV', page: 1, pageSize: 20 })
    const second = await trpc<FormatDetail>(request, 'formats.byFormat', { format: 'CSV', page: 2, pageSize: 20 })
    await page.goto('/data-formats?lang=en')
    await hydrated(page)
    await page.getByTestId('format-table').getByRole('link', { name: 'CSV', exact: true }).click()
    await expect(page).toHaveURL(/\/data-formats\?format=CSV$/)
    await expect(page.getByRole('heading', { level: 2, name: /CSV/ })).toBeVisible()
    expect(await stat(page, 'datasets')).toBe(csv.datasets)
    const raw = page.getByTestId('format-raw-values')
    expect(await bodyRows(raw)).toBe(csv.rawValues.length)
    await expect(raw.locator('tbody tr').first()).toContainText(csv.rawValues[0]!.raw)
    await expect(page.getByTestId('format-portals').locator('tbody tr')).toHaveCount(csv.byPortal.length)

    const datasets = page.getByTestId('format-datasets')
    await expect(datasets.locator('tbody tr')).toHaveCount(csv.items.length)
    const firstLink = datasets.getByRole('link', { name: csv.items[0]!.title, exact: true }).first()
    await expect(firstLink).toHaveAttribute('href', `/dataset/${encodeURIComponent(csv.items[0]!.id)}`)

    await page.getByRole('navigation', { name: 'Pages of datasets' }).getByRole('link', { name: /^Page 2 of/ }).click()
    await expect(page).toHaveURL(/\/data-formats\?format=CSV&page=2$/)
    await expect(datasets.locator('tbody tr').first()).toContainText(second.items[0]!.title)

    await datasets.getByRole('link', { name: second.items[0]!.title, exact: true }).first().click()
    await expect(page).toHaveURL(new RegExp(`/dataset/${escapeRegExp(encodeURIComponent(second.items[0]!.id))}$`))
  })

  test('filters and drill-down work without JavaScript', async ({ browser, request }) => {
    const mesta = await trpc<FormatsSummary>(request, 'formats.summary', { instanceIds: ['demo-mesta'] })
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/data-formats?lang=en')
    await page.locator('input[name=portal][value="demo-mesta"]').check()
    await page.getByTestId('apply-filters').click()
    await expect(page).toHaveURL(/portal=demo-mesta/)
    expect(await stat(page, 'resources')).toBe(mesta.resources)
    await page.getByTestId('format-table').getByRole('link', { name: 'JSON', exact: true }).click()
    await expect(page).toHaveURL(/portal=demo-mesta.*format=JSON/)
    await expect(page.getByTestId('format-datasets')).toBeVisible()
    await context.close()
  })
})

test.describe('data quality', () => {
  test('prints the figures of quality.summary, portal by portal', async ({ page, request }) => {
    const summary = await trpc<QualitySummary>(request, 'quality.summary', {})
    expect(summary.datasets).toBeGreaterThan(0)
    await page.goto('/data-quality?lang=en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data Quality')
    expect(await stat(page, 'datasets')).toBe(summary.datasets)
    expect(await stat(page, 'average-score')).toBe(summary.averageScore)
    const table = page.getByTestId('portal-quality-table')
    expect(await bodyRows(table)).toBe(summary.byPortal.length)
    for (const portal of summary.byPortal) {
      const row = table.locator(`tr[data-portal="${portal.instanceId}"]`)
      await expect(row).toHaveAttribute('data-datasets', String(portal.datasets))
      await expect(row).toHaveAttribute('data-score', String(portal.averageScore ?? ''))
      if (portal.isDemo) await expect(row).toContainText('Demo data')
    }
    for (const id of ['quality-bands', 'quality-dimensions', 'most-failed', 'portal-watch', 'quality-trend', 'worst-datasets', 'publishers']) {
      await expect(page.getByTestId(id)).toBeVisible()
    }
  })

  test('a portal filter changes the URL and the figures', async ({ page, request }) => {
    const [all, kraje, both] = await Promise.all([
      trpc<QualitySummary>(request, 'quality.summary', {}),
      trpc<QualitySummary>(request, 'quality.summary', { instanceIds: ['demo-kraje'] }),
      trpc<QualitySummary>(request, 'quality.summary', { instanceIds: ['demo-kraje', 'demo-mesta'] }),
    ])
    expect(kraje.datasets).toBeLessThan(all.datasets)
    await page.goto('/data-quality?lang=en')
    await hydrated(page)
    await page.locator('input[name=portal][value="demo-kraje"]').check()
    await page.getByTestId('apply-filters').click()
    await expect(page).toHaveURL(/\/data-quality\?portal=demo-kraje$/)
    await expect(page.getByTestId('stat-datasets')).toHaveAttribute('data-value', String(kraje.datasets))
    await expect(page.getByTestId('portal-quality-table').locator('tbody tr')).toHaveCount(1)
    // Two portals: a repeated parameter, both of which reach the page's data on a client-side navigation too.
    expect(both.datasets).toBeGreaterThan(kraje.datasets)
    await page.locator('input[name=portal][value="demo-mesta"]').check()
    await page.getByTestId('apply-filters').click()
    await expect(page).toHaveURL(/\/data-quality\?portal=demo-kraje&portal=demo-mesta$/)
    await expect(page.getByTestId('stat-datasets')).toHaveAttribute('data-value', String(both.datasets))
    await expect(page.getByTestId('portal-quality-table').locator('tbody tr')).toHaveCount(2)
    await page.getByRole('link', { name: 'Clear filters' }).click()
    await expect(page).toHaveURL(/\/data-quality$/)
    await expect(page.getByTestId('stat-datasets')).toHaveAttribute('data-value', String(all.datasets))
  })

  test('the worst datasets link to their pages', async ({ page, request }) => {
    const worst = await trpc<Array<{ id: string; title: string }>>(request, 'quality.worst', { limit: 10 })
    await page.goto('/data-quality?lang=en')
    const rows = page.getByTestId('worst-table').locator('tbody tr')
    await expect(rows).toHaveCount(worst.length)
    await expect(rows.first().getByRole('link')).toHaveAttribute('href', `/dataset/${encodeURIComponent(worst[0]!.id)}`)
  })

  for (const { testId, table } of [
    { testId: 'portals-csv', table: 'portal-quality-table' },
    { testId: 'publishers-csv', table: 'publisher-quality-table' },
  ]) {
    test(`the ${testId} link downloads the rows of its table`, async ({ page }) => {
      await page.goto('/data-quality?lang=en')
      const rows = await bodyRows(page.getByTestId(table))
      expect(rows).toBeGreaterThan(0)
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()])
      expect(download.suggestedFilename()).toMatch(/\.csv$/)
      const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '')
      const records = text.split('\r\n').filter((line) => line !== '')
      expect(records[0]).toMatch(/_id,/)
      expect(records.length - 1).toBe(rows)
    })
  }
})

test.describe('analysis pages accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const path of ['/data-formats', '/data-formats?format=CSV', '/data-quality']) {
      test(`${path} has no serious axe findings in the ${theme} theme`, async ({ page }) => {
        await page.addInitScript((t) => localStorage.setItem('theme', t), theme)
        await page.goto(path)
        await hydrated(page)
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        // The chart tables behind "Show as table" are checked too.
        await page.locator('details').evaluateAll((all) => all.forEach((details) => ((details as HTMLDetailsElement).open = true)))
        const results = await new AxeBuilder({ page }).analyze()
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
      })
    }
  }
})
