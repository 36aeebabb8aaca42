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
})
