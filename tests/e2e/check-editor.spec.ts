import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { E2E_LIVE_PORTALS } from './fixtures.ts'
import { E2E_USERS, hydrated, signIn, trpc } from './users.ts'

// Automated checks in the case editors: the check section of an automated case, "Try it now" against the live
// fixture portal with its evidence, the check saved with the case and shown on the case page, its field messages,
// the same section in the enhanced editor, and a suite's schedule. Each test makes a project of its own.

const USER = E2E_USERS.checksEditor
const LIVE = E2E_LIVE_PORTALS[0]

function randomKey(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
  return `K${Array.from({ length: 5 }, () => letters[Math.floor(Math.random() * letters.length)]).join('')}`
}

async function newProject(page: Page, name: string): Promise<string> {
  const created = await trpc<{ id: string }>(page, 'projects.create', { name, key: randomKey(), portalIds: [LIVE.id] }, 'mutation')
  expect(created.error).toBeNull()
  return created.data!.id
}

async function automatedCase(page: Page, projectId: string, title: string): Promise<string> {
  const check = { type: 'portal-answers', portal: LIVE.id }
  const created = await trpc<{ id: string }>(page, 'testCases.create', { projectId, title, type: 'automated', check }, 'mutation')
  expect(created.error).toBeNull()
  return created.data!.id
}

async function expectNoSeriousAxe(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

test('an automated case gets a check in the plain form: tried, saved, shown, refused when incomplete', async ({ page }) => {
  await signIn(page, USER)
  const projectId = await newProject(page, 'Checks in the plain form')
  await page.goto(`/test-cases/create?project=${projectId}&lang=en`)
  await hydrated(page)
  await page.getByTestId('case-title').fill('The live portal answers')
  await expect(page.getByTestId('check-editor')).toHaveCount(0)
  await page.getByLabel('Type', { exact: true }).selectOption('automated')

  const section = page.getByTestId('check-editor')
  await expect(section.getByRole('heading', { name: 'Check' })).toBeVisible()
  await section.getByTestId('check-type').selectOption('portal-answers')
  await section.getByTestId('check-portal').selectOption(LIVE.id)
  // A portal check has no dataset and no scope.
  await expect(section.getByTestId('check-dataset')).toHaveCount(0)
  await expect(section.getByTestId('check-scope')).toHaveCount(0)

  await section.getByTestId('check-try').click()
  const evidence = section.getByTestId('check-evidence')
  await expect(evidence.getByTestId('check-outcome')).toHaveText('Passed')
  await expect(section.getByTestId('check-try-status')).toHaveText('The check has run; nothing was recorded.')
  await expect(evidence.getByTestId('check-messages')).toContainText('The portal answers (CKAN')
  await evidence.getByText('Evidence: request and answer').click()
  await expect(evidence.getByTestId('check-request')).toContainText('status_show')

  // A dataset that is not there fails, with the message in words.
  await section.getByTestId('check-type').selectOption('dataset-active')
  await expect(section.getByTestId('check-scope')).toHaveValue('single')
  await section.getByTestId('check-dataset').fill('no-such-dataset')
  await section.getByTestId('check-try').click()
  await expect(section.getByTestId('check-outcome')).toHaveText('Failed')
  await expect(section.getByTestId('check-messages')).toHaveText('Dataset no-such-dataset was not found on the portal.')

  await page.getByTestId('case-submit').click()
  await page.waitForURL(/\/test-cases\/[^/?]+$/)
  const id = new URL(page.url()).pathname.split('/').pop()!
  // The case page shows the check in words, rendered on the server.
  const summary = page.getByTestId('check-summary')
  await expect(summary).toContainText('Dataset exists and is active')
  await expect(summary).toContainText(LIVE.name)
  await expect(summary).toContainText('no-such-dataset')
  const saved = await trpc<{ case: { check: { type: string; portal: string; dataset: string } | null } }>(page, 'testCases.byId', { id })
  expect(saved.data?.case.check).toMatchObject({ type: 'dataset-active', portal: LIVE.id, dataset: 'no-such-dataset' })

  // Reopened, the check is there; the field its type needs, left empty, is refused under it.
  await page.goto(`/test-cases/${id}/edit?lang=en`)
  await hydrated(page)
  await expect(page.getByTestId('check-type')).toHaveValue('dataset-active')
  await expect(page.getByTestId('check-dataset')).toHaveValue('no-such-dataset')
  await page.getByTestId('check-type').selectOption('metadata-present')
  await page.getByTestId('check-fields').fill('')
  await page.getByTestId('case-submit').click()
  await expect(page.getByTestId('check-fields')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('check-fields')).toBeFocused()
  await expect(page.getByTestId('check-editor').getByText('This field is required')).toBeVisible()
  // "Try it now" refuses it the same way, without calling the server.
  await page.getByTestId('check-try').click()
  await expect(page.getByTestId('check-try-error')).toHaveText('One field needs attention before the check can run.')
  await page.getByTestId('check-fields').fill('notes, license_id')
  await page.getByTestId('case-submit').click()
  await page.waitForURL(new RegExp(`/test-cases/${id}$`))
  await expect(page.getByTestId('check-summary')).toContainText('notes, license_id')
})

test('the enhanced editor shows the same check section; its evidence passes axe in both themes and fits a phone', async ({ page }) => {
  await signIn(page, USER)
  const projectId = await newProject(page, 'Checks in the enhanced editor')
  const id = await automatedCase(page, projectId, 'Portal answers')
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme)
    await page.goto(`/test-cases/enhanced-editor?project=${projectId}&cases=${id}&lang=en`)
    await hydrated(page)
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    const section = page.getByTestId('check-editor')
    await expect(section.getByTestId('check-type')).toHaveValue('portal-answers')
    await expect(section.getByTestId('check-portal')).toHaveValue(LIVE.id)
    await section.getByTestId('check-try').click()
    await expect(section.getByTestId('check-outcome')).toHaveText('Passed')
    await section.getByText('Evidence: request and answer').click()
    await expect(section.getByTestId('check-request')).toBeVisible()
    await expectNoSeriousAxe(page, `enhanced editor (${theme})`)
  }

  await page.setViewportSize({ width: 360, height: 740 })
  for (const path of [`/test-cases/enhanced-editor?project=${projectId}&cases=${id}&lang=en`, `/test-cases/${id}/edit?lang=en`]) {
    await page.goto(path)
    await hydrated(page)
    await page.getByTestId('check-try').click()
    await expect(page.getByTestId('check-outcome')).toHaveText('Passed')
    await page.getByText('Evidence: request and answer').click()
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }))
    expect(widths.scroll, path).toBeLessThanOrEqual(widths.viewport)
  }
})

test('an editor schedules a suite daily and sees the next run; the suite page passes axe in both themes', async ({ page }) => {
  await signIn(page, USER)
  const projectId = await newProject(page, 'Scheduled checks')
  await automatedCase(page, projectId, 'Portal answers')
  const suite = await trpc<{ id: string }>(page, 'testSuites.create', { projectId, suite: { name: 'Nightly checks', kind: 'dynamic', rule: { tags: [], minPriority: null, folder: null, portalId: null } } }, 'mutation')
  expect(suite.error).toBeNull()
  const path = `/projects/${projectId}/test-suites/${suite.data!.id}?lang=en`

  await page.goto(path)
  await hydrated(page)
  const schedule = page.getByTestId('suite-schedule')
  await expect(schedule.getByTestId('schedule-summary')).toHaveText('Not scheduled: the suite runs only when someone starts a run.')
  await expect(schedule).toContainText('Scheduled runs check only the suite’s automated cases')
  await schedule.getByTestId('schedule-every').selectOption('daily')
  await expect(schedule.getByTestId('schedule-portal')).toHaveValue(LIVE.id)
  // The first run defaults to tomorrow at 06:00, the browser's time.
  await expect(schedule.getByTestId('schedule-first')).toHaveValue(/T06:00$/)
  await schedule.getByTestId('schedule-first').fill('2031-05-04T07:30')
  await schedule.getByTestId('schedule-save').click()
  await expect(schedule.getByRole('status')).toHaveText('The schedule is saved.')
  await expect(schedule.getByTestId('schedule-summary')).toContainText(`Runs daily against ${LIVE.name}.`)
  await expect(schedule.getByTestId('schedule-next')).toContainText('Next run:')
  await expect(schedule.getByTestId('schedule-next')).toContainText('2031')

  // After a reload the page says it from the server.
  await page.goto(path)
  await hydrated(page)
  await expect(page.getByTestId('schedule-next')).toContainText('2031')
  const saved = await trpc<{ schedule: { every: string; portalId: string | null; nextAt: string } | null }>(page, 'testSuites.byId', { id: suite.data!.id })
  expect(saved.data?.schedule).toMatchObject({ every: 'daily', portalId: LIVE.id })

  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme)
    await page.goto(path)
    await hydrated(page)
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    await expectNoSeriousAxe(page, `suite page (${theme})`)
  }
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto(path)
  await hydrated(page)
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }))
  expect(widths.scroll).toBeLessThanOrEqual(widths.viewport)
})
