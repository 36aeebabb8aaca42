import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../tests/helpers/test-db.ts'
import { createApp } from './app.server.ts'
import { API_BODY_MAX, bodyLimitFor, FORM_BODY_MAX, IMPORT_BODY_MAX } from './request-body.server.ts'

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

  it('tells crawlers to keep out of the API and of the pages the route table marks noindex', async () => {
    const res = await app.request('/robots.txt')
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('User-agent: *\nDisallow: /api/\nDisallow: /test-auth\nDisallow: /test-vuetify\n')
  })

  it('refuses bodies larger than their kind needs with 413, before reading them', async () => {
    const big = 'x'.repeat(API_BODY_MAX + 1)
    const declared = await app.request('/api/trpc/health', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big })
    expect(declared.status).toBe(413)
    // Without a declared length (chunked), counted as it arrives.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent <= API_BODY_MAX; sent += 64 * 1024) controller.enqueue(new Uint8Array(64 * 1024))
        controller.close()
      },
    })
    const streamed = await app.request('/api/trpc/auth.login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: chunks, duplex: 'half' } as RequestInit)
    expect(streamed.status).toBe(413)
    expect((await app.request('/auth/logout', { method: 'POST', body: 'x'.repeat(FORM_BODY_MAX + 1) })).status).toBe(413)
    // Imports may carry a file.
    expect(bodyLimitFor('/api/trpc/testCases.importCsv')).toBe(IMPORT_BODY_MAX)
    expect(bodyLimitFor('/api/trpc/testCases.importCsv,health')).toBe(API_BODY_MAX)
  })

  it('answers for a dataset whose CKAN fields and extras use __proto__ and constructor as keys', async () => {
    const { PackageSchema } = await import('./ckan/schemas.server.ts')
    const { storePackages } = await import('./ckan/harvest/ingest.server.ts')
    await testDb.db.run(sql`INSERT INTO portal (id, name, base_url, api_base, created_at) VALUES ('keys', 'Keys', 'https://keys.example', 'https://keys.example/api/3', 0)`)
    const raw = JSON.parse(
      '{"id":"0f0f0f0f-1111-2222-3333-444455556666","name":"proto-keys","title":"Proto keys","metadata_modified":"2026-01-01T00:00:00","__proto__":{"polluted":"yes"},"constructor":"x",' +
        '"extras":[{"key":"__proto__","value":"{\\"polluted\\":\\"yes\\"}"},{"key":"constructor","value":"c"},{"key":"spatial_resolution","value":"1 km"}],"resources":[],"tags":[]}',
    )
    await storePackages(testDb.db, 'keys', [PackageSchema.parse(raw)], { runId: null, now: new Date() })
    const input = encodeURIComponent(JSON.stringify({ json: { id: 'keys:0f0f0f0f-1111-2222-3333-444455556666' } }))
    const res = await app.request(`/api/trpc/datasets.byId?input=${input}`)
    expect(res.status).toBe(200)
    const body = await res.text()
    expect(body).toContain('Proto keys')
    expect(body).toContain('spatial_resolution')
    expect(body).toContain('constructor')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
