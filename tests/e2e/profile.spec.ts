import { expect, test, type Page, type Route } from '@playwright/test'
import { E2E_PASSWORD, E2E_USERS, hydrated, signIn } from './users.ts'

// The profile has no TanStack Query: its lists come from the page's data, a change loads the API client on first use
// and then renders the page's data again in place (decision 021). These journeys hold what that must keep.

/** Holds the next call to `procedure` until the returned release is called, so a pending state can be seen. */
async function holdCall(page: Page, procedure: string): Promise<() => Promise<void>> {
  let held: Route | null = null
  const arrived = new Promise<void>((resolve) => {
    void page.route(`**/api/trpc/${procedure}**`, async (route) => {
      held = route
      resolve()
    })
  })
  return async () => {
    await arrived
    await held!.continue()
    await page.unroute(`**/api/trpc/${procedure}**`)
  }
}

test('tokens and sessions change in place: a new token stays shown once the list is the server\'s, pending and failures are said', async ({ page, browser }) => {
  const user = E2E_USERS.profileLists
  // A second browser signed in, so there is a session to revoke.
  const other = await browser.newContext()
  const second = await other.newPage()
  await signIn(second, user)

  await signIn(page, user, '/profile')
  await page.goto('/profile?lang=en')
  await hydrated(page)
  const tokens = page.getByTestId('token-row')
  await expect(tokens).toHaveCount(0)
  await expect(page.getByText('No tokens yet.')).toBeVisible()

  // A failed call says so, in the user's language, and changes nothing.
  await page.route('**/api/trpc/auth.tokens.create**', (route) => route.abort())
  await page.getByLabel('Token name').fill('nightly checks')
  await page.getByRole('button', { name: 'Create token' }).click()
  await expect(page.getByText('The server could not be reached. Check your connection and try again.')).toBeVisible()
  await expect(page.getByTestId('new-token')).toHaveCount(0)
  await page.unroute('**/api/trpc/auth.tokens.create**')

  // Pending while the call runs; then the secret is shown and stays shown after the list has been fetched again.
  const release = await holdCall(page, 'auth.tokens.create')
  await page.getByRole('button', { name: 'Create token' }).click()
  await expect(page.getByRole('button', { name: 'Create token' })).toHaveAttribute('aria-busy', 'true')
  await release()
  await expect(tokens).toHaveCount(1)
  await expect(tokens).toContainText('nightly checks')
  await expect(page.getByRole('button', { name: 'Create token' })).not.toHaveAttribute('aria-busy')
  await expect(page.getByText('The server could not be reached. Check your connection and try again.')).toHaveCount(0)
  const token = page.getByTestId('new-token')
  await expect(token).toBeVisible()
  expect(await token.textContent()).toMatch(/^[a-z2-7]{32}\.[a-z2-7]{32}$/)
  // In place: the same address, no new history entry.
  await expect(page).toHaveURL(/\/profile\?lang=en$/)

  await tokens.getByRole('button', { name: 'Revoke' }).click()
  await expect(tokens).toHaveCount(0)
  await expect(page.getByText('No tokens yet.')).toBeVisible()

  // The other browser's session: its button is pending until the list no longer has it, and it is signed out.
  const sessions = page.getByTestId('session-row')
  await expect(sessions).toHaveCount(2)
  const releaseRevoke = await holdCall(page, 'auth.sessions.revoke')
  const revoke = sessions.filter({ hasNotText: 'This browser' }).getByRole('button', { name: 'Revoke' })
  await revoke.click()
  await expect(revoke).toHaveAttribute('aria-busy', 'true')
  await releaseRevoke()
  await expect(sessions).toHaveCount(1)
  await expect(sessions).toContainText('This browser')
  await second.goto('/profile')
  await expect(second).toHaveURL(/\/auth\/login\?redirect=%2Fprofile$/)
  await other.close()
})

test('deleting the account: the confirmation takes focus, Escape gives it back, a wrong password is said, the right one deletes', async ({ page }) => {
  await signIn(page, E2E_USERS.profileDelete, '/profile')
  await page.goto('/profile?lang=en')
  await hydrated(page)
  // Not by role: while the dialog is open the rest of the page is hidden from assistive technology.
  const open = page.locator('button', { hasText: 'Delete my account' })
  await expect(open).toHaveAttribute('aria-haspopup', 'dialog')
  await expect(open).toHaveAttribute('aria-expanded', 'false')
  await open.click()
  const dialog = page.getByRole('dialog', { name: 'Delete my account' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveAccessibleDescription(/Enter your password to confirm/)
  await expect(open).toHaveAttribute('aria-expanded', 'true')
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(open).toBeFocused()
  await expect(open).toHaveAttribute('aria-expanded', 'false')

  await open.click()
  await dialog.getByLabel('Password').fill('not the password')
  await dialog.getByRole('button', { name: 'Delete the account' }).click()
  await expect(dialog.getByText('The current password is not correct.')).toBeVisible()

  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(open).toBeFocused()

  await open.click()
  await dialog.getByLabel('Password').fill(E2E_PASSWORD)
  await dialog.getByRole('button', { name: 'Delete the account' }).click()
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/)
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fprofile$/)
})
