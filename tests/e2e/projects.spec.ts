import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { E2E_LIVE_PORTALS } from './fixtures.ts'
import { E2E_PASSWORD, E2E_USERS, hydrated, signIn, trpc, type E2EUser } from './users.ts'

// Projects: the list, the form (with and without JavaScript), the dashboard, members and roles in the settings, the
// owners' debug view with its export, and someone else's project being a 404 everywhere.

/** A key no other test of this run uses (capitals and digits, starting with a letter). */
function uniqueKey(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 7).toUpperCase()}`.slice(0, 10)
}

/** Signs in as the owner and creates a project through the API; answers its id and key. */
async function ownerProject(page: Page, name: string): Promise<{ id: string; key: string }> {
  await signIn(page, E2E_USERS.projectsOwner)
  const key = uniqueKey('PR')
  const created = await trpc<{ id: string }>(page, 'projects.create', { name, key, description: 'Kontrola **krajských** katalogů.', portalIds: [] }, 'mutation')
  expect(created.error).toBeNull()
  return { id: created.data!.id, key }
}

async function seriousAxeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** A signed-in page in a fresh context of its own (another person at another computer). */
async function otherPerson(browser: Browser, user: E2EUser, redirect = '/projects'): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signIn(page, user, redirect)
  return page
}

test('the owner creates a project, adds a member by e-mail and downloads the export', async ({ page }) => {
  await signIn(page, E2E_USERS.projectsOwner)
  await page.goto('/projects/new')
  await hydrated(page)
  const name = `Kvalita dat ${uniqueKey('')}`
  const key = uniqueKey('Q')
  await page.getByLabel('Name').fill(name)
  // Typed in lower case: the key is capitalised as it is typed.
  await page.getByLabel('Key').fill(key.toLowerCase())
  await expect(page.getByLabel('Key')).toHaveValue(key)
  await page.getByLabel('Description').fill('Checks of the **regional** catalogues.')
  await page.getByLabel(E2E_LIVE_PORTALS[0].name).check()
  await expect(page.getByText('1 portal chosen')).toBeVisible()
  await page.getByRole('button', { name: 'Create project' }).click()

  await page.waitForURL((url) => /^\/projects\/[^/]+$/.test(url.pathname) && url.pathname !== '/projects/new')
  const projectId = new URL(page.url()).pathname.split('/').pop()!
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(page.getByTestId('project-description').locator('strong')).toHaveText('regional')
  await expect(page.getByTestId('runs-empty')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Target portals' }).getByText(E2E_LIVE_PORTALS[0].name)).toBeVisible()

  // The list shows it with its counts.
  await page.goto('/projects')
  const card = page.getByTestId('project-card').filter({ hasText: name })
  await expect(card).toContainText(key)
  await expect(card).toContainText('Members')

  // Settings: add the member as a tester by e-mail.
  await page.goto(`/projects/${projectId}/settings`)
  await hydrated(page)
  const addForm = page.getByTestId('add-member-form')
  // An address without an account is refused with the server's words, and the address stays typed.
  await addForm.getByLabel('E-mail').fill('nobody-here@e2e.example')
  await addForm.getByRole('button', { name: 'Add member' }).click()
  await expect(addForm.getByText('No account uses this e-mail address')).toBeVisible()
  await expect(addForm.getByLabel('E-mail')).toHaveValue('nobody-here@e2e.example')
  await addForm.getByLabel('E-mail').fill(E2E_USERS.projectsMember.email)
  await addForm.getByLabel('Role').selectOption('tester')
  await addForm.getByRole('button', { name: 'Add member' }).click()
  await expect(page.getByTestId('members-notice')).toContainText('was added to the project')
  const member = page.locator(`[data-testid=member][data-email="${E2E_USERS.projectsMember.email}"]`)
  await expect(member.getByLabel(`Role of ${E2E_USERS.projectsMember.name}`)).toHaveValue('tester')

  // The last owner cannot give up ownership: the server refuses and the role is put back.
  const me = page.locator(`[data-testid=member][data-email="${E2E_USERS.projectsOwner.email}"]`)
  await me.getByLabel(`Role of ${E2E_USERS.projectsOwner.name}`).selectOption('editor')
  await expect(page.getByTestId('members-notice')).toContainText('A project needs at least one owner')
  await expect(me.getByLabel(`Role of ${E2E_USERS.projectsOwner.name}`)).toHaveValue('owner')

  // Debug: the counts, and the whole project as a JSON file.
  await page.goto(`/projects/${projectId}/debug`)
  await hydrated(page)
  await expect(page.getByTestId('count-members')).toHaveText('2')
  const downloading = page.waitForEvent('download')
  await page.getByTestId('export-link').click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${key}-\\d{4}-\\d{2}-\\d{2}\\.json$`))
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as { project: { key: string; name: string }; members: Array<{ email?: string }> }
  expect(exported.project).toMatchObject({ key, name })
  expect(JSON.stringify(exported.members)).toContain(E2E_USERS.projectsMember.email)
})

test('the dashboard counts the cases; the owner adds a custom field and shared steps in the settings', async ({ page }) => {
  const { id } = await ownerProject(page, 'Projekt s případy')
  for (const [title, priority, state] of [
    ['CSV se stáhne', 'high', 'active'],
    ['JSON je platný', 'high', 'draft'],
    ['Odkazy fungují', 'low', 'active'],
  ] as const) {
    expect((await trpc(page, 'testCases.create', { projectId: id, title, priority, state }, 'mutation')).error).toBeNull()
  }
  await page.goto(`/projects/${id}`)
  await expect(page.getByRole('heading', { level: 2, name: '3 test cases' })).toBeVisible()
  // Highest priority first: critical, high, medium, low.
  await expect(page.getByTestId('cases-by-priority').locator('li')).toHaveText([/0$/, /2$/, /0$/, /1$/])
  await expect(page.getByTestId('cases-by-state').locator('li')).toHaveText([/^draft\s*1$/, /^active\s*2$/, /^deprecated\s*0$/])
  await expect(page.getByTestId('activity')).toContainText('CSV se stáhne')

  await page.goto(`/projects/${id}/settings`)
  await hydrated(page)
  const fieldForm = page.getByTestId('new-field-form')
  await fieldForm.getByRole('button', { name: 'Add field' }).click()
  await expect(fieldForm.getByLabel('Label')).toHaveAttribute('aria-invalid', 'true')
  await fieldForm.getByLabel('Label').fill('Prohlížeč')
  await fieldForm.getByLabel('Type').selectOption('select')
  await fieldForm.getByLabel('Options').fill('Firefox\nChromium')
  await fieldForm.getByRole('button', { name: 'Add field' }).click()
  await expect(page.getByText('The field “Prohlížeč” was added.')).toBeVisible()
  await expect(page.getByTestId('custom-field')).toContainText('Firefox')

  await page.getByRole('button', { name: 'New shared steps' }).click()
  const editor = page.getByTestId('shared-step-editor')
  await editor.getByLabel('Name').fill('Přihlášení do katalogu')
  // A step without its action is refused in place, and the name stays typed.
  await editor.getByRole('button', { name: 'Create shared steps' }).click()
  await expect(editor.getByLabel('Action')).toHaveAttribute('aria-invalid', 'true')
  await expect(editor.getByLabel('Name')).toHaveValue('Přihlášení do katalogu')
  await editor.getByLabel('Action').fill('Otevřít přihlašovací stránku')
  await editor.getByLabel('Expected result').fill('Formulář je vidět')
  await editor.getByRole('button', { name: 'Create shared steps' }).click()
  await expect(page.getByText('“Přihlášení do katalogu” is saved.')).toBeVisible()

  // Both are kept: after a reload, straight from the server.
  await page.reload()
  await expect(page.getByTestId('custom-field')).toContainText('Prohlížeč')
  await expect(page.getByTestId('shared-step')).toContainText('Přihlášení do katalogu')
  await expect(page.getByTestId('shared-step')).toContainText('1 step')
})

test('a tester sees no role controls, and the API refuses a role change', async ({ page, browser }) => {
  const { id } = await ownerProject(page, 'Projekt s testerem')
  const added = await trpc(page, 'projects.members.add', { projectId: id, email: E2E_USERS.projectsMember.email, role: 'tester' }, 'mutation')
  expect(added.error).toBeNull()

  const tester = await otherPerson(browser, E2E_USERS.projectsMember, `/projects/${id}/settings`)
  await hydrated(tester)
  const members = tester.getByTestId('member')
  await expect(members).toHaveCount(2)
  await expect(tester.getByRole('combobox')).toHaveCount(0)
  await expect(tester.getByTestId('add-member-form')).toHaveCount(0)
  await expect(tester.getByText('Owners add people and choose their roles')).toBeVisible()
  await expect(tester.locator(`[data-testid=member][data-email="${E2E_USERS.projectsMember.email}"]`).getByRole('button', { name: 'Leave project' })).toBeVisible()
  await expect(tester.locator(`[data-testid=member][data-email="${E2E_USERS.projectsOwner.email}"]`).getByRole('button')).toHaveCount(0)

  const list = await trpc<Array<{ userId: string; email: string }>>(tester, 'projects.members.list', { projectId: id })
  const me = list.data!.find((row) => row.email === E2E_USERS.projectsMember.email)!
  const attempt = await trpc(tester, 'projects.members.setRole', { projectId: id, userId: me.userId, role: 'owner' }, 'mutation')
  expect(attempt.status).toBe(403)
  expect(attempt.error?.code).toBe('FORBIDDEN')
  const after = await trpc<Array<{ email: string; role: string }>>(page, 'projects.members.list', { projectId: id })
  expect(after.data!.find((row) => row.email === E2E_USERS.projectsMember.email)?.role).toBe('tester')

  // The debug view is for owners: a tester gets the 403 page with the reason.
  const debug = await tester.goto(`/projects/${id}/debug`)
  expect(debug?.status()).toBe(403)
  await tester.context().close()
})

test('a role change that cannot reach the server says so and changes nothing; a member is removed after a question', async ({ page }) => {
  const { id } = await ownerProject(page, 'Projekt se ztraceným spojením')
  const added = await trpc(page, 'projects.members.add', { projectId: id, email: E2E_USERS.projectsMember.email, role: 'tester' }, 'mutation')
  expect(added.error).toBeNull()
  await page.goto(`/projects/${id}/settings`)
  await hydrated(page)
  const member = page.locator(`[data-testid=member][data-email="${E2E_USERS.projectsMember.email}"]`)
  const role = member.getByLabel(`Role of ${E2E_USERS.projectsMember.name}`)

  // The change never reaches the server: the network message, and the role shown is the saved one.
  await page.route('**/api/trpc/*setRole*', (route) => route.abort())
  await role.selectOption('editor')
  await expect(page.getByTestId('members-notice')).toContainText('The server could not be reached')
  await expect(role).toHaveValue('tester')
  await page.unroute('**/api/trpc/*setRole*')
  const unchanged = await trpc<Array<{ email: string; role: string }>>(page, 'projects.members.list', { projectId: id })
  expect(unchanged.data!.find((row) => row.email === E2E_USERS.projectsMember.email)?.role).toBe('tester')

  // Tried again, it is saved, and after a reload the page says so from the server.
  await role.selectOption('editor')
  await expect(page.getByTestId('members-notice')).toContainText(`${E2E_USERS.projectsMember.name} is now editor.`)
  await page.reload()
  await hydrated(page)
  await expect(role).toHaveValue('editor')

  // Removing asks first (the question loads when first asked); Cancel keeps them and gives focus back to the button.
  const removeButton = member.getByRole('button', { name: `Remove ${E2E_USERS.projectsMember.name}` })
  await removeButton.click()
  const question = page.getByRole('alertdialog', { name: `Remove ${E2E_USERS.projectsMember.name} from the project?` })
  await expect(question).toBeVisible()
  await question.getByRole('button', { name: 'Cancel' }).click()
  await expect(question).toBeHidden()
  await expect(removeButton).toBeFocused()
  await expect(page.getByTestId('member')).toHaveCount(2)
  await removeButton.press('Enter')
  await question.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByTestId('members-notice')).toContainText(`${E2E_USERS.projectsMember.name} was removed from the project.`)
  await expect(page.getByTestId('member')).toHaveCount(1)
  const after = await trpc<Array<{ email: string }>>(page, 'projects.members.list', { projectId: id })
  expect(after.data!.map((row) => row.email)).toEqual([E2E_USERS.projectsOwner.email])
})

test('the owner edits the project’s details in a dialog and deletes the project after typing its key', async ({ page }) => {
  const { id, key } = await ownerProject(page, 'Projekt k úpravě')
  await page.goto(`/projects/${id}`)
  await hydrated(page)

  const editButton = page.getByRole('button', { name: 'Edit details' })
  await editButton.click()
  const edit = page.getByRole('dialog', { name: 'Edit details' })
  await expect(edit).toBeVisible()
  await expect(edit.getByLabel('Name')).toHaveValue('Projekt k úpravě')
  // Refused in place: an empty name.
  await edit.getByLabel('Name').fill('')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
  await edit.getByLabel('Name').fill('Přejmenovaný projekt')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit).toBeHidden()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Přejmenovaný projekt')
  await expect(page.getByText('The project details are saved.')).toBeVisible()
  // Opened again, it starts from what is saved; Escape closes it and focus is back on its button.
  await editButton.click()
  await expect(edit.getByLabel('Name')).toHaveValue('Přejmenovaný projekt')
  await page.keyboard.press('Escape')
  await expect(edit).toBeHidden()
  await expect(editButton).toBeFocused()
  const renamed = await trpc<{ project: { name: string } }>(page, 'projects.byId', { projectId: id })
  expect(renamed.data?.project.name).toBe('Přejmenovaný projekt')

  await page.getByRole('button', { name: 'Delete project' }).click()
  const question = page.getByRole('alertdialog', { name: 'Delete the project Přejmenovaný projekt?' })
  await expect(question).toBeVisible()
  const confirm = question.getByRole('button', { name: 'Delete for good' })
  await expect(confirm).toBeDisabled()
  await question.getByLabel(`Type the project key ${key} to confirm`).fill('WRONG')
  await expect(confirm).toBeDisabled()
  await question.getByLabel(`Type the project key ${key} to confirm`).fill(key)
  await confirm.click()
  await page.waitForURL((url) => url.pathname === '/projects')
  await expect(page.getByText('The project Přejmenovaný projekt was deleted.')).toBeVisible()
  await expect(page.getByTestId('project-card').filter({ hasText: 'Přejmenovaný projekt' })).toHaveCount(0)
  expect((await trpc(page, 'projects.byId', { projectId: id })).status).toBe(404)
})

test('a dialog whose code cannot be fetched says so beside its button, and opens once it can', async ({ page }) => {
  const { id } = await ownerProject(page, 'Projekt bez spojení')
  await page.goto(`/projects/${id}`)
  await hydrated(page)
  // The page has everything it shows; what a dialog needs comes when it is first opened, and now it cannot come. The
  // page has just been reloaded for a new build (the reload guard's mark), so it is not reloaded again. The mark is
  // set a minute ahead: the guard lasts 10 s, which a busy machine can spend between here and the failure.
  await page.evaluate(() => sessionStorage.setItem('portalscope:chunk-reload-at', String(Date.now() + 60_000)))
  await page.route('**/assets/chunks/**', (route) => route.abort())
  const deleteButton = page.getByRole('button', { name: 'Delete project' })
  await deleteButton.click()
  await expect(page.getByRole('alert').filter({ hasText: 'The server could not be reached' })).toBeVisible()
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  // The code can come again, but the browser keeps what failed to arrive as failed for the life of the page: asked
  // again, the page reloads (the server answers), and the dialog's code comes with the next press.
  await page.unroute('**/assets/chunks/**')
  await Promise.all([page.waitForEvent('load'), deleteButton.click()])
  await hydrated(page)
  await expect(page.getByRole('alert').filter({ hasText: 'The server could not be reached' })).toHaveCount(0)
  await deleteButton.click()
  await expect(page.getByRole('alertdialog', { name: 'Delete the project Projekt bez spojení?' })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'The server could not be reached' })).toHaveCount(0)
})

test('someone else’s project is a 404 page and NOT_FOUND from the API', async ({ page, browser }) => {
  const { id } = await ownerProject(page, 'Cizí projekt')
  const outsider = await otherPerson(browser, E2E_USERS.outsider)
  for (const path of [`/projects/${id}`, `/projects/${id}/settings`, `/projects/${id}/debug`]) {
    const response = await outsider.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(outsider.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
    await expect(outsider.getByRole('alert').filter({ hasText: 'There is no such project' })).toBeVisible()
    await expect(outsider.getByText('Cizí projekt')).toHaveCount(0)
  }
  const api = await trpc(outsider, 'projects.byId', { projectId: id })
  expect(api.status).toBe(404)
  expect(api.error?.code).toBe('NOT_FOUND')
  const exportFile = await outsider.request.get(`/api/projects/${id}/export`)
  expect(exportFile.status()).toBe(404)
  await outsider.context().close()
})

for (const theme of ['light', 'dark'] as const) {
  test(`the project pages have no serious axe findings in the ${theme} theme`, async ({ page }) => {
    // Five pages through axe: room for a busy machine, not a slower page.
    test.setTimeout(60_000)
    const { id } = await ownerProject(page, 'Přístupnost a velmi dlouhý název projektu, který se musí zalomit i na telefonu')
    await page.emulateMedia({ colorScheme: theme })
    await page.evaluate((t) => localStorage.setItem('theme', t), theme)
    for (const path of ['/projects', '/projects/new', `/projects/${id}`, `/projects/${id}/settings`, `/projects/${id}/debug`]) {
      await page.goto(path)
      await hydrated(page)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      expect(await seriousAxeFindings(page), `${path} (${theme})`).toEqual([])
    }
  })
}

test('the project pages fit a 360 px screen', async ({ page }) => {
  const { id } = await ownerProject(page, 'Velmi dlouhý název projektu, který se musí zalomit i na úzkém telefonu')
  await page.setViewportSize({ width: 360, height: 740 })
  for (const path of ['/projects', '/projects/new', `/projects/${id}`, `/projects/${id}/settings`, `/projects/${id}/debug`]) {
    await page.goto(path)
    await hydrated(page)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, path).toBeLessThanOrEqual(0)
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the new-project form posts, shows the server’s messages in Czech and keeps what was typed', async ({ page }) => {
    await page.goto('/projects?lang=cs')
    const origin = new URL(page.url()).origin
    const login = await page.request.post('/api/trpc/auth.login', {
      data: { json: { email: E2E_USERS.projectsOwner.email, password: E2E_PASSWORD } },
      headers: { 'content-type': 'application/json', origin },
    })
    expect(login.status()).toBe(200)

    await page.goto('/projects/new')
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs')
    const name = `Bez skriptu ${uniqueKey('')}`
    await page.getByLabel('Název').fill(name)
    await page.getByLabel('Klíč').fill('1x')
    await page.getByLabel('Popis').fill('Zkouška *bez* JavaScriptu')
    await page.getByLabel(E2E_LIVE_PORTALS[1].name).check()
    const refused = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/projects/new')
    await page.getByRole('button', { name: 'Založit projekt' }).click()
    expect((await refused).status()).toBe(422)

    await expect(page.getByText('2 až 10 velkých písmen nebo číslic')).toBeVisible()
    await expect(page.getByLabel('Klíč')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Název')).toHaveValue(name)
    await expect(page.getByLabel('Klíč')).toHaveValue('1x')
    await expect(page.getByLabel('Popis')).toHaveValue('Zkouška *bez* JavaScriptu')
    await expect(page.getByLabel(E2E_LIVE_PORTALS[1].name)).toBeChecked()
    await expect(page.getByLabel(E2E_LIVE_PORTALS[0].name)).not.toBeChecked()

    const key = uniqueKey('NJ')
    await page.getByLabel('Klíč').fill(key)
    await page.getByRole('button', { name: 'Založit projekt' }).click()
    await page.waitForURL((url) => /^\/projects\/[^/]+$/.test(url.pathname) && url.pathname !== '/projects/new')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    await expect(page.getByRole('region', { name: 'Cílové portály' }).getByText(E2E_LIVE_PORTALS[1].name)).toBeVisible()
  })
})
