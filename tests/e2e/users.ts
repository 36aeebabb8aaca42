import { expect, type Page } from '@playwright/test'

import { E2E_PASSWORD, E2E_USERS } from './fixtures.ts'

export { E2E_PASSWORD, E2E_USERS }

export type E2EUser = (typeof E2E_USERS)[keyof typeof E2E_USERS]

export async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

/** Signs in through the login form (English), landing on `redirect` (the projects by default). */
export async function signIn(page: Page, user: E2EUser, redirect = '/projects') {
  await page.goto(`/auth/login?lang=en&redirect=${encodeURIComponent(redirect)}`)
  await hydrated(page)
  await page.getByLabel('E-mail').fill(user.email)
  await page.locator('input[name=password]').fill(E2E_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.pathname === redirect.split('?')[0])
}

/** Calls a tRPC procedure with the page's session (a query over GET, a mutation over POST), answering its data. */
export async function trpc<T>(page: Page, procedure: string, input: unknown, kind: 'query' | 'mutation' = 'query'): Promise<{ status: number; data: T | null; error: { message: string; code: string } | null }> {
  const response =
    kind === 'query'
      ? await page.request.get(`/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`)
      : await page.request.post(`/api/trpc/${procedure}`, { data: { json: input }, headers: { 'content-type': 'application/json', origin: new URL(page.url()).origin } })
  const body = (await response.json()) as { result?: { data?: { json?: T } }; error?: { json?: { message: string; data?: { code: string } } } }
  return {
    status: response.status(),
    data: body.result?.data?.json ?? null,
    error: body.error?.json ? { message: body.error.json.message, code: body.error.json.data?.code ?? '' } : null,
  }
}
