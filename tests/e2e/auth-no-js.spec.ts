import { expect, test, type Page } from '@playwright/test'
import { ACCOUNT_FAILURE_LIMIT } from '../../server/auth/login-throttle.server.ts'

// Signing up and in with JavaScript off: the forms post to their own pages and the server answers with a redirect
// (signed in) or the page again with the messages and what was typed, never the password
// (server/forms/form-posts.server.ts).
test.use({ javaScriptEnabled: false })

const PASSWORD = 'formulář bez skriptu 56'

function uniqueEmail(label: string) {
  return `nojs-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.cz`
}

/** Submits the page's form with its button and answers the status of the post (303 when signed in); waits for the page after it. */
async function submit(page: Page, button: string): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => candidate.request().method() === 'POST'),
    page.getByRole('button', { name: button }).click(),
  ])
  await page.waitForLoadState('load')
  return response.status()
}

async function fillSignup(page: Page, fields: { name: string; email: string; password: string; passwordConfirm: string }) {
  await page.getByLabel('Name').fill(fields.name)
  await page.getByLabel('E-mail').fill(fields.email)
  await page.locator('input[name=password]').fill(fields.password)
  await page.locator('input[name=passwordConfirm]').fill(fields.passwordConfirm)
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').locator('summary').click()
  await page.getByTestId('user-menu').getByRole('button', { name: 'Sign out', exact: true }).click()
  await page.waitForURL(/^http:\/\/localhost:\d+\/$/, { waitUntil: 'load' })
}

test('sign up and sign in without JavaScript: mistakes explained, input kept, the page asked for reached', async ({ page }) => {
  const email = uniqueEmail('journey')
  await page.goto(`/auth/signup?lang=en&redirect=${encodeURIComponent('/profile')}`)

  // The form's own rules, checked on the server with the browser's schema.
  await fillSignup(page, { name: 'Bez Skriptu', email, password: 'short', passwordConfirm: 'shorter' })
  expect(await submit(page, 'Create account')).toBe(422)
  await expect(page).toHaveURL(/\/auth\/signup\?lang=en&redirect=%2Fprofile$/)
  await expect(page.getByText('At least 8 characters')).toBeVisible()
  await expect(page.getByText('The passwords do not match')).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveValue('Bez Skriptu')
  await expect(page.getByLabel('E-mail')).toHaveValue(email)
  await expect(page.locator('input[name=password]')).toHaveValue('')
  expect(await page.content()).not.toContain('shorter')

  await page.locator('input[name=password]').fill(PASSWORD)
  await page.locator('input[name=passwordConfirm]').fill(PASSWORD)
  expect(await submit(page, 'Create account')).toBe(303)
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile')
  await expect(page.getByTestId('user-menu').locator('summary')).toHaveAccessibleName('Bez Skriptu')
  await signOut(page)

  // The same address again: refused by the server under the field, the name kept.
  await page.goto('/auth/signup?lang=en')
  await fillSignup(page, { name: 'Druhý Pokus', email, password: PASSWORD, passwordConfirm: PASSWORD })
  expect(await submit(page, 'Create account')).toBe(422)
  await expect(page.getByText('An account with this e-mail already exists.')).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveValue('Druhý Pokus')

  // Sign in: a wrong password is one message for the form, the e-mail kept, the password never sent back.
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fprofile$/)
  await page.getByLabel('E-mail').fill(email)
  await page.locator('input[name=password]').fill('nesprávné heslo 99')
  expect(await submit(page, 'Sign in')).toBe(422)
  await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not correct.')
  await expect(page.getByLabel('E-mail')).toHaveValue(email)
  await expect(page.locator('input[name=password]')).toHaveValue('')
  expect(await page.content()).not.toContain('nesprávné heslo 99')

  await page.locator('input[name=password]').fill(PASSWORD)
  expect(await submit(page, 'Sign in')).toBe(303)
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile')
  await page.reload()
  await expect(page.getByTestId('user-menu').locator('summary')).toHaveAccessibleName('Bez Skriptu')
})

test('without JavaScript the sign-in form explains a missing field and stops after too many failures', async ({ page }) => {
  // Where a password reset posted without JavaScript leads (server/forms/form-posts.test.ts posts it).
  await page.goto('/auth/login?lang=en&reset=done')
  await expect(page.getByText('Your password has been changed. Sign in with the new one.')).toBeVisible()

  const email = uniqueEmail('throttle')
  await page.goto('/auth/login?lang=en')
  await page.getByLabel('E-mail').fill(email)
  expect(await submit(page, 'Sign in')).toBe(422)
  await expect(page.getByText('This field is required')).toBeVisible()
  await expect(page.getByLabel('E-mail')).toHaveValue(email)

  for (let attempt = 0; attempt < ACCOUNT_FAILURE_LIMIT; attempt++) {
    await page.locator('input[name=password]').fill(`špatné heslo ${attempt}`)
    expect(await submit(page, 'Sign in')).toBe(422)
    await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not correct.')
  }
  await page.locator('input[name=password]').fill('ještě jednou špatně')
  expect(await submit(page, 'Sign in')).toBe(422)
  await expect(page.getByRole('alert')).toHaveText(/^Too many failed sign-ins\. Try again in \d+ minutes?\.$/)
  await expect(page.getByLabel('E-mail')).toHaveValue(email)
})
