import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { sql } from 'drizzle-orm'
import { createDb } from '../../db/client.server.ts'
import { E2E_USERS, hydrated, signIn, trpc } from './users.ts'

// A case's results across runs on its page (newest first, filtered, paged, with the strip of its latest outcomes),
// a rerun of a run's failed, blocked or untested cases from a dialog, completing a run after a question that says how
// many cases stay untested, and the owner completing runs nobody touched, in English and Czech, on a phone and a
// desktop, by keyboard, without JavaScript where the page only reads, and through axe in both themes.

const owner = E2E_USERS.historyOwner
const tester = E2E_USERS.historyTester
// The runs nobody touched are aged in the database itself: no procedure moves a run's clock.
const db = await createDb({ url: process.env.E2E_DATABASE_URL ?? 'file:./data/e2e.db' }, { role: 'background' })

type Status = 'passed' | 'failed' | 'blocked'

async function ok<T>(call: Promise<{ data: T | null; error: { message: string } | null }>): Promise<T> {
  const answer = await call
  expect(answer.error).toBeNull()
  return answer.data!
}

type RunCases = { cases: Array<{ id: string; title: string }> }

async function record(page: Page, runId: string, results: Record<string, { status: Status; comment?: string; defects?: string[]; steps?: Array<{ stepId: string; status: Status; actual: string }> }>) {
  const run = await ok(trpc<RunCases>(page, 'testRuns.byId', { id: runId }))
  for (const [title, result] of Object.entries(results)) {
    const runCaseId = run.cases.find((item) => item.title === title)!.id
    await ok(trpc(page, 'testRuns.record', { runCaseId, expectedLatestResultId: null, force: true, result }, 'mutation'))
  }
}

/**
 * A project of three cases with steps, the tester a member; "Nightly 1" (build 1.0 on staging) passes Search, fails
 * Licence (with a comment, a defect and a step) and is blocked on CSV; "Nightly 2" (build 2.0) fails Search.
 */
async function prepared(page: Page) {
  const key = `H${Math.random().toString(36).slice(2, 8).toUpperCase()}`
  const project = await ok(trpc<{ id: string }>(page, 'projects.create', { name: `History ${key}`, key }, 'mutation'))
  await ok(trpc(page, 'projects.members.add', { projectId: project.id, email: tester.email, role: 'tester' }, 'mutation'))
  const members = await ok(trpc<Array<{ userId: string; email: string }>>(page, 'projects.members.list', { projectId: project.id }))
  const testerId = members.find((member) => member.email === tester.email)!.userId
  const steps = [{ kind: 'step', id: 's1', action: 'Open the dataset', expected: 'It opens' }]
  const ids: string[] = []
  for (const title of ['Search finds datasets', 'Licence is shown', 'CSV downloads']) {
    ids.push((await ok(trpc<{ id: string }>(page, 'testCases.create', { projectId: project.id, title, steps, state: 'active' }, 'mutation'))).id)
  }
  const first = await ok(trpc<{ id: string }>(page, 'testRuns.create', { projectId: project.id, run: { name: 'Nightly 1', build: '1.0', environment: 'staging' }, source: { kind: 'selection', caseIds: ids } }, 'mutation'))
  const firstCases = await ok(trpc<RunCases>(page, 'testRuns.byId', { id: first.id }))
  // Licence is the tester's: a rerun keeps that.
  await ok(trpc(page, 'testRuns.assign', { id: first.id, runCaseIds: [firstCases.cases[1]!.id], assigneeId: testerId }, 'mutation'))
  await record(page, first.id, {
    'Search finds datasets': { status: 'passed' },
    'Licence is shown': { status: 'failed', comment: 'The licence is missing', defects: ['BUG-12'], steps: [{ stepId: 's1', status: 'failed', actual: 'Blank page' }] },
    'CSV downloads': { status: 'blocked', comment: 'Portal down' },
  })
  const second = await ok(trpc<{ id: string }>(page, 'testRuns.create', { projectId: project.id, run: { name: 'Nightly 2', build: '2.0' }, source: { kind: 'selection', caseIds: ids } }, 'mutation'))
  await record(page, second.id, { 'Search finds datasets': { status: 'failed', comment: 'No hits' } })
  return { projectId: project.id, key, ids, firstId: first.id, secondId: second.id, testerId }
}

test('a case shows its results across runs, newest first, filtered from the address and by keyboard', async ({ page }) => {
  await signIn(page, owner)
  const { ids, key, firstId, projectId } = await prepared(page)
  await page.goto(`/test-cases/${ids[1]}?lang=en`)
  await hydrated(page)
  const section = page.getByTestId('case-results')
  await expect(section.getByRole('heading', { name: 'Results in runs' })).toBeVisible()
  // Licence: failed in Nightly 1, untested in Nightly 2 (oldest first in the strip).
  await expect(section.getByTestId('outcome-strip').getByRole('link')).toHaveText(['✗', '–'])
  await expect(section.getByTestId('outcome-strip').getByRole('link').first()).toHaveAccessibleName('Run Nightly 1: Failed')
  await expect(section.getByTestId('outcome-strip').getByRole('link').last()).toHaveAccessibleName('Run Nightly 2: Untested')
  const result = section.getByTestId('case-result')
  await expect(result).toHaveCount(1)
  await expect(result).toContainText('Failed')
  await expect(result.getByTestId('case-result-run')).toHaveText('Nightly 1')
  await expect(result.getByTestId('case-result-run')).toHaveAttribute('href', new RegExp(`/test-runs/${firstId}\\?case=`))
  await expect(result).toContainText(`Recorded by ${owner.name}`)
  await expect(result.getByTestId('case-result-build')).toHaveText('1.0')
  await expect(result).toContainText('Environment:staging')
  await expect(result.getByTestId('case-result-comment')).toHaveText('The licence is missing')
  await expect(result.getByTestId('case-result-defects')).toContainText('BUG-12')
  await expect(result.getByTestId('case-result-steps')).toHaveText('Step 1: Failed — Blank page')
  await expect(page.getByTestId('case-key')).toHaveText(`${key}-2`)

  // Search: two results, newest first; filtered to the failures by keyboard.
  await page.goto(`/test-cases/${ids[0]}?lang=en`)
  await hydrated(page)
  await expect(page.getByTestId('case-result').getByTestId('case-result-run')).toHaveText(['Nightly 2', 'Nightly 1'])
  await expect(page.getByTestId('case-results-count')).toHaveText('2 results')
  await page.getByLabel('Outcome', { exact: true }).focus()
  await page.getByLabel('Outcome', { exact: true }).selectOption('failed')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Filter' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/status=failed/)
  await expect(page.getByTestId('case-result')).toHaveCount(1)
  await expect(page.getByTestId('case-result')).toContainText('No hits')
  // A build with no result of that status: none match, and the filters can be cleared.
  await page.getByLabel('Build', { exact: true }).selectOption('1.0')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page.getByTestId('case-results-none-match')).toContainText('No result matches these filters.')
  await page.getByTestId('case-results-none-match').getByRole('link', { name: 'Clear filters' }).click()
  await expect(page.getByTestId('case-result')).toHaveCount(2)
  // A case in no run says so.
  const lone = await ok(trpc<{ id: string }>(page, 'testCases.create', { projectId, title: 'Never run' }, 'mutation'))
  await page.goto(`/test-cases/${lone.id}?lang=en`)
  await expect(page.getByTestId('case-results-none')).toHaveText('This case has not been in any run yet.')
})

test('without JavaScript the history reads, filters and pages', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000)
  await signIn(page, owner)
  const { ids, projectId } = await prepared(page)
  // 27 more runs of Search, each with a result: 29 results, two pages.
  for (let index = 0; index < 27; index++) {
    const run = await ok(trpc<{ id: string }>(page, 'testRuns.create', { projectId, run: { name: `Extra ${index}` }, source: { kind: 'selection', caseIds: [ids[0]] } }, 'mutation'))
    await record(page, run.id, { 'Search finds datasets': { status: index % 2 ? 'passed' : 'failed' } })
  }
  const context = await browser.newContext({ javaScriptEnabled: false })
  await context.addCookies([...(await page.context().cookies()), { name: 'lang', value: 'en', url: baseURL! }])
  const plain = await context.newPage()
  await plain.goto(`/test-cases/${ids[0]}`)
  await expect(plain.getByTestId('case-results-count')).toHaveText('29 results')
  await expect(plain.getByTestId('case-result')).toHaveCount(25)
  await expect(plain.getByTestId('case-result').first().getByTestId('case-result-run')).toHaveText('Extra 26')
  await expect(plain.getByTestId('outcome-strip').getByRole('link')).toHaveCount(29)
  await plain.getByRole('navigation', { name: 'Pages of results' }).getByRole('link', { name: 'Next page' }).click()
  await expect(plain).toHaveURL(/page=2/)
  await expect(plain.getByTestId('case-result').getByTestId('case-result-run')).toHaveText(['Extra 1', 'Extra 0', 'Nightly 2', 'Nightly 1'])
  await plain.getByLabel('Outcome', { exact: true }).selectOption('passed')
  await plain.getByLabel('Run', { exact: true }).selectOption({ label: 'Nightly 1' })
  await plain.getByRole('button', { name: 'Filter' }).click()
  await expect(plain).toHaveURL(/status=passed/)
  await expect(plain).not.toHaveURL(/page=/)
  await expect(plain.getByTestId('case-result').getByTestId('case-result-run')).toHaveText(['Nightly 1'])
  await context.close()
})

test('a rerun of the failed and blocked cases keeps the build, environment and testers; the old run stays', async ({ page }) => {
  await signIn(page, owner)
  const { firstId, testerId } = await prepared(page)
  const before = await ok(trpc<unknown>(page, 'testRuns.history', { id: firstId }))
  await page.goto(`/test-runs/${firstId}?lang=en`)
  await hydrated(page)
  // By keyboard: the dialog opens on Enter, Escape closes it and gives the focus back.
  const trigger = page.getByRole('button', { name: 'New run from this run…' })
  await trigger.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByTestId('rerun-dialog')
  await expect(dialog).toBeVisible()
  // The run's recording keys do nothing behind the dialog (the history below is compared whole).
  await page.keyboard.press('p')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(trigger).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('heading', { name: 'New run from this run’s cases' })).toBeVisible()
  await expect(dialog.getByLabel('Failed (1 case)')).toBeChecked()
  await expect(dialog.getByLabel('Blocked (1 case)')).toBeChecked()
  await expect(dialog.getByLabel('Untested (0 cases)')).not.toBeChecked()
  await expect(dialog.getByLabel('Name of the new run')).toHaveValue('Nightly 1 (rerun 1)')
  await expect(dialog.getByTestId('rerun-count')).toHaveText('The new run will have 2 cases.')
  await dialog.getByLabel('Blocked (1 case)').uncheck()
  await dialog.getByLabel('Failed (1 case)').uncheck()
  await expect(dialog.getByTestId('rerun-count')).toHaveText('The new run would have no cases: choose an outcome some case has.')
  await expect(dialog.getByRole('button', { name: 'Start the new run' })).toBeDisabled()
  await dialog.getByLabel('Failed (1 case)').check()
  await dialog.getByLabel('Blocked (1 case)').check()
  await dialog.getByRole('button', { name: 'Start the new run' }).click()
  await expect(page).not.toHaveURL(new RegExp(firstId))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nightly 1 (rerun 1)')
  const newId = new URL(page.url()).pathname.split('/').at(-1)!
  const rerun = await ok(trpc<{ run: { build: string; environment: string; state: string }; cases: Array<{ title: string; assigneeId: string | null; latest: unknown }> }>(page, 'testRuns.byId', { id: newId }))
  expect(rerun.run).toMatchObject({ build: '1.0', environment: 'staging', state: 'open' })
  expect(rerun.cases.map((item) => [item.title, item.assigneeId, item.latest])).toEqual([
    ['Licence is shown', testerId, null],
    ['CSV downloads', null, null],
  ])
  expect(await ok(trpc<unknown>(page, 'testRuns.history', { id: firstId }))).toEqual(before)

  // Completing asks first and says how many stay untested; cancelling changes nothing.
  await page.getByTestId('complete-run').click()
  const question = page.getByTestId('complete-dialog')
  await expect(question.getByRole('heading', { name: 'Complete this run?' })).toBeVisible()
  await expect(question.getByTestId('complete-untested')).toContainText('2 of 2 cases are untested and will stay untested.')
  await question.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('run-state')).toHaveText('Open')
  await page.getByTestId('complete-run').click()
  await question.getByRole('button', { name: 'Complete the run' }).click()
  await expect(page.getByTestId('run-state')).toHaveText('Completed')
  await expect(page.getByTestId('run-completed-note')).toBeVisible()
})

test('in Czech on a phone: the history, the rerun dialog and the owner’s runs nobody touched', async ({ page, baseURL }) => {
  test.setTimeout(90_000)
  await signIn(page, owner)
  const { ids, projectId, firstId, secondId } = await prepared(page)
  await page.context().addCookies([{ name: 'lang', value: 'cs', url: baseURL! }])
  await page.setViewportSize({ width: 360, height: 740 })
  const fits = async () => {
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }))
    expect(widths.scroll).toBeLessThanOrEqual(widths.viewport)
  }

  await page.goto(`/test-cases/${ids[1]}`)
  await hydrated(page)
  await expect(page.getByRole('heading', { name: 'Výsledky v bězích' })).toBeVisible()
  await expect(page.getByTestId('case-result')).toContainText('Selhalo')
  await expect(page.getByTestId('case-results-count')).toHaveText('1 výsledek')
  await fits()

  await page.goto(`/test-runs/${firstId}`)
  await hydrated(page)
  await page.getByRole('button', { name: 'Nový běh z tohoto běhu…' }).click()
  const dialog = page.getByTestId('rerun-dialog')
  await expect(dialog.getByLabel('Název nového běhu')).toHaveValue('Nightly 1 (opakování 1)')
  await expect(dialog.getByTestId('rerun-count')).toHaveText('Nový běh bude mít 2 případy.')
  await fits()
  await dialog.getByRole('button', { name: 'Zrušit' }).click()

  // Nightly 1 untouched for 40 days; Nightly 2 had a result 3 days ago.
  const daysAgo = (days: number) => Date.now() - days * 86_400_000
  await db.run(sql`UPDATE test_run SET updated_at = ${daysAgo(40)} WHERE id IN (${firstId}, ${secondId})`)
  await db.run(sql`UPDATE test_result SET recorded_at = ${daysAgo(40)} WHERE run_id = ${firstId}`)
  await db.run(sql`UPDATE test_result SET recorded_at = ${daysAgo(3)} WHERE run_id = ${secondId}`)
  await page.goto(`/test-runs?project=${projectId}`)
  await hydrated(page)
  const stale = page.getByTestId('stale-runs')
  await expect(stale.getByRole('heading', { name: 'Běhy, na které nikdo nesáhl' })).toBeVisible()
  await expect(stale.getByTestId('stale-run')).toHaveCount(1)
  await expect(stale.getByTestId('stale-run')).toContainText('Nightly 1')
  await expect(stale.getByTestId('stale-run')).toContainText('neotestováno 0 z 3')
  await fits()
  // Two days: both are listed.
  await stale.getByLabel('Bez změny (dní)').fill('2')
  await stale.getByRole('button', { name: 'Zobrazit běhy bez změny' }).click()
  await expect(page).toHaveURL(/stale=2/)
  await expect(stale.getByTestId('stale-run')).toHaveCount(2)
  await stale.getByTestId('stale-run').first().waitFor()
  await hydrated(page)
  await stale.getByRole('button', { name: 'Dokončit 2 běhy…' }).click()
  const question = page.getByTestId('stale-dialog')
  await expect(question).toContainText('Dokončit 2 běhy bez změny?')
  await expect(question).toContainText('2 případy zůstanou neotestované.')
  await question.getByRole('button', { name: 'Dokončit' }).click()
  await expect(stale).toContainText('Dokončeny 2 běhy.')
  await expect(stale.getByTestId('stale-none')).toHaveText('Žádný nedokončený běh není bez změny 2 dny.')
  for (const id of [firstId, secondId]) expect((await ok(trpc<{ run: { state: string } }>(page, 'testRuns.byId', { id }))).run.state).toBe('completed')
})

test('the tester sees the history but neither the rerun nor the runs nobody touched', async ({ page, browser }) => {
  await signIn(page, owner)
  const { ids, projectId, firstId } = await prepared(page)
  const context = await browser.newContext()
  const testerPage = await context.newPage()
  await signIn(testerPage, tester)
  await testerPage.goto(`/test-cases/${ids[0]}?lang=en`)
  await expect(testerPage.getByTestId('case-result')).toHaveCount(2)
  await testerPage.goto(`/test-runs/${firstId}?lang=en`)
  await hydrated(testerPage)
  await expect(testerPage.getByRole('button', { name: 'New run from this run…' })).toHaveCount(0)
  await expect(testerPage.getByTestId('complete-run')).toHaveCount(0)
  await testerPage.goto(`/test-runs?project=${projectId}&lang=en`)
  await expect(testerPage.getByTestId('run-row')).toHaveCount(2)
  await expect(testerPage.getByTestId('stale-runs')).toHaveCount(0)
  await context.close()
})

for (const theme of ['light', 'dark'] as const) {
  test(`the history, the rerun dialog, the completion question and the runs nobody touched pass axe in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(60_000)
    await signIn(page, owner)
    const { ids, projectId, firstId } = await prepared(page)
    await page.evaluate((value) => localStorage.setItem('theme', value), theme)
    const check = async (where: string) => {
      const results = await new AxeBuilder({ page }).analyze()
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(serious.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    }
    await page.goto(`/test-cases/${ids[0]}?lang=en`)
    await hydrated(page)
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    await check('case')
    await page.goto(`/test-runs/${firstId}?lang=en`)
    await hydrated(page)
    await page.getByRole('button', { name: 'New run from this run…' }).click()
    await expect(page.getByTestId('rerun-dialog')).toBeVisible()
    await check('rerun')
    await page.keyboard.press('Escape')
    await page.getByTestId('complete-run').click()
    await expect(page.getByTestId('complete-dialog')).toBeVisible()
    await check('complete')
    await page.keyboard.press('Escape')
    await page.goto(`/test-runs?project=${projectId}&stale=1&lang=en`)
    await hydrated(page)
    await expect(page.getByTestId('stale-runs')).toBeVisible()
    await check('runs')
  })
}
