import { readFileSync } from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { E2E_USERS, hydrated, signIn, trpc } from './users.ts'

// Importing JUnit XML on a run's page: a tester uploads pytest's report (cases matched by title and pinned key, the
// ones the run lacked appended, unknown ones listed), an editor uploads Surefire's with "create unknown cases", the
// statuses show in the run, the summary passes axe in both themes, and the plain form works without JavaScript. A
// report with cases the run lacks is confirmed first; a failed result shows the report's message and stack trace.

const owner = E2E_USERS.junitOwner
const tester = E2E_USERS.junitTester
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/junit')

/** A sample report with its pinned keys (`PJUNIT-n`) turned into the project's. */
function report(name: string, key: string) {
  const text = readFileSync(path.join(FIXTURES, name), 'utf8').replaceAll('PJUNIT-', `${key}-`)
  return { name, mimeType: 'application/xml', buffer: Buffer.from(text, 'utf8') }
}

/** A project with four cases, a run of the first two, and the tester as a member. */
async function newRun(page: Page): Promise<{ key: string; runId: string }> {
  const key = `J${Math.random().toString(36).slice(2, 8).toUpperCase()}`
  const project = await trpc<{ id: string }>(page, 'projects.create', { name: `JUnit ${key}`, key }, 'mutation')
  expect(project.error).toBeNull()
  const projectId = project.data!.id
  expect((await trpc(page, 'projects.members.add', { projectId, email: tester.email, role: 'tester' }, 'mutation')).error).toBeNull()
  const ids: string[] = []
  for (const title of ['tests.test_api.test_catalogue_answers', 'Licences are open', 'CSV resources parse', 'tests.test_api.test_dataset_count']) {
    const created = await trpc<{ id: string }>(page, 'testCases.create', { projectId, title, state: 'active' }, 'mutation')
    expect(created.error).toBeNull()
    ids.push(created.data!.id)
  }
  const run = await trpc<{ id: string }>(page, 'testRuns.create', { projectId, run: { name: `CI ${key}` }, source: { kind: 'selection', caseIds: ids.slice(0, 2) } }, 'mutation')
  expect(run.error).toBeNull()
  return { key, runId: run.data!.id }
}

async function expectNoSeriousAxe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

test('a tester imports pytest, an editor imports Surefire creating unknown cases, and the run shows the statuses', async ({ page, browser }) => {
  test.setTimeout(60_000)
  await signIn(page, owner)
  const { key, runId } = await newRun(page)

  const context = await browser.newContext()
  const other = await context.newPage()
  await signIn(other, tester)
  await other.goto(`/test-runs/${runId}`)
  await hydrated(other)
  const importer = other.getByTestId('junit-import')
  await expect(importer.getByRole('heading', { name: 'Import JUnit XML' })).toBeVisible()
  // Creating cases needs an editor: a tester is not offered it.
  await expect(importer.getByRole('checkbox', { name: 'Create the cases this project does not have yet' })).toHaveCount(0)
  await importer.getByLabel('JUnit XML file').setInputFiles(report('pytest.xml', key))
  await importer.getByRole('button', { name: 'Import results' }).click()
  // The report has cases the run does not hold: the page asks first, with how many, and the answer takes the focus.
  const confirm = other.getByRole('alertdialog', { name: 'Add cases to this run?' })
  await expect(confirm).toContainText('The report has 2 test cases that this run does not hold.')
  const yes = confirm.getByRole('button', { name: 'Add 2 cases and import' })
  await expect(yes).toBeFocused()
  await yes.press('Enter')
  const summary = other.getByTestId('junit-summary')
  await expect(summary).toContainText('Imported from pytest.xml')
  await expect(summary.getByTestId('junit-recorded')).toHaveText('4 results recorded. Passed 3, failed 1, blocked 0, skipped 0')
  await expect(summary).toContainText('2 cases added to the run')
  await expect(summary.getByTestId('junit-unmatched').getByRole('listitem')).toHaveText(['tests.test_api.test_needs_credentials', 'tests.test_formats.test_geojson_valid[Praha]'])
  // The run's figures follow without reloading.
  await expect(other.getByTestId('count-failed')).toContainText('1 of 4')
  await expect(other.getByTestId('count-passed')).toContainText('3 of 4')
  await expect(other.getByTestId('run-state')).toHaveText('In progress')
  await context.close()

  await page.goto(`/test-runs/${runId}`)
  await hydrated(page)
  const own = page.getByTestId('junit-import')
  await own.getByRole('checkbox', { name: 'Create the cases this project does not have yet' }).check()
  await own.getByRole('checkbox', { name: 'Add the cases this run does not hold' }).check()
  await own.getByLabel('JUnit XML file').setInputFiles(report('surefire.xml', key))
  await own.getByRole('button', { name: 'Import results' }).click()
  await expect(page.getByTestId('junit-recorded')).toHaveText('5 results recorded. Passed 2, failed 2, blocked 0, skipped 1')
  await expect(page.getByTestId('junit-summary')).toContainText('5 cases created')
  await expect(page.getByTestId('count-failed')).toContainText('3 of 9')
  await expect(page.getByTestId('count-skipped')).toContainText('1 of 9')
  await expect(page.getByTestId('case-link').filter({ hasText: 'com.example.catalogue.HarvestTest.keepsDeletedDatasets' })).toBeVisible()

  // The page with the summary open, in both themes.
  await expectNoSeriousAxe(page)
  // The other theme (the signed-in user's saved theme is whichever another journey left).
  const otherTheme = (await page.locator('html').getAttribute('data-theme')) === 'dark' ? 'light' : 'dark'
  await page.getByTestId('theme-toggle').click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', otherTheme)
  await expectNoSeriousAxe(page)
})

test('a refused file says why and changes nothing', async ({ page }) => {
  await signIn(page, owner)
  const { runId } = await newRun(page)
  await page.goto(`/test-runs/${runId}`)
  await hydrated(page)
  const own = page.getByTestId('junit-import')
  await own.getByLabel('JUnit XML file').setInputFiles({ name: 'bomb.xml', mimeType: 'application/xml', buffer: Buffer.from('<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "aaaa">]><testsuite/>') })
  await own.getByRole('button', { name: 'Import results' }).click()
  await expect(page.getByRole('alert')).toContainText('The file declares a DOCTYPE')
  await expect(page.getByRole('alert')).toContainText('(line 2) Nothing was changed.')
  await expect(page.getByTestId('count-untested')).toContainText('2 of 2')
})

test('the import form works without JavaScript', async ({ page, browser }) => {
  await signIn(page, owner)
  const { key, runId } = await newRun(page)
  const context = await browser.newContext({ javaScriptEnabled: false })
  await context.addCookies(await page.context().cookies())
  const plain = await context.newPage()
  await plain.goto(`/test-runs/${runId}`)
  const form = plain.getByTestId('junit-import')
  await form.getByRole('checkbox', { name: 'Create the cases this project does not have yet' }).check()
  await form.getByRole('checkbox', { name: 'Add the cases this run does not hold' }).check()
  await form.getByLabel('JUnit XML file').setInputFiles(report('surefire.xml', key))
  await form.getByRole('button', { name: 'Import results' }).click()
  await expect(plain).toHaveURL(new RegExp(`/test-runs/${runId}\\?junit=`))
  await expect(plain.getByTestId('junit-recorded')).toHaveText('5 results recorded. Passed 2, failed 2, blocked 0, skipped 1')
  await expect(plain.getByTestId('junit-summary')).toContainText('5 cases created')
  await expect(plain.getByTestId('count-failed')).toContainText('2 of 7')
  await context.close()
})

test('a failed result shows what the report said, at 360 px, by keyboard and in both themes', async ({ page }) => {
  test.setTimeout(60_000)
  await page.setViewportSize({ width: 360, height: 800 })
  await signIn(page, owner)
  const { key, runId } = await newRun(page)
  await page.goto(`/test-runs/${runId}`)
  await hydrated(page)
  const own = page.getByTestId('junit-import')
  await own.getByRole('checkbox', { name: 'Add the cases this run does not hold' }).check()
  await own.getByLabel('JUnit XML file').setInputFiles(report('pytest.xml', key))
  await own.getByRole('button', { name: 'Import results' }).click()
  await expect(page.getByTestId('junit-recorded')).toHaveText('4 results recorded. Passed 3, failed 1, blocked 0, skipped 0')

  await page.getByTestId('case-link').filter({ hasText: 'tests.test_api.test_dataset_count' }).click()
  const evidence = page.getByTestId('junit-evidence').first()
  await expect(evidence).toBeVisible()
  // The latest result's messages are open; the stack trace opens from the keyboard.
  await expect(evidence.getByRole('group').filter({ hasText: 'Failure · message' }).locator('pre')).toContainText('expected at least 1000 datasets, got 987')
  const trace = evidence.locator('summary', { hasText: 'Error · stack trace' })
  await trace.focus()
  await page.keyboard.press('Enter')
  await expect(evidence.getByLabel('Error · stack trace')).toContainText('ConnectionResetError: [Errno 104] Connection reset by peer')
  // Nothing is wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectNoSeriousAxe(page)
  // The other theme (the signed-in user's saved theme is whichever another journey left).
  const otherTheme = (await page.locator('html').getAttribute('data-theme')) === 'dark' ? 'light' : 'dark'
  await page.getByTestId('theme-toggle').click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', otherTheme)
  await expectNoSeriousAxe(page)
})
