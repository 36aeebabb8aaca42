import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../tests/helpers/test-db.ts'
import { createApp } from './app.server.ts'

// The API half of the Hono app, without a Vite build: pages are covered by the e2e suite.
describe('Hono app: API and headers', () => {
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

  it('answers the health procedure at /api/trpc/health', async () => {
    const res = await app.request('/api/trpc/health')
    expect(res.status).toBe(200)
    const body = (await res.json()) as { result: { data: { json: { status: string; runtime: string } } } }
    expect(body.result.data.json).toMatchObject({ status: 'ok', runtime: 'node' })
  })

  it('puts the security headers on API answers', async () => {
    const res = await app.request('/api/trpc/health')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })

  it('answers an unknown procedure with 404 and no stack trace', async () => {
    const res = await app.request('/api/trpc/nothing.here')
    expect(res.status).toBe(404)
    const text = await res.text()
    expect(text).not.toMatch(/stack|at .+\.ts:\d+/)
  })

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.request('/api/unknown')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'Not found' })
  })

  it('gives crawlers a bare status for errors', async () => {
    const res = await app.request('/api/unknown', { headers: { 'user-agent': 'Googlebot/2.1' } })
    expect(res.status).toBe(404)
    expect(await res.text()).toBe('404')
  })

  const post = (path: string, body: unknown) =>
    app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body: JSON.stringify(body) })
  const login = { json: { email: 'someone@example.cz', password: 'not the password' } }

  it('refuses any batch that holds an account procedure, however the path is spelled', async () => {
    for (const path of ['/api/trpc/auth.login,auth.login?batch=1', '/api/trpc/auth.login%2Cauth.login?batch=1', '/api/trpc/auth.login%2cauth.signup?batch=1', '/api/trpc/health,auth.login?batch=1', '/api/trpc/auth.login?batch=1', '/api/trpc/auth.me?batch=1']) {
      const res = await post(path, { 0: login, 1: login })
      expect(res.status, path).toBe(400)
      expect(res.headers.getSetCookie(), path).toEqual([])
    }
    // Alone, a sign-in answers for itself.
    expect((await post('/api/trpc/auth.login', login)).status).toBe(401)
  })

  it('answers an internal error with a reference, never the SQL, its parameters or a stack', async () => {
    // A table gone missing makes the sign-up's insert fail inside the database driver.
    await testDb.db.run(sql`DROP TABLE known_device`)
    const email = 'leak-check@example.cz'
    const res = await post('/api/trpc/auth.signup', { json: { name: 'Leak Check', email, password: 'jarní louka plná květin' } })
    expect(res.status).toBe(500)
    const body = await res.text()
    for (const secret of [email, 'scrypt$', 'insert into', 'INSERT', 'known_device', 'params', 'SQLITE', 'Failed query', '.ts:', '    at ']) {
      expect(body, secret).not.toContain(secret)
    }
    // Czech, the default language: a generic message and the reference the server log has the detail under.
    expect(body).toMatch(/Na naší straně se něco pokazilo\. Zkuste to prosím znovu; pokud potíže trvají, uveďte kód [0-9A-F]{10}\./)
  })
})
