import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { createDb, runRawBatch } from '../../db/client.server.ts'
import { LEASE_MS } from '../../server/ckan/harvest/harvest.server.ts'

// A first start's demo catalogue load, as the pages whose figures it changes show it. The real load is over before
// the run starts (the seed loads it), so a load in progress is the row its loader writes in every slice, written
// here; it lapses by itself 20 s later should this spec stop midway, as a stopped loader's does.
const db = await createDb({ url: process.env.E2E_DATABASE_URL ?? 'file:./data/e2e.db' })
async function loading(done: number): Promise<void> {
  const at = Date.now() - LEASE_MS + 20_000
  await runRawBatch(db, [
    {
      sql: `INSERT INTO demo_load (id, total, done, started_at, updated_at, finished_at) VALUES (1, 20000, ?, ?, ?, NULL)
        ON CONFLICT(id) DO UPDATE SET total = 20000, done = excluded.done, updated_at = excluded.updated_at, finished_at = NULL`,
      args: [done, at, at],
    },
  ])
}
async function finished(): Promise<void> {
  await runRawBatch(db, [{ sql: 'UPDATE demo_load SET done = total, updated_at = ?, finished_at = ? WHERE id = 1', args: [Date.now(), Date.now()] }])
}

const english = [{ name: 'lang', value: 'en', url: 'http://localhost' }]
const banner = (page: Page) => page.getByRole('status').and(page.getByTestId('demo-load'))

test.describe.configure({ mode: 'serial' })
test.afterAll(finished)

test('while the demo catalogue loads, its pages say so with the progress, without JavaScript too, and not after', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  await context.addCookies(english.map((cookie) => ({ ...cookie, url: baseURL! })))
  const page = await context.newPage()
  await page.goto('/')
  await expect(banner(page)).toHaveCount(0)

  await loading(8000)
  for (const path of ['/', '/ckan-explorer', '/data-quality']) {
    // The data version is read at most once a second: a page rendered a moment earlier may still be current.
    await expect(async () => {
      await page.goto(path)
      await expect(banner(page)).toContainText('Loading the demo catalogue: 8,000 of 20,000 datasets', { timeout: 100 })
    }).toPass({ timeout: 5000 })
    const bar = banner(page).getByRole('progressbar', { name: 'Loading the demo catalogue' })
    await expect(bar).toHaveAttribute('aria-valuenow', '8000')
    await expect(bar).toHaveAttribute('aria-valuemax', '20000')
  }
  // Not on pages whose figures do not change with it.
  await page.goto('/auth/login')
  await expect(banner(page)).toHaveCount(0)

  await finished()
  await expect(async () => {
    await page.goto('/')
    await expect(banner(page)).toHaveCount(0, { timeout: 100 })
  }).toPass({ timeout: 5000 })
  await context.close()
})

test('with JavaScript the banner follows the load and, once it is over, shows the complete figures', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL })
  await context.addCookies(english.map((cookie) => ({ ...cookie, url: baseURL! })))
  const page = await context.newPage()
  await loading(8000)
  await expect(async () => {
    await page.goto('/data-formats')
    await expect(banner(page)).toContainText('8,000 of 20,000', { timeout: 100 })
  }).toPass({ timeout: 5000 })
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      const html = document.documentElement
      html.classList.remove('light', 'dark')
      html.classList.add(t)
      html.dataset.theme = t
    }, theme)
    const results = await new AxeBuilder({ page }).include('[data-testid="demo-load"]').analyze()
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious.map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  }

  await loading(12_500)
  await expect(banner(page)).toContainText('12,500 of 20,000', { timeout: 5000 })
  await expect(banner(page).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '12500')

  await finished()
  await expect(banner(page)).toContainText('The demo catalogue is loaded.', { timeout: 5000 })
  await banner(page).getByRole('button', { name: 'Show the complete figures' }).click()
  await expect(banner(page)).toHaveCount(0)
  await context.close()
})
