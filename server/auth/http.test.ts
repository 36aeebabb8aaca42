import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db.ts'
import { createApp } from '../app.server.ts'

// Accounts over HTTP, through the real Hono app: cookies, CSRF, status codes and translated messages.
const ORIGIN = 'http://localhost'
let testDb: TestDatabase
let app: ReturnType<typeof createApp>

beforeAll(async () => {
  testDb = await createTestDatabase()
  process.env.DATABASE_URL = testDb.url
  app = createApp()
})
afterAll(async () => {
  await testDb.cleanup()
})

type TrpcErrorBody = { error: { json: { message: string; data: { httpStatus: number; fieldErrors: Record<string, string> | null } } } }

function post(path: string, input: unknown, headers: Record<string, string> = {}) {
  return app.request(`/api/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
    body: JSON.stringify({ json: input }),
  })
}

function sessionCookie(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('portalscope_session='))
  if (!cookie) throw new Error('no session cookie')
  return cookie.split(';')[0]!
}

const EVE = { name: 'Eva Svobodová', email: 'eva@example.cz', password: 'dlouhé bezpečné heslo 42' }
let eveCookie = ''

describe('accounts over HTTP', () => {
  it('signs up with a session cookie', async () => {
    const res = await post('auth.signup', EVE)
    expect(res.status).toBe(200)
    eveCookie = sessionCookie(res)
    const me = await app.request('/api/trpc/auth.me', { headers: { cookie: eveCookie } })
    const body = (await me.json()) as { result: { data: { json: { user: { email: string }; via: string } } } }
    expect(body.result.data.json).toMatchObject({ user: { email: 'eva@example.cz' }, via: 'cookie' })
  })

  it.each([
    ['name', { ...EVE, email: 'x@example.cz', name: '' }, 'This field is required', 'Toto pole je povinné'],
    ['email', { ...EVE, email: 'eva(at)example.cz' }, 'Please enter a valid email', null],
    ['password', { ...EVE, email: 'y@example.cz', password: 'kratke' }, 'At least 8 characters', 'Alespoň 8 znaků'],
    ['password', { ...EVE, email: 'z@example.cz', password: 'x'.repeat(129) }, 'At most 128 characters', 'Nejvýše 128 znaků'],
    ['password', { ...EVE, email: 'w@example.cz', password: 'Sunshine' }, 'This password is one of the most common ones and easy to guess. Choose another.', null],
  ])('explains a bad %s in English and in Czech', async (field, input, english, czech) => {
    const en = await post('auth.signup', input, { cookie: 'lang=en' })
    expect(en.status).toBe(400)
    expect(((await en.json()) as TrpcErrorBody).error.json.data.fieldErrors?.[field]).toBe(english)
    const cs = await post('auth.signup', input)
    const csMessage = ((await cs.json()) as TrpcErrorBody).error.json.data.fieldErrors?.[field]
    if (czech) expect(csMessage).toBe(czech)
    expect(csMessage).not.toBe(english)
  })

  it('refuses a cross-origin POST that carries the session cookie', async () => {
    const res = await post('profile.update', { name: 'Mallory' }, { cookie: eveCookie, origin: 'https://evil.example' })
    expect(res.status).toBe(403)
    const missing = await app.request('/api/trpc/profile.update', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: eveCookie },
      body: JSON.stringify({ json: { name: 'Mallory' } }),
    })
    expect(missing.status).toBe(403)
    const same = await post('profile.update', { name: 'Eva S.' }, { cookie: eveCookie })
    expect(same.status).toBe(200)
  })

  it('changes no state over GET', async () => {
    const res = await app.request(`/api/trpc/auth.logout?input=${encodeURIComponent(JSON.stringify({ json: null }))}`, { headers: { cookie: eveCookie } })
    expect(res.status).toBe(405)
    const me = await app.request('/api/trpc/auth.me', { headers: { cookie: eveCookie } })
    expect(JSON.stringify(await me.json())).toContain('eva@example.cz')
  })

  it('never batches sign-in with other calls', async () => {
    const res = await app.request('/api/trpc/health,auth.login?batch=1', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ 0: { json: null }, 1: { json: { email: EVE.email, password: EVE.password } } }),
    })
    expect(res.status).toBe(400)
  })

  it('answers repeated failures with 429, Retry-After and a clear message, the same for unknown accounts', async () => {
    for (const email of [EVE.email, 'ghost@example.cz']) {
      for (let i = 0; i < 10; i++) expect((await post('auth.login', { email, password: 'wrong guess' }, { cookie: 'lang=en' })).status).toBe(401)
      const res = await post('auth.login', { email, password: 'wrong guess' }, { cookie: 'lang=en' })
      expect(res.status).toBe(429)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(((await res.json()) as TrpcErrorBody).error.json.message).toMatch(/Too many failed sign-ins/)
    }
  })

  it('treats a Bearer token as an API client: no cookie issued, no CSRF check', async () => {
    const login = await post('auth.login', { email: 'eva@example.cz', password: EVE.password }, { 'x-forwarded-for': '192.0.2.1' })
    // Locked out above; use the existing session to create a token instead.
    expect([200, 429]).toContain(login.status)
    const created = await post('auth.tokens.create', { name: 'script', expiresInDays: null }, { cookie: eveCookie })
    const token = ((await created.json()) as { result: { data: { json: { token: string } } } }).result.data.json.token
    const res = await app.request('/api/trpc/profile.update', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ json: { name: 'Eva via script' } }),
    })
    expect(res.status).toBe(200)
    expect(res.headers.getSetCookie()).toEqual([])
    const bad = await app.request('/api/trpc/auth.me', { headers: { authorization: 'Bearer nope.nope' } })
    expect(JSON.stringify(await bad.json())).toContain('"user":null')
  })

  it('clears a cookie that names no session', async () => {
    const res = await app.request('/api/trpc/auth.me', { headers: { cookie: `portalscope_session=${'a'.repeat(32)}.${'b'.repeat(32)}` } })
    expect(res.headers.getSetCookie().join()).toMatch(/portalscope_session=; Path=\/; Max-Age=0/)
  })

  it('never shows a password, token or session secret in an answer', async () => {
    const res = await post('auth.login', { email: 'ghost2@example.cz', password: 'my secret passphrase' })
    expect(await res.text()).not.toContain('my secret passphrase')
  })
})
