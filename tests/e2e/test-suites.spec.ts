import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { E2E_USERS, hydrated, signIn, trpc } from './users.ts'

// Test suites: a static suite built by search and arranged by keyboard, a dynamic suite whose rule is previewed and
// then resolved on the suite's page, the Czech validation message, and the pages' accessibility and phone width.

const owner = E2E_USERS.suitesOwner

type Case = { id: string; key: string; version: number }

/** A fresh project of the suites owner (each test its own, so parallel tests never share suites). */
async function newProject(page: Page, name: string): Promise<string> {
  const key = `S${Math.random().toString(36).slice(2, 8).toUpperCase()}`
  const created = await trpc<{ id: string }>(page, 'projects.create', { name: `${name} ${key}`, key }, 'mutation')
  expect(created.error).toBeNull()
  return created.data!.id
}

async function newCase(page: Page, projectId: string, fields: Record<string, unknown>): Promise<Case> {
  const created = await trpc<Case>(page, 'testCases.create', { projectId, ...fields }, 'mutation')
  expect(created.error).toBeNull()
  return created.data!
}

test.beforeEach(async ({ page }) => {
  await signIn(page, owner)
})

test('a static suite: cases added by search, reordered by keyboard, saved, shown in that order', async ({ page, browser }) => {
  const projectId = await newProject(page, 'Static suites')
  const alpha = await newCase(page, projectId, { title: 'Alpha search works' })
  await newCase(page, projectId, { title: 'Beta search works' })
  const gamma = await newCase(page, projectId, { title: 'Gamma search works' })
  await newCase(page, projectId, { title: 'Unrelated formats page' })

  await page.goto(`/test-suites?project=${projectId}`)
  await hydrated(page)
  await expect(page.getByTestId('suites-empty')).toContainText('No test suites yet')
  await page.getByTestId('suites-empty').getByRole('link', { name: 'New suite' }).click()
  await expect(page).toHaveURL(/\/test-suites\/create\?project=/)
  await hydrated(page)
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Search smoke')
  await page.getByLabel('Description').fill('Checks **search** results\n\nThen the rest.')
  await page.getByRole('button', { name: 'Create and add test cases' }).click()
  await expect(page).toHaveURL(/\/test-suites\/[^/]+\/edit$/)
  await hydrated(page)

  await page.getByRole('button', { name: 'Add test cases' }).click()
  const dialog = page.getByTestId('case-search')
  await dialog.getByLabel('Search titles and descriptions').fill('search works')
  await expect(dialog.getByTestId('search-count')).toHaveText('3 test cases found')
  for (const title of ['Alpha', 'Beta', 'Gamma']) await dialog.getByTestId('search-result').filter({ hasText: title }).getByText(title).click()
  await dialog.getByRole('button', { name: 'Add 3 test cases' }).click()
  await expect(dialog).toBeHidden()
  const rows = page.getByTestId('case-row')
  await expect(rows).toHaveText([/Alpha/, /Beta/, /Gamma/])
  await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes')

  // Gamma to the top with the keyboard: pick up, two steps up, drop.
  const handle = page.getByRole('button', { name: `Move ${gamma.key} Gamma search works` })
  await handle.focus()
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Space')
  await expect(rows).toHaveText([/Gamma/, /Alpha/, /Beta/])

  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('save-state')).toHaveText('All changes saved')
  // The search knows what is in the suite now.
  await page.getByRole('button', { name: 'Add test cases' }).click()
  await dialog.getByLabel('Search titles and descriptions').fill('Alpha')
  await expect(dialog.getByTestId('search-result').filter({ hasText: alpha.key })).toContainText('already in the suite')
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  await page.getByRole('link', { name: 'View suite' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search smoke')
  await expect(page.getByTestId('suite-section').locator('tbody tr')).toHaveText([/Gamma/, /Alpha/, /Beta/])
  await expect(page.getByTestId('suite-no-runs')).toBeVisible()
  // The suite's page is complete without JavaScript.
  const suiteUrl = page.url()
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() })
  const plain = await noScript.newPage()
  await plain.goto(suiteUrl)
  await expect(plain.getByTestId('suite-section').locator('tbody tr')).toHaveText([/Gamma/, /Alpha/, /Beta/])
  await expect(plain.getByRole('heading', { level: 2, name: 'Description' })).toBeVisible()
  await expect(plain.locator('strong', { hasText: 'search' })).toBeVisible()
  await noScript.close()

  await page.goto(`/test-suites?project=${projectId}`)
  const row = page.getByTestId('suite-row').filter({ hasText: 'Search smoke' })
  await expect(row).toContainText('3 test cases')
  // The description's first line, as plain text.
  await expect(row).toContainText('Checks search results')
  await expect(row).not.toContainText('Then the rest')
})

test('a dynamic suite: the preview and the saved suite show what the rule matches now', async ({ page }) => {
  const projectId = await newProject(page, 'Dynamic suites')
  await newCase(page, projectId, { title: 'Smoke high one', tags: ['smoke'], priority: 'high', state: 'active' })
  const critical = await newCase(page, projectId, { title: 'Smoke critical two', tags: ['smoke'], priority: 'critical', state: 'active' })
  await newCase(page, projectId, { title: 'Smoke low three', tags: ['smoke'], priority: 'low', state: 'active' })
  await newCase(page, projectId, { title: 'Smoke draft four', tags: ['smoke'], priority: 'critical', state: 'draft' })
  await newCase(page, projectId, { title: 'Untagged five', priority: 'critical', state: 'active' })

  await page.goto(`/test-suites/create?project=${projectId}`)
  await hydrated(page)
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Important smoke')
  await page.getByRole('radio', { name: 'Dynamic' }).check()
  const preview = page.getByTestId('rule-preview')
  // No condition yet: every active case.
  await expect(preview.getByTestId('rule-preview-count')).toHaveText('Matches 4 test cases now')
  await page.getByRole('button', { name: /^smoke/ }).click()
  await expect(preview.getByTestId('rule-preview-count')).toHaveText('Matches 3 test cases now')
  await page.getByLabel('Minimum priority').selectOption({ label: 'High or higher' })
  await expect(preview.getByTestId('rule-preview-count')).toHaveText('Matches 2 test cases now')
  await expect(preview.getByRole('listitem')).toHaveText([/Smoke (high one|critical two)/, /Smoke (high one|critical two)/])
  await expect(preview).not.toContainText('Smoke low three')
  await expect(preview).not.toContainText('Smoke draft four')

  await page.getByRole('button', { name: 'Create suite' }).click()
  await expect(page).toHaveURL(/\/projects\/[^/]+\/test-suites\/[^/]+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Important smoke')
  await expect(page.getByTestId('match-count')).toHaveText('Matches 2 test cases now')
  await expect(page.getByTestId('suite-cases')).toContainText('Smoke critical two')

  // The critical case stops matching (deprecated): it is gone from the suite, without touching the suite.
  const changed = await trpc(page, 'testCases.update', { id: critical.id, expectedVersion: critical.version, title: 'Smoke critical two', tags: ['smoke'], priority: 'critical', state: 'deprecated' }, 'mutation')
  expect(changed.error).toBeNull()
  await page.reload()
  await expect(page.getByTestId('match-count')).toHaveText('Matches 1 test case now')
  await expect(page.getByTestId('suite-cases')).toContainText('Smoke high one')
  await expect(page.getByTestId('suite-cases')).not.toContainText('Smoke critical two')
  await page.goto(`/test-suites?project=${projectId}`)
  await expect(page.getByTestId('suite-row').filter({ hasText: 'Important smoke' })).toContainText('1 matches now')
})

test('a kind editor whose code could not be fetched says so, and comes on "Try again"', async ({ page }) => {
  const projectId = await newProject(page, 'Editors offline')
  // The connection drops before the rule builder's code arrives (found by what it holds, whatever its file is named).
  await page.route('**/*.js', async (route) => {
    const response = await route.fetch()
    if ((await response.text()).includes('rule-builder')) return route.abort('internetdisconnected')
    return route.fulfill({ response })
  })
  // The server cannot be reached at all, so the page does not reload to look for a new build (features/navigation).
  await page.route('**/api/trpc/health*', (route) => route.abort('internetdisconnected'))
  await page.goto(`/test-suites/create?project=${projectId}&lang=en`)
  await hydrated(page)
  await page.getByRole('radio', { name: 'Dynamic' }).check()
  const failed = page.getByRole('alert').filter({ hasText: 'The server could not be reached' })
  await expect(failed).toBeVisible()
  await expect(page.getByTestId('rule-builder')).toHaveCount(0)

  // While the server cannot be reached, "Try again" keeps the page and says so again.
  await failed.getByRole('button', { name: 'Try again' }).click()
  await expect(failed).toBeVisible()
  await expect(page.getByTestId('rule-builder')).toHaveCount(0)

  // The connection is back. The browser keeps what failed to arrive as failed for the life of the page, so "Try again"
  // reloads it, and the rule builder comes when Dynamic is chosen.
  await page.unroute('**/*.js')
  await page.unroute('**/api/trpc/health*')
  await Promise.all([page.waitForEvent('load'), failed.getByRole('button', { name: 'Try again' }).click()])
  await hydrated(page)
  await page.getByRole('radio', { name: 'Dynamic' }).check()
  await expect(page.getByTestId('rule-builder')).toBeVisible()
  await expect(failed).toHaveCount(0)
})

test('the kind editors come with the page: choosing Dynamic shows the rule builder at once, and no editor says "Loading"', async ({ page }) => {
  const projectId = await newProject(page, 'Editors at once')
  const staticSuite = await trpc<{ id: string }>(page, 'testSuites.create', { projectId, suite: { name: 'Listed', kind: 'static' } }, 'mutation')
  const dynamicSuite = await trpc<{ id: string }>(page, 'testSuites.create', { projectId, suite: { name: 'By rule', kind: 'dynamic', rule: { tags: [], minPriority: null, folder: null, portalId: null } } }, 'mutation')
  // Every "Loading" the pages show, from the first streamed HTML on (a text the parser or React puts in).
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { loadingSeen: seen })
    const look = (node: Node) => {
      const element = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement
      if (!element || element.closest('script, style, template')) return
      const text = node.textContent
      if (text && /(^|\s)Loading[.…]*(\s|$)/.test(text)) seen.push(text.trim().slice(0, 80))
    }
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData') look(record.target)
        for (const node of record.addedNodes) look(node)
      }
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
  const loadingSeen = () => page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen)

  // The rule builder's code is asked for with the page's, before "Dynamic" is chosen.
  const ruleBuilderCode: string[] = []
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname.endsWith('.js') && (await response.text().catch(() => '')).includes('rule-builder')) ruleBuilderCode.push(response.url())
  })
  await page.goto(`/test-suites/create?project=${projectId}`)
  await hydrated(page)
  await expect.poll(() => ruleBuilderCode.length).toBeGreaterThan(0)
  await expect(page.getByTestId('rule-builder')).toHaveCount(0)
  await page.getByRole('radio', { name: 'Dynamic' }).check()
  await expect(page.getByTestId('rule-builder')).toBeVisible()
  await expect(page.getByTestId('rule-preview-count')).toHaveText('Matches no test cases now')
  expect(await loadingSeen()).toEqual([])

  await page.goto(`/test-suites/${staticSuite.data!.id}/edit`)
  await hydrated(page)
  await expect(page.getByTestId('section-editor')).toBeVisible()
  expect(await loadingSeen()).toEqual([])

  await page.goto(`/test-suites/${dynamicSuite.data!.id}/edit`)
  await hydrated(page)
  await expect(page.getByTestId('rule-builder')).toBeVisible()
  expect(await loadingSeen()).toEqual([])
})

test('a schedule that cannot reach the server says so and stays unsaved; saved, the page reads it from the server', async ({ page }) => {
  const projectId = await newProject(page, 'Offline schedule')
  const suite = await trpc<{ id: string }>(page, 'testSuites.create', { projectId, suite: { name: 'Nightly', kind: 'dynamic', rule: { tags: [], minPriority: null, folder: null, portalId: null } } }, 'mutation')
  expect(suite.error).toBeNull()
  await page.goto(`/projects/${projectId}/test-suites/${suite.data!.id}`)
  await hydrated(page)
  const schedule = page.getByTestId('suite-schedule')
  await schedule.getByTestId('schedule-every').selectOption('weekly')
  await schedule.getByTestId('schedule-first').fill('2031-06-01T08:00')

  await page.route('**/api/trpc/*setSchedule*', (route) => route.abort())
  await schedule.getByTestId('schedule-save').click()
  await expect(schedule.getByTestId('schedule-error')).toHaveText('The server could not be reached. The schedule was not saved; try again.')
  await expect(schedule.getByTestId('schedule-summary')).toHaveText('Not scheduled: the suite runs only when someone starts a run.')
  // What was chosen stays for the next try.
  await expect(schedule.getByTestId('schedule-every')).toHaveValue('weekly')
  await page.unroute('**/api/trpc/*setSchedule*')
  const unsaved = await trpc<{ schedule: unknown }>(page, 'testSuites.byId', { id: suite.data!.id })
  expect(unsaved.data?.schedule).toBeNull()

  await schedule.getByTestId('schedule-save').click()
  await expect(schedule.getByRole('status')).toHaveText('The schedule is saved.')
  await expect(schedule.getByTestId('schedule-error')).toHaveCount(0)
  await expect(schedule.getByTestId('schedule-next')).toContainText('2031')
})

test('a suite without a name is refused in Czech and keeps what was typed', async ({ page }) => {
  const projectId = await newProject(page, 'Validation')
  await page.goto(`/test-suites/create?project=${projectId}&lang=cs`)
  await hydrated(page)
  const description = page.getByLabel('Popis')
  await description.fill('Kontrola **vyhledávání** na portálu')
  await page.getByRole('textbox', { name: 'Název', exact: true }).fill('   ')
  await page.getByRole('button', { name: 'Vytvořit a přidat případy' }).click()
  await expect(page.getByText('Toto pole je povinné')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Název', exact: true })).toBeFocused()
  await expect(description).toHaveValue('Kontrola **vyhledávání** na portálu')
  await expect(page).toHaveURL(/\/test-suites\/create/)
})

test('a conflicting save loses nothing, and leaving with unsaved changes asks first', async ({ page }) => {
  const projectId = await newProject(page, 'Conflicts')
  const cases = [await newCase(page, projectId, { title: 'First check' }), await newCase(page, projectId, { title: 'Second check' }), await newCase(page, projectId, { title: 'Third check' })]
  const created = await trpc<{ id: string }>(page, 'testSuites.create', { projectId, suite: { name: 'Shared suite', kind: 'static' } }, 'mutation')
  const suiteId = created.data!.id
  await trpc(page, 'testSuites.setContent', { suiteId, expectedVersion: 1, sections: [{ id: null, name: '', caseIds: cases.map((item) => item.id) }] }, 'mutation')
  await page.goto(`/test-suites/${suiteId}/edit`)
  await hydrated(page)

  // A colleague renames the suite after the page was loaded.
  const loaded = await trpc<{ suite: { version: number } }>(page, 'testSuites.byId', { id: suiteId })
  const renamed = await trpc(page, 'testSuites.update', { id: suiteId, expectedVersion: loaded.data!.suite.version, suite: { name: 'Renamed by a colleague', kind: 'static' } }, 'mutation')
  expect(renamed.error).toBeNull()

  await page.getByRole('button', { name: `Remove ${cases[0]!.key} from the suite` }).click()
  await page.getByLabel('Description').fill('Mine, typed here')
  await page.getByRole('button', { name: 'Save' }).click()
  const conflict = page.getByTestId('conflict')
  await expect(conflict).toContainText('Someone saved this suite after you opened it')
  await expect(page.getByLabel('Description')).toHaveValue('Mine, typed here')
  await expect(page.getByTestId('case-row')).toHaveText([/Second check/, /Third check/])

  await conflict.getByRole('button', { name: 'Load their version and re-apply my changes' }).click()
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Renamed by a colleague')
  await expect(page.getByLabel('Description')).toHaveValue('Mine, typed here')
  await expect(page.getByTestId('case-row')).toHaveText([/Second check/, /Third check/])
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('save-state')).toHaveText('All changes saved')

  // Unsaved again: a link asks before leaving, and staying keeps the text.
  await page.getByLabel('Description').fill('Not saved yet')
  await page.getByRole('link', { name: 'View suite' }).click()
  const leave = page.getByTestId('leave-dialog')
  await expect(leave).toContainText('Leave without saving?')
  await leave.getByRole('button', { name: 'Stay on this page' }).click()
  await expect(page).toHaveURL(/\/edit$/)
  await expect(page.getByLabel('Description')).toHaveValue('Not saved yet')
  await page.getByRole('link', { name: 'View suite' }).click()
  await leave.getByRole('button', { name: 'Leave without saving' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Renamed by a colleague')
  await expect(page.getByText('Mine, typed here')).toBeVisible()
  await expect(page.getByTestId('suite-section').locator('tbody tr')).toHaveText([/Second check/, /Third check/])
})

/** A project with a static suite in two sections and a dynamic suite; the addresses of the suite pages. */
async function suitePages(page: Page): Promise<string[]> {
  const projectId = await newProject(page, 'Accessible suites')
  const first = await newCase(page, projectId, { title: 'A rather long test case title that must wrap on a narrow phone screen', tags: ['smoke'], state: 'active' })
  const second = await newCase(page, projectId, { title: 'Second case', tags: ['smoke'], state: 'active' })
  const created = await trpc<{ id: string }>(page, 'testSuites.create', { projectId, suite: { name: 'Layout suite', description: 'Checks **layout**.', kind: 'static' } }, 'mutation')
  const suiteId = created.data!.id
  const content = await trpc(page, 'testSuites.setContent', { suiteId, expectedVersion: 1, sections: [{ id: null, name: '', caseIds: [first.id] }, { id: null, name: 'Search', caseIds: [second.id] }] }, 'mutation')
  expect(content.error).toBeNull()
  const dynamic = await trpc<{ id: string }>(page, 'testSuites.create', { projectId, suite: { name: 'Smoke rule', kind: 'dynamic', rule: { tags: ['smoke'], minPriority: null, folder: null, portalId: null } } }, 'mutation')
  return [
    `/test-suites?project=${projectId}`,
    `/test-suites/create?project=${projectId}`,
    `/test-suites/${suiteId}/edit`,
    `/test-suites/${dynamic.data!.id}/edit`,
    `/projects/${projectId}/test-suites/${suiteId}`,
    `/projects/${projectId}/test-suites/${dynamic.data!.id}`,
  ]
}

for (const theme of ['light', 'dark'] as const) {
  test(`the list, editors and suite pages have no serious axe findings in the ${theme} theme`, async ({ page }) => {
    const pages = await suitePages(page)
    await page.evaluate((value) => localStorage.setItem('theme', value), theme)
    for (const path of pages) {
      await page.goto(path)
      await hydrated(page)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      const results = await new AxeBuilder({ page }).analyze()
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(serious.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    }
  })
}

test('the suite pages fit a 360 px screen', async ({ page }) => {
  const pages = await suitePages(page)
  await page.setViewportSize({ width: 360, height: 740 })
  for (const path of pages) {
    await page.goto(path)
    await hydrated(page)
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }))
    expect(widths.scroll, path).toBeLessThanOrEqual(widths.viewport)
  }
})
