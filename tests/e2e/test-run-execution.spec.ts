import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { E2E_USERS, hydrated, signIn, trpc } from './users.ts'

// Executing a test run: two testers on one run see each other's results without reloading, a stale record is caught
// with the typed comment kept and can be recorded anyway, keyboard shortcuts record and move on, a completed run is
// read-only, someone else's run is the 404 page, and the page passes axe in both themes and fits a phone.

const owner = E2E_USERS.executionOwner
const tester = E2E_USERS.executionTester
// Others' results arrive by polling every few seconds.
const LIVE = { timeout: 15_000 }

const STEPS = [
  { kind: 'step', id: 's1', action: 'Open the dataset page', data: '', expected: 'The page shows the licence' },
  { kind: 'step', id: 's2', action: 'Download the CSV', data: 'air-quality.csv', expected: 'The file has rows' },
]
const TITLES = ['Licence is shown', 'CSV downloads', 'Search finds the dataset']

/** A project of the owner with three cases (with steps) in a static suite and a run of that suite. */
async function newRun(page: Page, options: { withTester: boolean }): Promise<{ projectId: string; runId: string }> {
  const key = `X${Math.random().toString(36).slice(2, 8).toUpperCase()}`
  const project = await trpc<{ id: string }>(page, 'projects.create', { name: `Execution ${key}`, key }, 'mutation')
  expect(project.error).toBeNull()
  const projectId = project.data!.id
  if (options.withTester) expect((await trpc(page, 'projects.members.add', { projectId, email: tester.email, role: 'tester' }, 'mutation')).error).toBeNull()
  const caseIds: string[] = []
  for (const title of TITLES) {
    const created = await trpc<{ id: string }>(page, 'testCases.create', { projectId, title, state: 'active', steps: STEPS }, 'mutation')
    expect(created.error).toBeNull()
    caseIds.push(created.data!.id)
  }
  const suite = await trpc<{ id: string }>(page, 'testSuites.create', { projectId, suite: { name: 'Regression', kind: 'static' } }, 'mutation')
  expect(suite.error).toBeNull()
  const content = await trpc(page, 'testSuites.setContent', { suiteId: suite.data!.id, expectedVersion: 1, sections: [{ id: null, name: 'Catalogue', caseIds }] }, 'mutation')
  expect(content.error).toBeNull()
  const run = await trpc<{ id: string }>(page, 'testRuns.create', { projectId, run: { name: `Nightly ${key}`, build: '2026.11.23', commit: 'abc123', environment: 'Staging' }, source: { kind: 'suite', suiteId: suite.data!.id } }, 'mutation')
  expect(run.error).toBeNull()
  return { projectId, runId: run.data!.id }
}

async function testerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signIn(page, tester)
  return page
}

async function expectNoSeriousAxe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

const caseLink = (page: Page, title: string) => page.getByTestId('case-link').filter({ hasText: title })
const openCaseTitle = (page: Page) => page.locator('#open-case-heading')

test.beforeEach(async ({ page }) => {
  await signIn(page, owner)
})

test('two testers record at once, see each other without reloading, and a stale record keeps the typed comment', async ({ page, browser }) => {
  // Two browsers, three waits for the other's poll and an axe pass: more than the default 30 s on a busy machine.
  test.setTimeout(60_000)
  const { runId } = await newRun(page, { withTester: true })
  const other = await testerPage(browser)
  await page.goto(`/test-runs/${runId}`)
  await other.goto(`/test-runs/${runId}`)
  await Promise.all([hydrated(page), hydrated(other)])
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Nightly')
  await expect(page.locator('header dl')).toContainText('Regression')
  await expect(page.locator('header dl')).toContainText('2026.11.23 · abc123')
  await expect(page.getByTestId('pass-rate')).toHaveText('Pass rate 0%')
  // The pinned steps of the first case.
  await expect(openCaseTitle(other)).toHaveText(TITLES[0]!)
  await expect(other.getByTestId('step')).toHaveCount(2)
  await expect(other.getByTestId('step').first()).toContainText('The page shows the licence')

  // The tester passes the first case (and moves on); the owner sees it arrive, announced.
  await other.getByRole('button', { name: 'Passed', exact: true }).click()
  await expect(openCaseTitle(other)).toHaveText(TITLES[1]!)
  await expect(caseLink(other, TITLES[0]!)).toContainText('Passed')
  await expect(caseLink(page, TITLES[0]!)).toContainText('Passed', LIVE)
  await expect(page.getByTestId('run-announcer')).toContainText(`${tester.name} recorded`)
  await expect(page.getByTestId('pass-rate')).toHaveText('Pass rate 33%')
  await expect(page.getByTestId('count-passed')).toContainText('1 of 3')

  // The owner opens the second case and starts typing while it is untested; the tester fails it meanwhile.
  await caseLink(page, TITLES[1]!).click()
  await expect(openCaseTitle(page)).toHaveText(TITLES[1]!)
  await expect(page).toHaveURL(/case=/)
  await page.getByLabel('Comment').fill('The portal answered slowly but the file was fine')
  await other.getByLabel('Comment').fill('The CSV has no rows')
  await other.getByLabel('Step 2 result').selectOption('failed')
  await other.getByRole('button', { name: 'Failed', exact: true }).click()
  await expect(openCaseTitle(other)).toHaveText(TITLES[2]!)

  // The owner is told while typing, and the record is refused: their result beside the owner's, the comment kept.
  await expect(page.getByTestId('newer-meanwhile')).toContainText(`${tester.name} recorded a newer result`, LIVE)
  await page.getByRole('button', { name: 'Blocked', exact: true }).click()
  const conflict = page.getByTestId('conflict')
  await expect(conflict).toBeVisible()
  await expect(conflict.getByTestId('conflict-theirs')).toContainText('The CSV has no rows')
  await expect(conflict.getByTestId('conflict-theirs')).toContainText(tester.name)
  await expect(conflict.getByTestId('conflict-mine')).toContainText('The portal answered slowly')
  await expect(page.getByLabel('Comment')).toHaveValue('The portal answered slowly but the file was fine')
  await expectNoSeriousAxe(page)
  // The figures were put back: the owner's optimistic "blocked" did not stay.
  await expect(page.getByTestId('count-blocked')).toContainText('0 of 3')

  // Recorded anyway: stored on top, the history shows both, and the tester sees it without reloading.
  await conflict.getByRole('button', { name: 'Record mine anyway' }).click()
  await expect(conflict).toBeHidden()
  await expect(page.getByTestId('newer-meanwhile')).toHaveCount(0)
  const history = page.getByTestId('history-entry')
  await expect(history).toHaveCount(2)
  await expect(history.first()).toContainText('Blocked')
  await expect(history.first()).toContainText(owner.name)
  await expect(history.first()).toContainText('The portal answered slowly but the file was fine')
  await expect(history.nth(1)).toContainText('The CSV has no rows')
  await expect(history.nth(1)).toContainText('Step 2')
  await expect(caseLink(other, TITLES[1]!)).toContainText('Blocked', LIVE)
  await other.context().close()
})

test('keyboard shortcuts record and move on (never while typing); a completed run is read-only for the tester', async ({ page, browser }) => {
  // Two people's pages, and a question (loaded on first use) before completing: longer than one journey.
  test.setTimeout(60_000)
  const { runId } = await newRun(page, { withTester: true })
  const other = await testerPage(browser)
  await other.goto(`/test-runs/${runId}?status=untested`)
  await hydrated(other)
  await expect(other.getByTestId('shortcut-legend')).toContainText('Keyboard shortcuts')
  await expect(openCaseTitle(other)).toHaveText(TITLES[0]!)

  await other.keyboard.press('p')
  // Recorded, and the untested filter now shows the next case open.
  await expect(openCaseTitle(other)).toHaveText(TITLES[1]!)
  await expect(other.getByTestId('case-link')).toHaveCount(2)
  await expect(other.getByTestId('run-announcer')).toContainText('Recorded')

  // Typing an "f" in a field records nothing.
  await other.getByLabel('Time spent').fill('4:30')
  await other.getByLabel('Comment').fill('f')
  await other.getByLabel('Comment').press('f')
  await expect(other.getByLabel('Comment')).toHaveValue('ff')
  await expect(other.getByTestId('open-case-status')).toContainText('Untested')
  await other.getByLabel('Comment').blur()
  await other.keyboard.press('f')
  await expect(openCaseTitle(other)).toHaveText(TITLES[2]!)
  await other.keyboard.press('Shift+N')
  // Back to the previous one among those shown (only untested cases are left in the list).
  await expect(openCaseTitle(other)).toHaveText(TITLES[2]!)
  await other.goto(`/test-runs/${runId}`)
  await hydrated(other)
  await other.keyboard.press('j')
  await expect(openCaseTitle(other)).toHaveText(TITLES[1]!)
  await expect(other.getByTestId('history-entry').first()).toContainText('Failed')
  await expect(other.getByTestId('history-entry').first()).toContainText('took 4:30')
  await other.keyboard.press('k')
  await expect(openCaseTitle(other)).toHaveText(TITLES[0]!)

  // The owner completes the run; the tester can no longer record, in the page or through the API.
  await page.goto(`/test-runs/${runId}`)
  await hydrated(page)
  await page.getByRole('button', { name: 'Complete the run' }).click()
  // It asks first, saying how many cases stay untested.
  const question = page.getByTestId('complete-dialog')
  await expect(question).toContainText('Complete this run?')
  await question.getByRole('button', { name: 'Complete the run' }).click()
  await expect(page.getByTestId('run-state')).toHaveText('Completed')
  await expect(page.getByRole('button', { name: 'Reopen the run' })).toBeVisible()
  await other.reload()
  await hydrated(other)
  await expect(other.getByTestId('run-completed-note')).toBeVisible()
  await expect(other.getByTestId('read-only-note')).toContainText('read-only')
  await expect(other.getByRole('button', { name: 'Passed', exact: true })).toHaveCount(0)
  await other.keyboard.press('p')
  await expect(other.getByTestId('history-entry')).toHaveCount(1)
  const run = await trpc<{ cases: Array<{ id: string; latest: { id: number } | null }> }>(other, 'testRuns.byId', { id: runId })
  const refused = await trpc(other, 'testRuns.record', { runCaseId: run.data!.cases[2]!.id, expectedLatestResultId: null, result: { status: 'passed' } }, 'mutation')
  expect(refused.status).toBe(400)
  await other.context().close()
})

test('a busy server keeps what was typed and puts the figures back', async ({ page }) => {
  const { runId } = await newRun(page, { withTester: false })
  await page.goto(`/test-runs/${runId}`)
  await hydrated(page)
  const busy = 'The server is busy saving other changes. Nothing was saved; please try again in a moment.'
  let answered = false
  await page.route('**/api/trpc/testRuns.record**', async (route) => {
    const answer = { error: { json: { message: busy, code: -32603, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } } } }
    const body = route.request().url().includes('batch=1') ? [answer] : answer
    // Held a moment, so the optimistic figures can be seen before the refusal puts them back.
    await new Promise((resolve) => setTimeout(resolve, 500))
    answered = true
    return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(body) })
  })
  await page.getByLabel('Comment').fill('Written while the server was busy')
  await page.getByLabel('Defects').fill('BUG-42')
  await page.getByRole('button', { name: 'Failed', exact: true }).click()
  await expect(page.getByTestId('count-failed')).toContainText('1 of 3')
  await expect(page.getByTestId('record-problem')).toContainText(busy)
  expect(answered).toBe(true)
  await expect(page.getByTestId('count-failed')).toContainText('0 of 3')
  await expect(openCaseTitle(page)).toHaveText(TITLES[0]!)
  await expect(page.getByLabel('Comment')).toHaveValue('Written while the server was busy')
  await expect(page.getByLabel('Defects')).toHaveValue('BUG-42')

  // The server is back: the same press records it.
  await page.unroute('**/api/trpc/testRuns.record**')
  await page.getByRole('button', { name: 'Failed', exact: true }).click()
  await expect(openCaseTitle(page)).toHaveText(TITLES[1]!)
  await expect(page.getByTestId('count-failed')).toContainText('1 of 3')
})

test("someone else's run is the 404 page; a viewer reads a run without recording", async ({ page, browser }) => {
  const { runId } = await newRun(page, { withTester: false })
  const other = await testerPage(browser)
  const response = await other.goto(`/test-runs/${runId}`)
  expect(response?.status()).toBe(404)

  const { projectId, runId: readable } = await newRun(page, { withTester: false })
  expect((await trpc(page, 'projects.members.add', { projectId, email: tester.email, role: 'viewer' }, 'mutation')).error).toBeNull()
  await other.goto(`/test-runs/${readable}`)
  await hydrated(other)
  await expect(other.getByTestId('step')).toHaveCount(2)
  await expect(other.getByTestId('read-only-note')).toContainText('needs the tester role')
  await expect(other.getByRole('button', { name: 'Passed', exact: true })).toHaveCount(0)
  await expect(other.getByRole('button', { name: 'Complete the run' })).toHaveCount(0)
  await other.context().close()
})

for (const theme of ['light', 'dark'] as const) {
  test(`the execution view has no serious axe findings in the ${theme} theme`, async ({ page }) => {
    const { runId } = await newRun(page, { withTester: false })
    const run = await trpc<{ cases: Array<{ id: string }> }>(page, 'testRuns.byId', { id: runId })
    await trpc(page, 'testRuns.record', { runCaseId: run.data!.cases[0]!.id, expectedLatestResultId: null, result: { status: 'failed', comment: 'No rows', defects: ['https://bugs.example/7'], elapsedSeconds: 90, retest: true, steps: [{ stepId: 's1', status: 'failed', actual: 'Empty' }] } }, 'mutation')
    await page.evaluate((value) => localStorage.setItem('theme', value), theme)
    await page.goto(`/test-runs/${runId}`)
    await hydrated(page)
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    await expect(page.getByTestId('history-entry')).toHaveCount(1)
    await expectNoSeriousAxe(page)
  })
}

test('the run, its steps and results read without JavaScript', async ({ page, browser }) => {
  const { runId } = await newRun(page, { withTester: false })
  const run = await trpc<{ cases: Array<{ id: string }> }>(page, 'testRuns.byId', { id: runId })
  await trpc(page, 'testRuns.record', { runCaseId: run.data!.cases[1]!.id, expectedLatestResultId: null, result: { status: 'blocked', comment: 'Portal down' } }, 'mutation')
  const context = await browser.newContext({ javaScriptEnabled: false })
  await context.addCookies(await page.context().cookies())
  const plain = await context.newPage()
  await plain.goto(`/test-runs/${runId}?status=blocked`)
  await expect(plain.getByTestId('case-link')).toHaveCount(1)
  await expect(openCaseTitle(plain)).toHaveText(TITLES[1]!)
  await expect(plain.getByTestId('step')).toHaveCount(2)
  await expect(plain.getByTestId('history-entry')).toContainText('Portal down')
  await expect(plain.getByTestId('count-blocked')).toContainText('1 of 3')
  await expect(plain.getByText('Recording results needs JavaScript')).toBeVisible()
  await context.close()
})

test('the execution view fits a 360 px screen', async ({ page }) => {
  const { runId } = await newRun(page, { withTester: false })
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto(`/test-runs/${runId}`)
  await hydrated(page)
  await expect(page.getByTestId('step')).toHaveCount(2)
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }))
  expect(widths.scroll).toBeLessThanOrEqual(widths.viewport)
})
