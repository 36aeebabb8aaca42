import { expect, test, type Page } from '@playwright/test'

const PASSWORD = 'zlatá rybka v potoce 7'

function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.cz`
}

async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

/** Signs out from the header's account menu (a form POST answered with a redirect to the overview) and waits until that page is in. */
async function signOut(page: Page) {
  await page.getByTestId('user-menu').locator('summary').click()
  await page.getByTestId('user-menu').getByRole('menuitem', { name: 'Sign out' }).click()
  await page.waitForURL(/^http:\/\/localhost:\d+\/$/, { waitUntil: 'load' })
}

async function signUp(page: Page, email: string, name = 'Jana Testerová') {
  await page.goto('/auth/signup?lang=en')
  await hydrated(page)
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('E-mail').fill(email)
  await page.locator('input[name=password]').fill(PASSWORD)
  await page.locator('input[name=passwordConfirm]').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
}

test('sign up, stay signed in, sign out, and come back to the page asked for', async ({ page }) => {
  const email = uniqueEmail('journey')
  await signUp(page, email)
  await expect(page).toHaveURL(/\/projects$/)
  await page.reload()
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.getByTestId('user-menu').locator('summary')).toHaveAccessibleName('Jana Testerová')

  // A guest page sends a signed-in user on.
  await page.goto('/auth/login')
  await expect(page).toHaveURL(/\/projects$/)

  await signOut(page)
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fprofile$/)

  await hydrated(page)
  await page.getByLabel('E-mail').fill(email.toUpperCase())
  await page.locator('input[name=password]').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile')
})

test('the forms explain bad input and keep what was typed', async ({ page }) => {
  await page.goto('/auth/signup?lang=en')
  await hydrated(page)
  await page.getByLabel('Name').fill('Petr')
  await page.getByLabel('E-mail').fill('petr@')
  await page.locator('input[name=password]').fill('short')
  await page.locator('input[name=passwordConfirm]').fill('shorter')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Please enter a valid email')).toBeVisible()
  await expect(page.getByText('At least 8 characters')).toBeVisible()
  await expect(page.getByText('The passwords do not match')).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveValue('Petr')

  // The server's own refusal: a common password.
  await page.getByLabel('E-mail').fill(uniqueEmail('common'))
  await page.locator('input[name=password]').fill('password123')
  await page.locator('input[name=passwordConfirm]').fill('password123')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText(/one of the most common/)).toBeVisible()
  await expect(page).toHaveURL(/\/auth\/signup/)
})

test('a wrong password is refused without saying whether the account exists', async ({ page }) => {
  await page.goto('/auth/login?lang=en')
  await hydrated(page)
  await page.getByLabel('E-mail').fill(uniqueEmail('nobody'))
  await page.locator('input[name=password]').fill('wrong password here')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not correct.')
})

test('only same-site redirect targets are followed after sign-in', async ({ page }) => {
  const email = uniqueEmail('redirect')
  await signUp(page, email)
  await expect(page).toHaveURL(/\/projects$/)
  await signOut(page)
  for (const target of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
    await page.goto(`/auth/login?lang=en&redirect=${encodeURIComponent(target)}`)
    await hydrated(page)
    await page.getByLabel('E-mail').fill(email)
    await page.locator('input[name=password]').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/projects$/)
    await signOut(page)
  }
})

test('profile: API token shown once, sessions listed, preferences kept with the account', async ({ page, browser }) => {
  const email = uniqueEmail('profile')
  await signUp(page, email)
  await expect(page).toHaveURL(/\/projects$/)
  await page.goto('/profile?lang=en')
  await hydrated(page)
  await page.getByLabel('Token name').fill('nightly checks')
  await page.getByRole('button', { name: 'Create token' }).click()
  const token = (await page.getByTestId('new-token').textContent()) ?? ''
  expect(token).toMatch(/^[a-z2-7]{32}\.[a-z2-7]{32}$/)
  await expect(page.getByTestId('token-row')).toHaveCount(1)

  // The token works for scripts and is never a browser session.
  const me = await page.request.get('/api/trpc/auth.me', { headers: { authorization: `Bearer ${token}`, cookie: '' } })
  expect(JSON.stringify(await me.json())).toContain('"via":"token"')

  await page.reload()
  await hydrated(page)
  await expect(page.getByTestId('new-token')).toHaveCount(0)
  await expect(page.getByTestId('session-row')).toHaveCount(1)

  // Theme chosen in the profile follows the account to another browser.
  await page.getByTestId('profile-theme').selectOption('dark')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  const other = await browser.newContext()
  const second = await other.newPage()
  await second.goto('/auth/login?lang=en')
  await hydrated(second)
  await second.getByLabel('E-mail').fill(email)
  await second.locator('input[name=password]').fill(PASSWORD)
  await second.getByRole('button', { name: 'Sign in' }).click()
  await expect(second).toHaveURL(/\/projects$/)
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark')
  await other.close()

  await page.reload()
  await hydrated(page)
  await expect(page.getByTestId('session-row')).toHaveCount(2)
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click()
  await expect(page.getByTestId('session-row')).toHaveCount(1)
})

test('/test-auth shows who is signed in, how, and until when, never the secret', async ({ page }) => {
  await page.goto('/test-auth?lang=en')
  await expect(page.getByTestId('signed-in')).toHaveText('No')
  await expect(page.getByTestId('auth-via')).toHaveText('None')
  const email = uniqueEmail('diagnostics')
  await signUp(page, email)
  await expect(page).toHaveURL(/\/projects$/)
  await page.goto('/test-auth')
  await expect(page.getByTestId('signed-in')).toHaveText('Yes')
  await expect(page.getByTestId('signed-in-as')).toContainText(email)
  await expect(page.getByTestId('auth-via')).toHaveText('Session cookie (a browser)')
  await expect(page.getByTestId('session-expires')).toContainText(String(new Date(Date.now() + 30 * 24 * 3600_000).getFullYear()))
  const cookie = (await page.context().cookies()).find((c) => c.name === 'portalscope_session')!
  expect(cookie.httpOnly).toBe(true)
  expect(cookie.sameSite).toBe('Lax')
  expect(await page.content()).not.toContain(cookie.value.split('.')[1]!)
})
