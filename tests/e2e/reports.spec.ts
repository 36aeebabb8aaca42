import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { parseCsv } from '../../lib/csv.ts'
import { E2E_USERS, hydrated, signIn, trpc } from './users.ts'

// Reports: two runs with results recorded through the API, then the page's figures (pass rate per run and overall,
// counts, the flaky case, the blocked cause) and the CSV export are checked against what was recorded; an outsider
// gets 404; the page works without JavaScript, passes axe in both themes, fits a phone and prints without its frame.

const owner = E2E_USERS.reportsOwner
const tester = E2E_USERS.reportsTester

type Status = 'passed' | 'failed' | 'blocked'

async function ok<T>(call: Promise<{ data: T | null; error: unknown }>): Promise<T> {
  const answer = await call
  expect(answer.error).toBeNull()
  return answer.data!
}

/** Records results in a run, by case title. */
async function record(page: Page, runId: string, results: Record<string, [Status, string?]>) {
  const run = await ok(trpc<{ cases: Array<{ id: string; title: string }> }>(page, 'testRuns.byId', { id: runId }))
  for (const [title, [status, comment = '']] of Object.entries(results)) {
    const runCaseId = run.cases.find((item) => item.title === title)!.id
    await ok(trpc(page, 'testRuns.record', { runCaseId, expectedLatestResultId: null, result: { status, comment } }, 'mutation'))
  }
}

/**
 * A project of three cases and two runs of all three: the first passes one, fails one and is blocked on one; the
 * second fails two and leaves one untested. Search goes from passed to failed: a regression, not yet flaky.
 */
async function prepared(page: Page) {
  const key = `P${Math.random().toString(36).slice(2, 8).toUpperCase()}`
  const project = await ok(trpc<{ id: string }>(page, 'projects.create', { name: `Reports ${key}`, key }, 'mutation'))
  const ids: string[] = []
  for (const [title, priority] of [
    ['Search finds datasets', 'high'],
    ['Licence is shown', 'critical'],
    ['CSV preview opens', 'low'],
  ]) {
    ids.push((await ok(trpc<{ id: string }>(page, 'testCases.create', { projectId: project.id, title, priority, state: 'active' }, 'mutation'))).id)
  }
  const start = (name: string) => ok(trpc<{ id: string }>(page, 'testRuns.create', { projectId: project.id, run: { name }, source: { kind: 'selection', caseIds: ids } }, 'mutation'))
  const first = await start('Nightly one')
  await record(page, first.id, { 'Search finds datasets': ['passed'], 'Licence is shown': ['failed'], 'CSV preview opens': ['blocked', 'Portal down\nTimed out after 30 s'] })
  const second = await start('Nightly two')
  await record(page, second.id, { 'Search finds datasets': ['failed'], 'Licence is shown': ['failed'] })
  return { projectId: project.id, key, firstId: first.id, secondId: second.id, searchId: ids[0]! }
}

test('the report shows what was recorded, and the CSV export says the same; outsiders get 404', async ({ page, browser }) => {
  await signIn(page, owner)
  const { projectId, key, firstId, searchId } = await prepared(page)

  // Not a member yet: the page and the export do not exist for the tester.
  const outside = await browser.newContext()
  const outsider = await outside.newPage()
  await signIn(outsider, tester)
  expect((await outsider.goto(`/reports?project=${projectId}`))!.status()).toBe(404)
  expect((await outsider.request.get(`/api/reports/export?project=${projectId}&format=csv`)).status()).toBe(404)
  await outside.close()

  await page.goto(`/reports?project=${projectId}`)
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports')
  await expect(page.getByTestId('project-nav').getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page')
  // Six run cases, one passed: 17 %.
  await expect(page.getByTestId('stat-pass-rate')).toContainText('17%')
  await expect(page.getByTestId('stat-runs')).toContainText('2')
  await expect(page.getByTestId('stat-cases')).toContainText('6')
  await expect(page.getByTestId('stat-failed')).toContainText('3')
  await expect(page.getByTestId('stat-blocked')).toContainText('1')
  const rows = page.getByTestId('report-run-row')
  await expect(rows).toHaveText([/Nightly two/, /Nightly one/])
  await expect(rows.nth(0).getByTestId('pass-rate')).toHaveText('0% passed')
  await expect(rows.nth(0).getByTestId('run-counts')).toHaveText(/0 passed.*2 failed.*1 untested/)
  await expect(rows.nth(1).getByTestId('pass-rate')).toHaveText('33% passed')
  await expect(rows.nth(1).getByTestId('run-counts')).toHaveText(/1 passed.*1 failed.*1 blocked/)
  await expect(rows.nth(1).getByRole('link', { name: 'JUnit XML of Nightly one' })).toHaveAttribute('href', `/api/test-runs/${firstId}/export?format=junit`)

  // Search passed, then failed: one regression is not flakiness.
  await expect(page.getByTestId('flaky-row')).toHaveCount(0)
  await expect(page.getByTestId('flaky-none')).toBeVisible()
  // The blocked cause is the comment's first line; its chart names it in its text alternative.
  await expect(page.getByTestId('blocked-chart').getByRole('img')).toHaveAttribute('aria-label', 'Blocked causes: Portal down 1.')
  await page.getByTestId('report-priority').getByText('Show as table').click()
  await expect(page.getByTestId('priority-chart').getByRole('row', { name: /^High/ })).toContainText('1 (50%)')

  // The CSV export for the same filters holds the same figures.
  const href = await page.getByTestId('export-csv').getAttribute('href')
  const response = await page.request.get(href!)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-disposition']).toMatch(new RegExp(`^attachment; filename="${key}-report-\\d{4}-\\d{2}-\\d{2}\\.csv"$`))
  const csv = parseCsv(await response.text())
  const column = (name: string) => csv[0]!.indexOf(name)
  const byLabel = (section: string, label: string) => csv.find((row) => row[0] === section && row[column('label')] === label)!
  expect(byLabel('overall', key).slice(column('total'), column('pass_rate') + 1)).toEqual(['6', '1', '3', '1', '0', '1', '0.1667'])
  expect(byLabel('run', 'Nightly one')[column('pass_rate')]).toBe('0.3333')
  expect(byLabel('run', 'Nightly two')[column('pass_rate')]).toBe('0')
  expect(csv.some((row) => row[0] === 'flaky')).toBe(false)
  expect(byLabel('blocked_cause', 'Portal down')[column('total')]).toBe('1')
  const json = (await (await page.request.get((await page.getByTestId('export-json').getAttribute('href'))!)).json()) as { overall: { total: number; passRate: number } }
  expect(json.overall).toMatchObject({ total: 6, passRate: 1 / 6 })
  const unknown = await page.request.get(`/api/reports/export?project=${projectId}&format=xlsx`)
  expect(unknown.status()).toBe(400)
  expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe('Unknown export format “xlsx”. Use one of: csv, json.')

  // A third run where Search passes again: passed, failed, passed alternates, and that is the flaky case.
  const third = await ok(trpc<{ id: string }>(page, 'testRuns.create', { projectId, run: { name: 'Nightly three' }, source: { kind: 'selection', caseIds: [searchId] } }, 'mutation'))
  await record(page, third.id, { 'Search finds datasets': ['passed'] })
  await page.reload()
  const flaky = page.getByTestId('flaky-row')
  await expect(flaky).toHaveCount(1)
  await expect(flaky).toContainText(`${key}-1 Search finds datasets`)
  await expect(flaky.getByTestId('flaky-flips')).toHaveText('2')
  await expect(flaky).toContainText('Passed, Failed, Passed (3 runs)')
  const again = parseCsv(await (await page.request.get(href!)).text())
  expect(again.find((row) => row[0] === 'flaky' && row[column('label')] === 'Search finds datasets')?.[column('value')]).toBe('2')

  // A member with any role reads the report.
  await ok(trpc(page, 'projects.members.add', { projectId, email: tester.email, role: 'tester' }, 'mutation'))
  const member = await browser.newContext()
  const memberPage = await member.newPage()
  await signIn(memberPage, tester)
  await memberPage.goto(`/reports?project=${projectId}`)
  await expect(memberPage.getByTestId('report-run-row')).toHaveCount(3)
  await member.close()
})

test('without JavaScript the report and its filters work; an empty project says so', async ({ page, browser, baseURL }) => {
  await signIn(page, owner)
  const { projectId } = await prepared(page)
  const empty = await ok(trpc<{ id: string }>(page, 'projects.create', { name: 'No runs yet', key: `E${Math.random().toString(36).slice(2, 8).toUpperCase()}` }, 'mutation'))

  const context = await browser.newContext({ javaScriptEnabled: false })
  await context.addCookies([...(await page.context().cookies()), { name: 'lang', value: 'en', url: baseURL! }])
  const plain = await context.newPage()
  await plain.goto(`/reports?project=${projectId}`)
  await expect(plain.getByTestId('report-run-row')).toHaveCount(2)
  await expect(plain.getByTestId('stat-pass-rate')).toContainText('17%')
  await expect(plain.getByTestId('report-scope')).toContainText('Last 30 days: 2 runs.')
  await plain.getByLabel('Run state').selectOption('completed')
  await plain.getByRole('button', { name: 'Show report' }).click()
  await expect(plain).toHaveURL(/state=completed/)
  await expect(plain.getByTestId('report-none-match')).toContainText('No runs match these filters')
  await plain.getByRole('link', { name: 'Clear filters' }).click()
  await expect(plain.getByTestId('report-run-row')).toHaveCount(2)
  await plain.getByLabel('Period').selectOption('all')
  await plain.getByRole('button', { name: 'Show report' }).click()
  await expect(plain).toHaveURL(/period=all/)
  await expect(plain.getByTestId('report-scope')).toContainText('All time: 2 runs.')

  await plain.goto(`/reports?project=${empty.id}`)
  await expect(plain.getByTestId('report-empty')).toContainText('No test runs yet')
  await expect(plain.getByTestId('report-filters')).toHaveCount(0)
  await context.close()
})

for (const theme of ['light', 'dark'] as const) {
  test(`the report has no serious axe findings in the ${theme} theme`, async ({ page }) => {
    await signIn(page, owner)
    const { projectId } = await prepared(page)
    await page.evaluate((value) => localStorage.setItem('theme', value), theme)
    await page.goto(`/reports?project=${projectId}`)
    await hydrated(page)
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    // The tables behind the charts too.
    for (const summary of await page.getByText('Show as table').all()) await summary.click()
    const results = await new AxeBuilder({ page }).analyze()
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })
}

test('the report fits a 360 px screen and prints without its frame on an A4 width', async ({ page }) => {
  await signIn(page, owner)
  const { projectId } = await prepared(page)
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto(`/reports?project=${projectId}`)
  await hydrated(page)
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }))
  expect(widths.scroll).toBeLessThanOrEqual(widths.viewport)

  // A4 less its margins is about 700 CSS px wide: nothing is cut, the frame and the controls are left out.
  await page.setViewportSize({ width: 700, height: 1000 })
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('header').first()).toBeHidden()
  await expect(page.getByTestId('project-nav')).toBeHidden()
  await expect(page.getByTestId('report-filters')).toBeHidden()
  await expect(page.getByTestId('export-csv')).toBeHidden()
  await expect(page.getByTestId('report-run-row')).toHaveCount(2)
  const cut = await page.evaluate(() => [...document.querySelectorAll('main [role=region]')].filter((region) => region.scrollWidth > region.clientWidth + 1).length)
  expect(cut).toBe(0)
  const printed = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(printed).toBeLessThanOrEqual(700)
})
