import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { E2E_USERS, hydrated, signIn, trpc } from './users.ts'

// The test case editors: the plain form (/test-cases/create, /test-cases/{id}/edit) and the enhanced editor
// (/test-cases/enhanced-editor), with the demo catalogue as the source of targets. Each test makes a project of its
// own through the API, so tests running side by side never share a case.

const USER = E2E_USERS.editorOwner

type StepInput = { kind: 'step'; id: string; action: string; data: string; expected: string }
type CaseDetail = {
  case: {
    id: string
    version: number
    title: string
    description: string
    steps: Array<StepInput | { kind: 'shared'; id: string; sharedStepId: string }>
    custom: Record<string, unknown>
    target: { kind: string; id: string; label: string } | null
  }
}

function randomKey(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
  return Array.from({ length: 6 }, () => letters[Math.floor(Math.random() * letters.length)]).join('')
}

async function newProject(page: Page, name: string): Promise<string> {
  const created = await trpc<{ id: string }>(page, 'projects.create', { name, key: randomKey(), portalIds: ['demo-kraje'] }, 'mutation')
  expect(created.error).toBeNull()
  return created.data!.id
}

async function newCase(page: Page, projectId: string, title: string, actions: string[] = [], custom: Record<string, unknown> = {}): Promise<string> {
  const steps = actions.map((action, index) => ({ kind: 'step', id: `s${index}`, action, data: '', expected: `${action} done` }))
  const created = await trpc<{ id: string }>(page, 'testCases.create', { projectId, title, steps, custom }, 'mutation')
  expect(created.error).toBeNull()
  return created.data!.id
}

async function caseDetail(page: Page, id: string): Promise<CaseDetail['case']> {
  const answer = await trpc<CaseDetail>(page, 'testCases.byId', { id })
  expect(answer.error).toBeNull()
  return answer.data!.case
}

async function expectNoSeriousAxe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

test('a case is created in the plain form with steps, a custom field and a dataset of the demo catalogue', async ({ page }) => {
  await signIn(page, USER)
  const projectId = await newProject(page, 'Plain form project')
  const field = await trpc<{ id: string }>(page, 'projects.fields.create', { projectId, field: { label: 'Browser', type: 'select', options: ['Chrome', 'Firefox'], required: false } }, 'mutation')
  expect(field.error).toBeNull()

  await page.goto(`/test-cases/create?project=${projectId}&lang=en`)
  await hydrated(page)
  await page.getByTestId('case-title').fill('Budget datasets have a CSV')
  await page.getByTestId('add-step').click()
  await expect(page.getByTestId('step-0-action')).toBeFocused()
  await page.getByTestId('step-0-action').fill('Open the dataset')
  await page.getByTestId('step-0-data').fill('rozpočet')
  await page.getByTestId('step-0-expected').fill('The detail opens')
  await page.getByTestId('add-step').click()
  await page.getByTestId('step-1-action').fill('Download the CSV')
  await page.getByTestId('step-1-expected').fill('A CSV file')
  await page.getByTestId('custom-Browser').selectOption('Firefox')

  await page.getByTestId('target-search').fill('rozpočet')
  const option = page.getByTestId('target-option').first()
  await expect(option).toBeVisible()
  const label = (await option.locator('span').first().textContent()) ?? ''
  expect(label).not.toBe('')
  await option.click()
  await expect(page.getByTestId('target-chosen')).toHaveText(label)

  await page.getByTestId('case-submit').click()
  await page.waitForURL(/\/test-cases\/[^/?]+$/)
  const id = new URL(page.url()).pathname.split('/').pop()!
  const saved = await caseDetail(page, id)
  expect(saved.title).toBe('Budget datasets have a CSV')
  expect(saved.steps.map((step) => (step.kind === 'step' ? [step.action, step.data, step.expected] : null))).toEqual([
    ['Open the dataset', 'rozpočet', 'The detail opens'],
    ['Download the CSV', '', 'A CSV file'],
  ])
  expect(saved.custom[field.data!.id]).toBe('Firefox')
  expect(saved.target).toMatchObject({ kind: 'dataset', label })
  expect(saved.target?.id.startsWith('demo-kraje:')).toBe(true)
})

test('a double press on Create creates the case once', async ({ page }) => {
  await signIn(page, USER)
  const projectId = await newProject(page, 'Dvojklik')
  await page.goto(`/test-cases/create?project=${projectId}&lang=en`)
  await hydrated(page)
  await page.getByTestId('case-title').fill('Created once')
  await page.getByTestId('add-step').click()
  await page.getByTestId('step-0-action').fill('Open the catalogue')
  await page.getByTestId('case-submit').dblclick()
  await page.waitForURL((url) => /^\/test-cases\/[^/]+$/.test(url.pathname) && url.pathname !== '/test-cases/create')
  // A second create would have been sent with the first: once nothing is on its way, the project holds what was made.
  await page.waitForLoadState('networkidle')
  const list = await trpc<{ total: number }>(page, 'testCases.list', { projectId })
  expect(list.data?.total).toBe(1)
})

test('a missing title is refused in Czech and everything typed stays; a busy server is said so', async ({ page }) => {
  await signIn(page, USER)
  const projectId = await newProject(page, 'Povinná pole')
  await page.goto(`/test-cases/create?project=${projectId}&lang=cs`)
  await hydrated(page)
  await page.getByTestId('case-description').fill('Popis, který nesmí zmizet')
  await page.getByTestId('add-step').click()
  await page.getByTestId('step-0-expected').fill('Výsledek bez akce')
  await page.getByTestId('case-submit').click()

  const title = page.getByTestId('case-title')
  await expect(title).toHaveAttribute('aria-invalid', 'true')
  await expect(title).toBeFocused()
  await expect(page.getByText('Toto pole je povinné').first()).toBeVisible()
  await expect(page.getByTestId('step-0-action')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('case-description')).toHaveValue('Popis, který nesmí zmizet')
  await expect(page.getByTestId('step-0-expected')).toHaveValue('Výsledek bez akce')
  await expect(page).toHaveURL(/\/test-cases\/create/)

  // The server is busy: its message is shown and the form keeps what was typed.
  const busy = 'Server je právě přetížený, zkuste to prosím za chvíli.'
  await page.route('**/api/trpc/testCases.create**', (route) => {
    const answer = { error: { json: { message: busy, code: -32603, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } } } }
    // The app batches mutations: a batch is answered with an array.
    const body = route.request().url().includes('batch=1') ? [answer] : answer
    return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(body) })
  })
  await title.fill('Název')
  await page.getByTestId('step-0-action').fill('Akce')
  await page.getByTestId('case-submit').click()
  await expect(page.getByText(busy)).toBeVisible()
  await expect(title).toHaveValue('Název')
  await expect(page.getByTestId('case-description')).toHaveValue('Popis, který nesmí zmizet')
})

test('steps are reordered by keyboard in the enhanced editor and the new order is saved', async ({ page }) => {
  await signIn(page, USER)
  const projectId = await newProject(page, 'Reorder project')
  const id = await newCase(page, projectId, 'Three steps', ['Alpha', 'Beta', 'Gamma'])
  const shared = await trpc<{ id: string }>(page, 'projects.sharedSteps.create', { projectId, step: { title: 'Sign in', steps: [{ action: 'Open the login form', data: '', expected: 'A form' }] } }, 'mutation')
  expect(shared.error).toBeNull()
  await page.goto(`/test-cases/enhanced-editor?project=${projectId}&cases=${id}&lang=en`)
  await hydrated(page)

  const handle = page.getByRole('button', { name: 'Move Step 3: Gamma', exact: true })
  await handle.focus()
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Space')
  await expect(page.getByTestId('sortable-steps-announcement')).toContainText('position 1 of 3')
  await expect(page.getByTestId('step-0-action')).toHaveValue('Gamma')
  await expect(page.getByTestId('step-1-action')).toHaveValue('Alpha')
  // ArrowDown moves it back one place.
  await page.getByRole('button', { name: 'Move Step 2: Alpha', exact: true }).focus()
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Space')
  await expect(page.getByTestId('step-1-action')).toHaveValue('Beta')

  // Shared steps go in by reference, shown with their own steps.
  await page.getByTestId('shared-step-select').selectOption({ label: 'Sign in' })
  await page.getByRole('button', { name: 'Insert' }).click()
  await expect(page.getByTestId('step-row').nth(3)).toContainText('Open the login form')

  await page.getByTestId('case-save').click()
  await expect(page.getByTestId('save-status')).toHaveText('Saved as version 2.')
  const saved = await caseDetail(page, id)
  expect(saved.version).toBe(2)
  expect(saved.steps.map((step) => (step.kind === 'step' ? step.action : step.sharedStepId))).toEqual(['Gamma', 'Beta', 'Alpha', shared.data!.id])
  expect(saved.steps[3]?.kind).toBe('shared')
})

test('a draft of the enhanced editor survives a reload', async ({ page }) => {
  await signIn(page, USER)
  const projectId = await newProject(page, 'Draft project')
  const id = await newCase(page, projectId, 'Kept as typed', ['Open the portal'])
  const href = `/test-cases/enhanced-editor?project=${projectId}&cases=${id}`
  await page.goto(`${href}&lang=en`)
  await hydrated(page)
  await page.getByTestId('case-title').fill('Kept as typed, and more')
  await page.getByTestId('case-description').fill('Some **bold** words')
  await expect(page.getByTestId('save-status')).toContainText('Draft kept in this browser')
  // The preview renders the Markdown as it is typed.
  await expect(page.locator('strong', { hasText: 'bold' })).toBeVisible()

  // Reloaded while scrolled down, the browser puts the page back there: the offer above is brought into view.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200)
  await page.reload()
  await hydrated(page)
  await expect(page.getByTestId('draft-offer')).toBeInViewport()
  await page.getByRole('button', { name: 'Restore draft' }).click()
  await expect(page.getByTestId('case-title')).toHaveValue('Kept as typed, and more')
  await expect(page.getByTestId('case-description')).toHaveValue('Some **bold** words')
  // Nothing was saved on the server: the draft lives in this browser only.
  expect((await caseDetail(page, id)).title).toBe('Kept as typed')

  // A new case that was never saved is offered again after a reload, too.
  await page.goto(`/test-cases/enhanced-editor?project=${projectId}`)
  await hydrated(page)
  await page.getByTestId('case-title').fill('A new case not saved yet')
  await expect(page.getByTestId('save-status')).toContainText('Draft kept in this browser')
  await page.reload()
  await hydrated(page)
  const offers = page.getByTestId('new-draft-offers')
  await expect(offers).toContainText('A new case not saved yet')
  await offers.getByRole('button', { name: 'Restore draft' }).click()
  await expect(page.getByTestId('case-title').last()).toHaveValue('A new case not saved yet')
})

test('the enhanced editor says so when drafts cannot be kept because their code did not load', async ({ page }) => {
  await signIn(page, USER)
  const projectId = await newProject(page, 'Drafts offline')
  const id = await newCase(page, projectId, 'Typed while offline')
  // The drafts' code loads after the page; the connection drops before it arrives (found by what it holds, whatever
  // the build named its file).
  await page.route('**/*.js', async (route) => {
    const response = await route.fetch()
    if ((await response.text()).includes('portalscope.caseDraft')) return route.abort('internetdisconnected')
    return route.fulfill({ response })
  })
  // The server cannot be reached at all, so the page does not reload to look for a new build (features/navigation).
  await page.route('**/api/trpc/health*', (route) => route.abort('internetdisconnected'))
  await page.goto(`/test-cases/enhanced-editor?project=${projectId}&cases=${id}&lang=en`)
  await hydrated(page)
  await page.getByTestId('case-title').fill('Typed while offline, and more')
  await expect(page.getByTestId('save-status')).toContainText('Drafts are not being kept in this browser')
  // Saving still works, and says it did.
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await page.getByTestId('case-save').click()
  await expect(page.getByTestId('save-status')).toHaveText('Saved as version 2.')
  expect((await caseDetail(page, id)).title).toBe('Typed while offline, and more')
})

test('the enhanced editor catches a save made meanwhile in another browser and can overwrite it with mine', async ({ page, browser }) => {
  await signIn(page, USER)
  const projectId = await newProject(page, 'Two browsers')
  const id = await newCase(page, projectId, 'Shared work', ['Open the portal'])
  await page.goto(`/test-cases/enhanced-editor?project=${projectId}&cases=${id}&lang=en`)
  await hydrated(page)
  await page.getByTestId('step-0-data').fill('My test data')

  // The other browser saves a new title through the plain form.
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await signIn(otherPage, USER)
  await otherPage.goto(`/test-cases/${id}/edit?lang=en`)
  await hydrated(otherPage)
  await otherPage.getByTestId('case-title').fill('Shared work, renamed elsewhere')
  await otherPage.getByTestId('case-submit').click()
  await otherPage.waitForURL(new RegExp(`/test-cases/${id}$`))
  await other.close()

  await page.getByTestId('step-0-data').press('Control+s')
  const panel = page.getByTestId('conflict-panel')
  await expect(panel).toBeVisible()
  await expect(panel.getByTestId('conflict-title')).toContainText('Shared work, renamed elsewhere')
  await expect(panel.getByTestId('conflict-steps')).toContainText('My test data')
  await expect(page.getByTestId('step-0-data')).toHaveValue('My test data')

  await panel.getByRole('button', { name: 'Keep all mine' }).click()
  await panel.getByTestId('conflict-save').click()
  await expect(page.getByTestId('save-status')).toHaveText('Saved as version 3.')
  await expect(panel).toHaveCount(0)
  const saved = await caseDetail(page, id)
  expect(saved.title).toBe('Shared work')
  expect(saved.steps[0]).toMatchObject({ kind: 'step', action: 'Open the portal', data: 'My test data' })
})

test('a save over someone else’s newer version shows their change and loses nothing typed', async ({ page, browser }) => {
  await signIn(page, USER)
  const projectId = await newProject(page, 'Conflict project')
  const id = await newCase(page, projectId, 'Original title', ['Open the portal'])
  await page.goto(`/test-cases/${id}/edit?lang=en`)
  await hydrated(page)
  await page.getByTestId('case-description').fill('My description, typed before the other save')

  // Someone else (the same account in a second browser) saves a new title meanwhile.
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await signIn(otherPage, USER)
  const theirs = await trpc<{ version: number }>(otherPage, 'testCases.update', { id, expectedVersion: 1, title: 'Their newer title', steps: [{ kind: 'step', id: 's0', action: 'Open the portal', data: '', expected: 'Open the portal done' }] }, 'mutation')
  expect(theirs.error).toBeNull()
  await other.close()

  await page.getByTestId('case-submit').click()
  const panel = page.getByTestId('conflict-panel')
  await expect(panel).toBeVisible()
  await expect(panel.getByTestId('conflict-title')).toContainText('Their newer title')
  await expect(panel.getByTestId('conflict-description')).toContainText('My description, typed before the other save')
  await expect(page.getByTestId('case-description')).toHaveValue('My description, typed before the other save')
  // Their title (only they changed it) and my description (only I did) are preselected.
  await expect(panel.getByTestId('conflict-title').getByRole('radio', { name: /Take theirs/ })).toBeChecked()
  await expect(panel.getByTestId('conflict-description').getByRole('radio', { name: 'Keep mine' })).toBeChecked()
  await expectNoSeriousAxe(page)

  await panel.getByTestId('conflict-save').click()
  await page.waitForURL(new RegExp(`/test-cases/${id}$`))
  const saved = await caseDetail(page, id)
  expect(saved.version).toBe(3)
  expect(saved.title).toBe('Their newer title')
  expect(saved.description).toBe('My description, typed before the other save')
})

test.describe('accessibility and phones', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`both editors have no serious axe findings in the ${theme} theme`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
      await signIn(page, USER)
      const projectId = await newProject(page, `Axe ${theme}`)
      const field = await trpc<{ id: string }>(page, 'projects.fields.create', { projectId, field: { label: 'Browser', type: 'select', options: ['Chrome', 'Firefox'], required: true } }, 'mutation')
      const id = await newCase(page, projectId, 'Axe case', ['First', 'Second'], { [field.data!.id]: 'Chrome' })
      for (const path of [`/test-cases/create?project=${projectId}`, `/test-cases/${id}/edit`, `/test-cases/enhanced-editor?project=${projectId}&cases=${id}`]) {
        await page.goto(path)
        await hydrated(page)
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        await expectNoSeriousAxe(page)
      }
      // With messages shown, too.
      await page.goto(`/test-cases/create?project=${projectId}`)
      await hydrated(page)
      await page.getByTestId('case-submit').click()
      await expect(page.getByTestId('case-title')).toHaveAttribute('aria-invalid', 'true')
      await expectNoSeriousAxe(page)
    })
  }

  test('nothing is wider than a 360 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 })
    await signIn(page, USER)
    const projectId = await newProject(page, 'Phone project with a rather long name')
    const id = await newCase(page, projectId, 'A case with a title long enough to wrap on a phone screen', ['First step', 'Second step'])
    for (const path of [`/test-cases/create?project=${projectId}`, `/test-cases/${id}/edit`, `/test-cases/enhanced-editor?project=${projectId}&cases=${id}`]) {
      await page.goto(path)
      await hydrated(page)
      const widest = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(widest, path).toBeLessThanOrEqual(360)
    }
  })
})
