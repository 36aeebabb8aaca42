import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { E2E_USERS, hydrated, signIn, trpc } from './users.ts'

// Giving a run's cases to testers: a case's default tester carried into a new run, bulk assignment by ticked cases
// and by section, one case at a time with its history, per-tester progress whose figures filter the list, and "my
// work" with its count in the navigation. Then the tester on a phone, in Czech: recording with a key moves focus to
// the next case and the status buttons stay on screen. Keyboard only where a person would use it; both themes in axe.

const owner = E2E_USERS.assignOwner
const tester = E2E_USERS.assignTester

const CASES = [
  { title: 'Vyhledávání najde datovou sadu', folder: 'Portály/Vyhledávání' },
  { title: 'Stránkování výsledků', folder: 'Portály/Vyhledávání' },
  { title: 'Datová sada má licenci', folder: 'Licence' },
  { title: 'CSV se stáhne', folder: 'Portály' },
]
const STEPS = Array.from({ length: 6 }, (_, index) => ({ kind: 'step', id: `s${index + 1}`, action: `Krok ${index + 1}: otevřete stránku a porovnejte údaje s katalogem`, data: '', expected: 'Údaje odpovídají katalogu a nic nechybí' }))

async function expectNoSeriousAxe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** A project of the owner with the tester as a member, four cases in folders, and a suite of two sections. */
async function newProject(page: Page): Promise<{ projectId: string; caseIds: string[]; suiteId: string; key: string }> {
  const key = `A${Math.random().toString(36).slice(2, 7).toUpperCase()}`
  const project = await trpc<{ id: string }>(page, 'projects.create', { name: `Přidělování ${key}`, key }, 'mutation')
  expect(project.error).toBeNull()
  const projectId = project.data!.id
  expect((await trpc(page, 'projects.members.add', { projectId, email: tester.email, role: 'tester' }, 'mutation')).error).toBeNull()
  const caseIds: string[] = []
  for (const item of CASES) {
    const created = await trpc<{ id: string }>(page, 'testCases.create', { projectId, ...item, state: 'active', steps: STEPS }, 'mutation')
    expect(created.error).toBeNull()
    caseIds.push(created.data!.id)
  }
  const suite = await trpc<{ id: string }>(page, 'testSuites.create', { projectId, suite: { name: 'Regrese', kind: 'static' } }, 'mutation')
  const sections = [
    { id: null, name: '', caseIds: [] },
    { id: null, name: 'Vyhledávání', caseIds: [caseIds[0], caseIds[1]] },
    { id: null, name: 'Licence', caseIds: [caseIds[2], caseIds[3]] },
  ]
  expect((await trpc(page, 'testSuites.setContent', { suiteId: suite.data!.id, expectedVersion: 1, sections }, 'mutation')).error).toBeNull()
  return { projectId, caseIds, suiteId: suite.data!.id, key }
}

async function newRun(page: Page, projectId: string, suiteId: string, name: string): Promise<string> {
  const run = await trpc<{ id: string }>(page, 'testRuns.create', { projectId, run: { name }, source: { kind: 'suite', suiteId } }, 'mutation')
  expect(run.error).toBeNull()
  return run.data!.id
}

async function signedIn(browser: Browser, user: (typeof E2E_USERS)[keyof typeof E2E_USERS], viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport } : {})
  const page = await context.newPage()
  await signIn(page, user)
  return page
}

const caseRow = (page: Page, title: string) => page.locator('li').filter({ has: page.getByTestId('case-link').filter({ hasText: title }) })
const testerRow = (page: Page, name: string) => page.getByTestId('tester-row').filter({ hasText: name })

test('an editor assigns a run by default tester, ticked cases, section and one by one; progress per tester filters the list', async ({ browser }) => {
  test.setTimeout(90_000)
  const page = await signedIn(browser, owner)
  const { projectId, caseIds, suiteId } = await newProject(page)

  // The default tester, set on the case page with the keyboard: carried into the next run.
  await page.goto(`/test-cases/${caseIds[2]}`)
  await hydrated(page)
  const defaultTester = page.getByTestId('default-tester')
  await defaultTester.getByLabel('New runs give this case to').focus()
  await defaultTester.getByLabel('New runs give this case to').selectOption({ label: tester.name })
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('default-tester-message')).toContainText('Saved')
  const runId = await newRun(page, projectId, suiteId, 'Týden 48')

  await page.goto(`/test-runs/${runId}`)
  await hydrated(page)
  await expect(testerRow(page, tester.name).getByTestId('tester-todo')).toHaveText('1')
  await expect(caseRow(page, CASES[2]!.title)).toContainText(tester.name)

  // Two ticked with the keyboard, given to the owner.
  await caseRow(page, CASES[0]!.title).getByTestId('case-select').focus()
  await page.keyboard.press('Space')
  await caseRow(page, CASES[3]!.title).getByTestId('case-select').focus()
  await page.keyboard.press('Space')
  const form = page.getByTestId('assign-form')
  await form.getByLabel('Give to').selectOption({ label: owner.name })
  await expect(form.getByLabel('Which cases')).toHaveValue('selected')
  await form.getByRole('button', { name: 'Assign' }).click()
  await expect(page.getByTestId('assign-message')).toHaveText(`2 cases given to ${owner.name}.`)
  await expect(testerRow(page, owner.name).getByTestId('tester-todo')).toHaveText('2')

  // A whole section to the tester: one of its cases was the owner's.
  await form.getByLabel('Give to').selectOption({ label: tester.name })
  await form.getByLabel('Which cases').selectOption({ label: 'Section: Vyhledávání' })
  await form.getByRole('button', { name: 'Assign' }).click()
  await expect(page.getByTestId('assign-message')).toHaveText(`2 cases given to ${tester.name}.`)
  await expect(testerRow(page, tester.name).getByTestId('tester-todo')).toHaveText('3')
  await expect(testerRow(page, owner.name).getByTestId('tester-todo')).toHaveText('1')

  // One case back to the owner from its own panel; its history keeps all three changes.
  await page.getByTestId('case-link').filter({ hasText: CASES[0]!.title }).click()
  await page.getByTestId('case-assignment').getByLabel('Assigned to').selectOption({ label: owner.name })
  await expect(page.getByTestId('run-announcer')).toContainText(`given to ${owner.name}`)
  const assignment = page.getByTestId('case-assignment')
  await assignment.getByText(/Assignment history/).click()
  await expect(assignment.getByTestId('assignment-history').locator('li')).toHaveCount(3)
  await expect(assignment.getByTestId('assignment-history').locator('li').first()).toContainText(`${owner.name} gave it to ${owner.name}`)
  await expect(assignment.getByTestId('assignment-history').locator('li').nth(1)).toContainText(`${owner.name} gave it to ${tester.name}`)

  // The tester's "to do" figure is a filter: only their untested cases are listed.
  await testerRow(page, tester.name).getByTestId('tester-todo').click()
  await expect(page).toHaveURL(/status=untested/)
  await expect(page.getByTestId('case-link')).toHaveCount(2)
  await expect(page.getByTestId('case-link').first()).toContainText(CASES[1]!.title)
  await expectNoSeriousAxe(page)
  await page.context().close()
})

test('the tester finds their work on a phone in Czech, records with a key and goes on with the next case', async ({ browser }) => {
  test.setTimeout(90_000)
  const page = await signedIn(browser, owner)
  const { projectId, suiteId } = await newProject(page)
  const runId = await newRun(page, projectId, suiteId, 'Telefon 48')
  expect((await trpc(page, 'testRuns.assign', { id: runId, folder: 'Portály', assigneeId: (await trpc<Array<{ userId: string; email: string }>>(page, 'projects.members.list', { projectId })).data!.find((member) => member.email === tester.email)!.userId }, 'mutation')).error).toBeNull()
  await page.context().close()

  const phone = await signedIn(browser, tester, { width: 360, height: 740 })
  await phone.goto('/my-work?lang=cs')
  await hydrated(phone)
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Moje práce')
  const run = phone.getByTestId('my-work-run').filter({ hasText: 'Telefon 48' })
  await expect(run.getByTestId('my-work-run-progress')).toHaveText('Hotovo 0, zbývá 3')
  await expect(run.getByTestId('my-work-case')).toHaveCount(3)
  // The count beside "My work" in the phone's menu is what the page counts (other journeys may give this tester work too).
  const todo = Number(/\d+/.exec((await phone.getByTestId('my-work-summary').textContent()) ?? '')![0])
  expect(todo).toBeGreaterThanOrEqual(3)
  await phone.getByRole('button', { name: 'Otevřít nabídku' }).click()
  const drawer = phone.getByRole('dialog')
  await expect(drawer.getByRole('link', { name: /Moje práce/ }).getByTestId('nav-count-myWork')).toContainText(new RegExp(`^${todo}${todo} případ(y|ů)? zbýv`))
  await phone.keyboard.press('Escape')
  const sideways = await phone.evaluate(() => document.documentElement.scrollWidth)
  expect(sideways).toBeLessThanOrEqual(360)

  // Into the run at the first case; the status buttons are on screen although the steps are long.
  await run.getByTestId('my-work-case').first().click()
  await hydrated(phone)
  await expect(phone).toHaveURL(/assignee=/)
  await expect(phone.getByTestId('case-link')).toHaveCount(3)
  const heading = phone.locator('#open-case-heading')
  await expect(heading).toHaveText(CASES[0]!.title)
  const bar = phone.getByTestId('record-bar')
  await expect(bar.getByRole('button', { name: 'Prošlo', exact: true })).toBeInViewport()
  const box = (await bar.boundingBox())!
  expect(box.y + box.height).toBeLessThanOrEqual(740)

  // P records and opens the next case; focus is on its heading, not on the page.
  await phone.locator('body').press('p')
  await expect(heading).toHaveText(CASES[1]!.title)
  await expect.poll(() => phone.evaluate(() => document.activeElement?.id)).toBe('open-case-heading')
  await phone.keyboard.press('f')
  await expect(heading).toHaveText(CASES[3]!.title)
  await expect.poll(() => phone.evaluate(() => document.activeElement?.id)).toBe('open-case-heading')
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  await phone.goto('/my-work?lang=cs')
  await expect(phone.getByTestId('my-work-run').filter({ hasText: 'Telefon 48' }).getByTestId('my-work-run-progress')).toHaveText('Hotovo 2, zbývá 1')
  await phone.context().close()
})

for (const theme of ['light', 'dark'] as const) {
  test(`my work has no serious axe findings in the ${theme} theme, with work and empty`, async ({ browser }) => {
    const page = await signedIn(browser, owner)
    const { projectId, suiteId } = await newProject(page)
    const runId = await newRun(page, projectId, suiteId, `Motiv ${theme}`)
    const me = (await trpc<Array<{ userId: string; email: string }>>(page, 'projects.members.list', { projectId })).data!.find((member) => member.email === owner.email)!.userId
    expect((await trpc(page, 'testRuns.assign', { id: runId, section: 'Licence', assigneeId: me }, 'mutation')).error).toBeNull()
    await page.evaluate((value) => localStorage.setItem('theme', value), theme)
    await page.goto('/my-work?lang=en')
    await hydrated(page)
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    await expect(page.getByTestId('my-work-run').filter({ hasText: `Motiv ${theme}` })).toBeVisible()
    await expect(page.getByTestId('nav-count-myWork').first()).toBeAttached()
    await expectNoSeriousAxe(page)
    await page.context().close()
  })
}

test('without JavaScript: my work reads, an empty list says so, and ticked cases are assigned by a plain form', async ({ browser }) => {
  const page = await signedIn(browser, owner)
  const { projectId, suiteId } = await newProject(page)
  const runId = await newRun(page, projectId, suiteId, 'Bez skriptu')
  const context = await browser.newContext({ javaScriptEnabled: false })
  await context.addCookies(await page.context().cookies())
  const plain = await context.newPage()

  await plain.goto(`/test-runs/${runId}?lang=en`)
  await caseRow(plain, CASES[1]!.title).getByTestId('case-select').check()
  await plain.getByTestId('assign-form').getByLabel('Give to').selectOption({ label: owner.name })
  await plain.getByTestId('assign-form').getByRole('button', { name: 'Assign' }).click()
  await expect(caseRow(plain, CASES[1]!.title)).toContainText(owner.name)
  await expect(testerRow(plain, owner.name).getByTestId('tester-todo')).toHaveText('1')

  await plain.goto('/my-work?lang=en')
  await expect(plain.getByTestId('my-work-run').filter({ hasText: 'Bez skriptu' }).getByTestId('my-work-case')).toHaveText([new RegExp(CASES[1]!.title)])
  await context.close()

  // Someone with nothing assigned reads the empty state, in Czech.
  const newcomer = await signedIn(browser, E2E_USERS.assignNewcomer)
  const newcomerPlain = await browser.newContext({ javaScriptEnabled: false })
  await newcomerPlain.addCookies(await newcomer.context().cookies())
  const view = await newcomerPlain.newPage()
  await view.goto('/my-work?lang=cs')
  await expect(view.getByTestId('my-work-empty')).toContainText('Nemáte přidělené nic')
  await expect(view.getByTestId('nav-count-myWork')).toHaveCount(0)
  await newcomerPlain.close()
  await newcomer.context().close()
  await page.context().close()
})
