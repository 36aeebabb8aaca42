import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { passwordResets } from '../../db/schema/password-reset.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db.ts'
import { createApp } from '../app.server.ts'
import { ACCOUNT_FAILURE_LIMIT } from '../auth/login-throttle.server.ts'
import { newCompositeToken } from '../auth/tokens.server.ts'
import { findUserByEmail } from '../queries/accounts.server.ts'

// A form posted without JavaScript runs the same procedure as the API, through the real Hono app. The refusal path
// renders the page again (a Vite build), which the e2e suite covers; here: success, and what never reaches the form.
const ORIGIN = 'http://localhost'
let testDb: TestDatabase
let app: ReturnType<typeof createApp>
let cookie = ''

beforeAll(async () => {
  testDb = await createTestDatabase()
  process.env.DATABASE_URL = testDb.url
  app = createApp()
  const res = await app.request('/api/trpc/auth.signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ json: { name: 'Formulářová Hana', email: 'hana@example.cz', password: 'formulář bez skriptu 12' } }),
  })
  cookie = res.headers.getSetCookie().find((c) => c.startsWith('portalscope_session='))!.split(';')[0]!
})
afterAll(async () => {
  await testDb.cleanup()
})

function postForm(path: string, fields: Array<[string, string]>, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, cookie, ...headers },
    body: new URLSearchParams(fields).toString(),
  })
}

describe('forms posted without JavaScript', () => {
  it('creates a project and redirects to it (post/redirect/get)', async () => {
    const res = await postForm('/projects/new', [
      ['_form', 'project-create'],
      ['name', 'Bez skriptu'],
      ['key', 'nojs'],
      ['description', ''],
    ])
    expect(res.status).toBe(303)
    const location = res.headers.get('location') ?? ''
    expect(location).toMatch(/^\/projects\/[^/]+$/)
    const list = await app.request('/api/trpc/projects.list', { headers: { cookie } })
    const body = (await list.json()) as { result: { data: { json: Array<{ key: string; id: string }> } } }
    expect(body.result.data.json.map((project) => [project.key, `/projects/${project.id}`])).toEqual([['NOJS', location]])
  })

  it('refuses a post from another site before anything runs', async () => {
    const res = await postForm('/projects/new', [['_form', 'project-create'], ['name', 'Cizí'], ['key', 'EVIL']], { origin: 'https://evil.example' })
    expect(res.status).toBe(403)
    const list = await app.request('/api/trpc/projects.list', { headers: { cookie } })
    expect(JSON.stringify(await list.json())).not.toContain('EVIL')
  })

  it('sends a post without a session to sign in, and creates nothing', async () => {
    const res = await postForm('/projects/new', [['_form', 'project-create'], ['name', 'Anonym'], ['key', 'ANON']], { cookie: '' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/auth/login?redirect=%2Fprojects%2Fnew')
    const list = await app.request('/api/trpc/projects.list', { headers: { cookie } })
    expect(JSON.stringify(await list.json())).not.toContain('ANON')
  })
})

// Signing in, up and resetting a password are forms too: the same procedures (their validation and throttling) set
// the same session cookie; the refusals (the page again with the messages) are in tests/e2e/auth-no-js.spec.ts.
describe('account forms posted without JavaScript', () => {
  const PASSWORD = 'přihlášení bez skriptu 34'

  function sessionCookieOf(res: Response): string | null {
    return res.headers.getSetCookie().find((c) => c.startsWith('portalscope_session='))?.split(';')[0] ?? null
  }
  async function signedInAs(sessionCookie: string): Promise<string | null> {
    const me = await app.request('/api/trpc/auth.me', { headers: { cookie: sessionCookie } })
    const body = (await me.json()) as { result: { data: { json: { user: { email: string } | null } } } }
    return body.result.data.json.user?.email ?? null
  }

  it('signs up, sets the session cookie and goes to the page asked for', async () => {
    const res = await postForm(
      '/auth/signup?redirect=%2Fprojects%2Fnew%3Fx%3D1',
      [['_form', 'signup'], ['name', 'Bez skriptu Jan'], ['email', 'jan-nojs@example.cz'], ['password', PASSWORD], ['passwordConfirm', PASSWORD]],
      { cookie: '' },
    )
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/projects/new?x=1')
    const session = sessionCookieOf(res)
    expect(session).not.toBeNull()
    expect(await signedInAs(session!)).toBe('jan-nojs@example.cz')
  })

  it('signs in with the cookie the API sets, works for the next request, and never leaves the site', async () => {
    // A browser still holding a session that ended: the new session's cookie is the only one it is sent.
    const stale = 'portalscope_session=ended.session'
    const res = await postForm('/auth/login?redirect=https%3A%2F%2Fevil.example%2F', [['_form', 'login'], ['email', 'jan-nojs@example.cz'], ['password', PASSWORD]], { cookie: stale })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/projects')
    const setCookies = res.headers.getSetCookie().filter((c) => c.startsWith('portalscope_session='))
    expect(setCookies).toHaveLength(1)
    expect(setCookies[0]).toMatch(/HttpOnly/i)
    expect(setCookies[0]).toMatch(/SameSite=Lax/i)
    const session = sessionCookieOf(res)!
    expect(await signedInAs(session)).toBe('jan-nojs@example.cz')
    const projects = await app.request('/api/trpc/projects.list', { headers: { cookie: session } })
    expect(projects.status).toBe(200)
  })

  it('sends a signed-in visitor posting the sign-in form on, without signing in again', async () => {
    const res = await postForm('/auth/login?redirect=%2Fprofile', [['_form', 'login'], ['email', 'jan-nojs@example.cz'], ['password', PASSWORD]])
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/profile')
    expect(sessionCookieOf(res)).toBeNull()
  })

  it('refuses a sign-in posted from another site, even without a session cookie', async () => {
    // `null`: what a browser sends from a sandboxed frame or a data: page.
    for (const origin of ['https://evil.example', 'null']) {
      const headers: Record<string, string> = { cookie: '', origin }
      const res = await postForm('/auth/login', [['_form', 'login'], ['email', 'jan-nojs@example.cz'], ['password', PASSWORD]], headers)
      expect(res.status).toBe(403)
      expect(sessionCookieOf(res)).toBeNull()
    }
  })

  it('stops checking the password after too many failures, the right one included', async () => {
    // Each refusal renders the page again, which needs the Vite build (the e2e journey shows it); here it fails loudly.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const email = 'jan-nojs@example.cz'
    for (let attempt = 0; attempt < ACCOUNT_FAILURE_LIMIT; attempt++) {
      const wrong = await postForm('/auth/login', [['_form', 'login'], ['email', email], ['password', `špatně ${attempt}`]], { cookie: '' })
      expect(wrong.status).not.toBe(303)
      expect(sessionCookieOf(wrong)).toBeNull()
    }
    const right = await postForm('/auth/login', [['_form', 'login'], ['email', email], ['password', PASSWORD]], { cookie: '' })
    expect(right.status).not.toBe(303)
    expect(sessionCookieOf(right)).toBeNull()
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0)
    quiet.mockRestore()
  })

  it('sets a new password from the one-time link and sends the user to sign in with it', async () => {
    const user = await findUserByEmail(testDb.db, 'hana@example.cz')
    const { id, token, secretHash } = newCompositeToken()
    const now = new Date()
    await testDb.db.insert(passwordResets).values({ id, secretHash, userId: user!.id, createdAt: now, expiresAt: new Date(now.getTime() + 60 * 60 * 1000) })
    const res = await postForm(`/auth/reset-password?token=${encodeURIComponent(token)}`, [['_form', 'reset-password'], ['password', PASSWORD], ['passwordConfirm', PASSWORD]], { cookie: '' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/auth/login?reset=done')
    const login = await postForm('/auth/login', [['_form', 'login'], ['email', 'hana@example.cz'], ['password', PASSWORD]], { cookie: '' })
    expect(login.status).toBe(303)
    expect(await signedInAs(sessionCookieOf(login)!)).toBe('hana@example.cz')
    // The reset ended the sessions the account had.
    expect(await signedInAs(cookie)).toBeNull()
  })
})
