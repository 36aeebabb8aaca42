import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { E2E_USERS, hydrated, signIn, trpc } from './users.ts'

// Test runs: an editor starts a run from a suite and one from picked cases and finds them in the list with their
// figures; a tester is not offered to start one; the state filter works without JavaScript; the list and the start
// form pass axe in both themes and fit a phone.

const owner = E2E_USERS.runsOwner
const tester = E2E_USERS.runsTester

type Case = { id: string; key: string }

async function newProject(page: Page, name: string): Promise<string> {
  const key = `R${Math.random().toString(36).slice(2, 8).toUpperCase()}`
  const created = await trpc<{ id: string }>(page, 'projects.create', { name: `${name} ${key}`, key }, 'mutation')
  expect(created.error).toBeNull()
  return created.data!.id
}

async function newCase(page: Page, projectId: string, title: string, tags: string[] = []): Promise<Case> {
  const created = await trpc<Case>(page, 'testCases.create', { projectId, title, state: 'active', tags }, 'mutation')
  expect(created.error).toBeNull()
  return created.data!
}

/** A project with three cases and a static suite of two of them, with the tester as a member. */
async function prepared(page: Page, name: string) {
  const projectId = await newProject(page, name)
  const cases = [await newCase(page, projectId, 'Search finds datasets', ['smoke']), await newCase(page, projectId, 'Licence is shown'), await newCase(page, projectId, 'CSV preview opens', ['smoke'])]
  const suite = await trpc<{ id: string }>(page, 'testSuites.create', { projectId, suite: { name: 'Regression', kind: 'static' } }, 'mutation')
  expect(suite.error).toBeNull()
  const content = await trpc(page, 'testSuites.setContent', { suiteId: suite.data!.id, expectedVersion: 1, sections: [{ id: null, name: '', caseIds: [cases[0]!.id, cases[1]!.id] }] }, 'mutation')
  expect(content.error).toBeNull()
  const rule = await trpc(page, 'testSuites.create', { projectId, suite: { name: 'Smoke rule', kind: 'dynamic', rule: { tags: ['smoke'], minPriority: null, folder: null, portalId: null } } }, 'mutation')
  expect(rule.error).toBeNull()
  const member = await trpc(page, 'projects.members.add', { projectId, email: tester.email, role: 'tester' }, 'mutation')
  expect(member.error).toBeNull()
  return { projectId, cases, suiteId: suite.data!.id }
}

/** Submits the start form; the browser then goes to the new run's page. */
async function startAndOpen(page: Page) {
  const created = page.waitForResponse((response) => response.url().includes('/api/trpc/testRuns.create'))
  const opened = page.waitForRequest((request) => /^\/test-runs\/[^/]+/.test(new URL(request.url()).pathname))
  await page.getByRole('button', { name: 'Start a run' }).click()
  type Answer = { result?: { data?: { json?: { id: string } } } }
  // The browser's client batches calls: the answer is then a list.
  const body = (await (await created).json()) as Answer | Answer[]
  const id = (Array.isArray(body) ? body[0] : body)?.result?.data?.json?.id
  expect(id).toBeTruthy()
  expect(new URL((await opened).url()).pathname).toMatch(new RegExp(`^/test-runs/${id}(/|$)`))
}

test('an editor starts runs from a suite and from picked cases; a tester reads them but cannot start one', async ({ page, browser }) => {
  await signIn(page, owner)
  const { projectId, suiteId } = await prepared(page, 'Runs journey')

  await page.goto(`/test-runs?project=${projectId}`)
  await hydrated(page)
  await expect(page.getByTestId('runs-empty')).toContainText('No test runs yet')
  await page.getByTestId('runs-empty').getByRole('link', { name: 'Start a run' }).click()
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start a test run')
  // A dynamic suite: what its rule matches now. The name follows the chosen suite until one is typed.
  const suiteField = page.getByLabel('Suite', { exact: true })
  await suiteField.selectOption({ label: 'Smoke rule' })
  await expect(page.getByTestId('suite-case-count')).toHaveText('The rule matches 2 cases now; the run takes them as they are at the start')
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(/^Smoke rule /)
  await suiteField.selectOption({ label: 'Regression' })
  await expect(suiteField).toHaveValue(suiteId)
  await expect(page.getByTestId('suite-case-count')).toHaveText('The run will have 2 cases')
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(/^Regression /)
  // An empty name is refused in the browser, and the rest is kept.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('')
  await page.getByLabel('Build', { exact: true }).fill('2026.11.23')
  await page.getByRole('button', { name: 'Start a run' }).click()
  await expect(page.getByText('This field is required')).toBeVisible()
  await expect(page.getByLabel('Build', { exact: true })).toHaveValue('2026.11.23')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Regression nightly')
  await page.getByLabel('Target portal').selectOption({ index: 0 })
  await page.getByText(tester.name, { exact: true }).click()
  await startAndOpen(page)

  await page.goto(`/test-runs?project=${projectId}`)
  const first = page.getByTestId('run-row').filter({ hasText: 'Regression nightly' })
  await expect(first.getByTestId('run-state')).toHaveText('Open')
  await expect(first.getByTestId('pass-rate')).toHaveText('0% passed')
  await expect(first.getByTestId('run-counts')).toHaveText(/0 passed.*2 untested/)
  await expect(first).toContainText('2 cases')
  await expect(first).toContainText(owner.name)
  await expect(first).toContainText(tester.name)
  await expect(first).toContainText('Build 2026.11.23')

  // A run from picked cases, in the order picked.
  await hydrated(page)
  await page.getByRole('link', { name: 'Start a run' }).click()
  await hydrated(page)
  await page.getByText('Selected cases', { exact: true }).click()
  const picker = page.getByTestId('case-picker')
  await picker.getByLabel('Search cases by title or description').fill('CSV')
  await expect(picker.getByTestId('search-count')).toHaveText('1 case found')
  await picker.getByTestId('search-result').getByText('CSV preview opens').click()
  await picker.getByLabel('Search cases by title or description').fill('Licence')
  await expect(picker.getByTestId('search-count')).toHaveText('1 case found')
  await picker.getByTestId('search-result').getByText('Licence is shown').click()
  await expect(picker.getByTestId('picked-count')).toHaveText('2 cases selected')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Picked cases')
  await startAndOpen(page)
  await page.goto(`/test-runs?project=${projectId}`)
  await expect(page.getByTestId('run-row')).toHaveCount(2)
  await expect(page.getByTestId('run-row').first()).toContainText('Picked cases')
  await expect(page.getByTestId('run-row').first().getByTestId('run-counts')).toHaveText(/2 untested/)

  // The dashboard and the suite's page show the latest runs with their pass rates.
  await page.goto(`/projects/${projectId}`)
  await expect(page.getByTestId('recent-run')).toHaveCount(2)
  await expect(page.getByTestId('recent-run').nth(1)).toContainText('Regression nightly')
  await page.goto(`/projects/${projectId}/test-suites/${suiteId}`)
  await expect(page.getByTestId('recent-run')).toHaveCount(1)
  await expect(page.getByTestId('recent-run')).toContainText('0% passed')
  await page.getByRole('link', { name: 'Start a run from this suite' }).click()
  await expect(page.getByLabel('Suite', { exact: true })).toHaveValue(suiteId)

  // The tester sees the runs, but neither the start button nor the form.
  const context = await browser.newContext()
  const other = await context.newPage()
  await signIn(other, tester)
  await other.goto(`/test-runs?project=${projectId}`)
  await hydrated(other)
  await expect(other.getByTestId('run-row')).toHaveCount(2)
  await expect(other.getByRole('link', { name: 'Start a run' })).toHaveCount(0)
  const refused = await other.goto(`/test-runs?project=${projectId}&start=1`)
  expect(refused?.status()).toBe(403)
  await context.close()
})

test('a refusal from the server shows under its field and keeps everything typed', async ({ page }) => {
  await signIn(page, owner)
  const { projectId, cases } = await prepared(page, 'Runs refusal')
  await page.goto(`/test-runs?project=${projectId}&start=1`)
  await hydrated(page)
  await page.getByText('Selected cases', { exact: true }).click()
  await page.getByTestId('search-result').filter({ hasText: 'Licence is shown' }).getByText('Licence is shown').click()
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Licences only')
  await page.getByLabel('Environment').fill('Firefox 140, staging')
  // Someone deletes the only picked case meanwhile: the server refuses a run without cases.
  const deleted = await trpc(page, 'testCases.bulk', { projectId, caseIds: [cases[1]!.id], action: { kind: 'delete' } }, 'mutation')
  expect(deleted.error).toBeNull()
  await page.getByRole('button', { name: 'Start a run' }).click()
  await expect(page.getByTestId('case-picker')).toContainText('The run would have no cases.')
  await expect(page).toHaveURL(/start=1/)
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Licences only')
  await expect(page.getByLabel('Environment')).toHaveValue('Firefox 140, staging')
  await expect(page.getByTestId('picked-count')).toHaveText('1 case selected')
})

test('the state filter works without JavaScript', async ({ page, browser, baseURL }) => {
  await signIn(page, owner)
  const { projectId, cases } = await prepared(page, 'Runs filter')
  const open = await trpc<{ id: string }>(page, 'testRuns.create', { projectId, run: { name: 'Still open' }, source: { kind: 'selection', caseIds: [cases[0]!.id] } }, 'mutation')
  expect(open.error).toBeNull()
  const done = await trpc<{ id: string }>(page, 'testRuns.create', { projectId, run: { name: 'Finished' }, source: { kind: 'selection', caseIds: [cases[1]!.id] } }, 'mutation')
  expect((await trpc(page, 'testRuns.update', { id: done.data!.id, expectedVersion: 1, run: { state: 'completed' } }, 'mutation')).error).toBeNull()

  const context = await browser.newContext({ javaScriptEnabled: false })
  await context.addCookies([...(await page.context().cookies()), { name: 'lang', value: 'en', url: baseURL! }])
  const plain = await context.newPage()
  await plain.goto(`/test-runs?project=${projectId}`)
  await expect(plain.getByTestId('run-row')).toHaveText([/Finished/, /Still open/])
  await plain.getByLabel('State').selectOption('completed')
  await plain.getByRole('button', { name: 'Show', exact: true }).click()
  await expect(plain).toHaveURL(/state=completed/)
  await expect(plain.getByTestId('run-row')).toHaveText([/Finished/])
  await expect(plain.getByTestId('run-state')).toHaveText(['Completed'])
  await plain.getByLabel('State').selectOption('in_progress')
  await plain.getByRole('button', { name: 'Show', exact: true }).click()
  await expect(plain.getByTestId('runs-none-in-state')).toContainText('No run is in the state “In progress”.')
  await context.close()
})

async function runPages(page: Page): Promise<string[]> {
  await signIn(page, owner)
  const { projectId, cases, suiteId } = await prepared(page, 'Runs layout')
  const created = await trpc(page, 'testRuns.create', { projectId, run: { name: 'A rather long run name that has to wrap on a narrow phone screen', build: '2026.11.23-rc.1' }, source: { kind: 'selection', caseIds: cases.map((item) => item.id) } }, 'mutation')
  expect(created.error).toBeNull()
  const fromSuite = await trpc(page, 'testRuns.create', { projectId, run: { name: 'Regression from the suite' }, source: { kind: 'suite', suiteId } }, 'mutation')
  expect(fromSuite.error).toBeNull()
  // The list, the start form, and the dashboard and suite page with their latest runs.
  return [`/test-runs?project=${projectId}`, `/test-runs?project=${projectId}&start=1`, `/projects/${projectId}`, `/projects/${projectId}/test-suites/${suiteId}`]
}

for (const theme of ['light', 'dark'] as const) {
  test(`the run list, the start form and the latest runs have no serious axe findings in the ${theme} theme`, async ({ page }) => {
    // Four pages, each analysed whole: on a busy machine this takes longer than one journey.
    test.setTimeout(60_000)
    const pages = await runPages(page)
    await page.evaluate((value) => localStorage.setItem('theme', value), theme)
    for (const path of pages) {
      await page.goto(path)
      await hydrated(page)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      if (path.includes('start=1')) {
        // The picker too: its results and the picked list.
        await page.getByText('Selected cases', { exact: true }).click()
        await page.getByTestId('search-result').first().getByText('Search finds datasets').click()
        await expect(page.getByTestId('picked-count')).toHaveText('1 case selected')
      }
      const results = await new AxeBuilder({ page }).analyze()
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(serious.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    }
  })
}

test('the run pages fit a 360 px screen', async ({ page }) => {
  const pages = await runPages(page)
  await page.setViewportSize({ width: 360, height: 740 })
  for (const path of pages) {
    await page.goto(path)
    await hydrated(page)
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }))
    expect(widths.scroll, path).toBeLessThanOrEqual(widths.viewport)
  }
})
