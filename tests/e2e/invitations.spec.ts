import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { E2E_PASSWORD, E2E_USERS, hydrated, signIn, trpc } from './users.ts'

// Invitations (docs/decisions/028-invitations.md): an owner invites an address with a role on the project settings,
// copies the one-time link (the e2e server has no SMTP, and says so), and the invitee joins by signing up or in, with
// the address prefilled; signed in as someone else, the page says which address the link is for. Czech and English,
// by keyboard, on a 360 px screen, without JavaScript where the form is simple, through axe in both themes.

const NEW_PASSWORD = 'modrá konvice na kamnech 9'

function uniqueEmail(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 8)}@e2e.example`
}

async function ownerProject(page: Page, name: string): Promise<string> {
  await signIn(page, E2E_USERS.invitationsOwner)
  const key = `IN${Math.random().toString(36).slice(2, 7).toUpperCase()}`
  const created = await trpc<{ id: string }>(page, 'projects.create', { name, key, portalIds: [] }, 'mutation')
  expect(created.error).toBeNull()
  return created.data!.id
}

async function invite(page: Page, projectId: string, email: string, role = 'tester', locale = 'en'): Promise<string> {
  const created = await trpc<{ link: string }>(page, 'invitations.create', { projectId, email, role, locale }, 'mutation')
  expect(created.error).toBeNull()
  return created.data!.link
}

/** The link's path and query: the browser opens it on the e2e server, whatever origin the link names. */
const pathOf = (link: string) => {
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}

async function guest(browser: Browser, options: { javaScriptEnabled?: boolean; width?: number } = {}): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: options.javaScriptEnabled ?? true, viewport: options.width ? { width: options.width, height: 740 } : undefined })
  return context.newPage()
}

async function seriousAxeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

async function fitsWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

test('an owner invites by keyboard in Czech; the invitee opens the link on a phone, signs up with the address prefilled and is in', async ({ page, browser }) => {
  test.setTimeout(90_000)
  const projectId = await ownerProject(page, 'Pozvánky pro tým')
  const email = uniqueEmail('novacek')
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto(`/projects/${projectId}/settings?lang=cs`)
  await hydrated(page)
  const section = page.locator('#invitations')
  await expect(section.getByRole('heading', { name: 'Pozvánky', level: 2 })).toBeVisible()
  await expect(section.getByText('Na tomto serveru není nastavený e-mail, nic se neodešle.')).toBeVisible()
  await expect(section.getByText('Žádné otevřené pozvánky.')).toBeVisible()

  // By keyboard: the address, Tab to the role, Tab to the language, Enter sends the form.
  const form = page.getByTestId('invite-form')
  await form.getByLabel('E-mailová adresa').focus()
  await page.keyboard.type(email)
  await page.keyboard.press('Tab')
  await expect(form.getByLabel('Role v projektu')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(form.getByLabel('Jazyk pozvánky')).toBeFocused()
  await form.getByLabel('Jazyk pozvánky').selectOption('en')
  await form.getByLabel('E-mailová adresa').press('Enter')

  const notice = page.getByTestId('invitations-notice')
  await expect(notice).toContainText(`Pozvánka pro ${email} je připravená.`)
  const link = await notice.getByTestId('invitation-link').inputValue()
  expect(link).toMatch(/\/invitation\?token=[a-z2-7]{32}\.[a-z2-7]{32}$/)
  await notice.getByRole('button', { name: 'Zkopírovat odkaz' }).click()
  await expect(notice.getByRole('button', { name: 'Odkaz zkopírován' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
  await expect(section.getByTestId('invitation').filter({ hasText: email })).toContainText('tester · pozval(a) Ivana Zvoucí')

  // The invitee, signed out, on a 360 px phone, in English.
  const invitee = await guest(browser, { width: 360 })
  await invitee.goto(`${pathOf(link)}&lang=en`)
  await hydrated(invitee)
  await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('Invitation to a project')
  await expect(invitee.getByText(`Ivana Zvoucí invited ${email} to the project Pozvánky pro tým as tester.`)).toBeVisible()
  expect(await fitsWidth(invitee)).toBeLessThanOrEqual(0)
  await invitee.getByRole('link', { name: 'Create an account and join' }).click()
  await hydrated(invitee)
  await expect(invitee.getByLabel('E-mail')).toHaveValue(email)
  await expect(invitee.getByText('You were invited: create your account with the invited address')).toBeVisible()
  await invitee.getByLabel('Name').fill('Nováček Týmový')
  await invitee.locator('input[name=password]').fill(NEW_PASSWORD)
  await invitee.locator('input[name=passwordConfirm]').fill(NEW_PASSWORD)
  await invitee.getByRole('button', { name: 'Create account' }).click()
  await invitee.waitForURL((url) => url.pathname === `/projects/${projectId}`)
  await expect(invitee.getByRole('heading', { level: 1 })).toContainText('Pozvánky pro tým')

  // Used once: the link no longer works, and the owner sees a member instead of an invitation.
  await invitee.goto(`${pathOf(link)}&lang=en`)
  await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('This link does not work')
  await page.reload()
  await hydrated(page)
  await expect(page.getByTestId('member').filter({ hasText: email })).toBeVisible()
  await expect(section.getByText('Žádné otevřené pozvánky.')).toBeVisible()
  await invitee.context().close()
})

test('an existing account signs in through the link and joins; another account is told whose link it is', async ({ page, browser }) => {
  test.setTimeout(90_000)
  const projectId = await ownerProject(page, 'Invitations by sign-in')
  const link = await invite(page, projectId, E2E_USERS.invitationsMember.email, 'editor')

  // Signed in as someone else: said plainly, with both addresses, and a way to sign out.
  const other = await guest(browser)
  await signIn(other, E2E_USERS.invitationsOther)
  await other.goto(`${pathOf(link)}&lang=en`)
  await hydrated(other)
  await expect(other.getByRole('alert')).toHaveText(
    `This invitation is for ${E2E_USERS.invitationsMember.email}, but you are signed in as ${E2E_USERS.invitationsOther.email}. Sign out, then open the link again and sign in or sign up as ${E2E_USERS.invitationsMember.email}.`,
  )
  await expect(other.getByRole('button', { name: 'Sign out' }).last()).toBeVisible()
  await expect(other.getByRole('button', { name: 'Join the project' })).toHaveCount(0)
  await other.context().close()

  const invitee = await guest(browser)
  await invitee.goto(`${pathOf(link)}&lang=en`)
  await hydrated(invitee)
  await invitee.getByRole('link', { name: 'I have an account: sign in and join' }).click()
  await hydrated(invitee)
  await expect(invitee.getByLabel('E-mail')).toHaveValue(E2E_USERS.invitationsMember.email)
  await invitee.locator('input[name=password]').fill(E2E_PASSWORD)
  await invitee.getByRole('button', { name: 'Sign in' }).click()
  await invitee.waitForURL((url) => url.pathname === `/projects/${projectId}`)
  const me = await trpc<{ role: string }>(invitee, 'projects.byId', { projectId })
  expect(me.data?.role).toBe('editor')
  await invitee.context().close()
})

test('a new link replaces the old one; a revoked invitation’s link stops working (English)', async ({ page, browser }) => {
  test.setTimeout(90_000)
  const projectId = await ownerProject(page, 'Invitations resent')
  const email = uniqueEmail('resent')
  const first = await invite(page, projectId, email)
  await page.goto(`/projects/${projectId}/settings?lang=en`)
  await hydrated(page)
  const row = page.locator('#invitations').getByTestId('invitation').filter({ hasText: email })
  await row.getByRole('button', { name: `New link ${email}` }).click()
  const notice = page.getByTestId('invitations-notice')
  await expect(notice).toContainText(`The invitation for ${email} is ready.`)
  const second = await notice.getByTestId('invitation-link').inputValue()
  expect(second).not.toBe(first)

  const visitor = await guest(browser)
  await visitor.goto(`${pathOf(first)}&lang=en`)
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('This link does not work')
  await visitor.goto(`${pathOf(second)}&lang=en`)
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Invitation to a project')

  await row.getByRole('button', { name: `Revoke ${email}` }).click()
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'))
  await expect(dialog).toContainText(`Revoke the invitation for ${email}?`)
  await dialog.getByRole('button', { name: 'Revoke' }).click()
  await expect(notice).toContainText(`The invitation for ${email} was revoked.`)
  await expect(row).toHaveCount(0)
  await visitor.goto(`${pathOf(second)}&lang=en`)
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('This link does not work')
  await visitor.context().close()
})

test.describe('without JavaScript', () => {
  test('the invitee signs up through the link, and a signed-in invitee joins with one button (Czech)', async ({ page, browser }) => {
    test.setTimeout(90_000)
    const projectId = await ownerProject(page, 'Pozvánky bez skriptů')
    const email = uniqueEmail('bezskriptu')
    const link = await invite(page, projectId, email, 'viewer', 'cs')

    const invitee = await guest(browser, { javaScriptEnabled: false })
    await invitee.goto(`${pathOf(link)}&lang=cs`)
    await expect(invitee.getByText(`Ivana Zvoucí zve ${email} do projektu Pozvánky bez skriptů s rolí čtenář.`)).toBeVisible()
    await invitee.getByRole('link', { name: 'Vytvořit účet a přidat se' }).click()
    await expect(invitee.getByLabel('E-mailová adresa')).toHaveValue(email)
    await invitee.getByLabel('Jméno').fill('Bez Skriptů')
    await invitee.locator('input[name=password]').fill(NEW_PASSWORD)
    await invitee.locator('input[name=passwordConfirm]').fill(NEW_PASSWORD)
    await invitee.getByRole('button', { name: 'Vytvořit účet' }).click()
    await invitee.waitForURL((url) => url.pathname === `/projects/${projectId}`)
    await invitee.context().close()

    // Already signed in as the invited address: the page's one button joins.
    const second = await invite(page, projectId, E2E_USERS.invitationsOther.email, 'tester', 'cs')
    const member = await guest(browser, { javaScriptEnabled: false })
    await member.goto('/projects?lang=cs')
    const login = await member.request.post('/api/trpc/auth.login', {
      data: { json: { email: E2E_USERS.invitationsOther.email, password: E2E_PASSWORD } },
      headers: { 'content-type': 'application/json', origin: new URL(member.url()).origin },
    })
    expect(login.status()).toBe(200)
    await member.goto(`${pathOf(second)}&lang=cs`)
    await member.getByRole('button', { name: 'Přidat se k projektu' }).click()
    await member.waitForURL((url) => url.pathname === `/projects/${projectId}`)
    await expect(member.getByRole('heading', { level: 1 })).toContainText('Pozvánky bez skriptů')
    await member.context().close()
  })
})

for (const theme of ['light', 'dark'] as const) {
  test(`the invitation pages have no serious axe findings and fit 360 px in the ${theme} theme`, async ({ page, browser }) => {
    test.setTimeout(60_000)
    const projectId = await ownerProject(page, 'Přístupné pozvánky s dlouhým názvem, který se musí zalomit i na telefonu')
    const email = uniqueEmail(`axe-${theme}`)
    const link = await invite(page, projectId, email)
    await page.emulateMedia({ colorScheme: theme })
    await page.evaluate((t) => localStorage.setItem('theme', t), theme)
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto(`/projects/${projectId}/settings?lang=cs`)
    await hydrated(page)
    await page.locator('#invitations').getByTestId('invitation').filter({ hasText: email }).getByRole('button', { name: `Nový odkaz ${email}` }).click()
    await expect(page.getByTestId('invitation-link')).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    expect(await seriousAxeFindings(page), `settings (${theme})`).toEqual([])
    expect(await fitsWidth(page)).toBeLessThanOrEqual(0)

    const visitor = await guest(browser, { width: 360 })
    await visitor.emulateMedia({ colorScheme: theme })
    await visitor.goto(`${pathOf(link)}&lang=cs`)
    await visitor.evaluate((t) => localStorage.setItem('theme', t), theme)
    await visitor.reload()
    await hydrated(visitor)
    await expect(visitor.locator('html')).toHaveAttribute('data-theme', theme)
    expect(await seriousAxeFindings(visitor), `invitation (${theme})`).toEqual([])
    expect(await fitsWidth(visitor)).toBeLessThanOrEqual(0)
    await visitor.goto('/invitation?token=nefunguje&lang=cs')
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Tento odkaz nefunguje')
    expect(await seriousAxeFindings(visitor), `unusable invitation (${theme})`).toEqual([])
    await visitor.context().close()
  })
}
