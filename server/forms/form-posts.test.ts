import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db.ts'
import { createApp } from '../app.server.ts'

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
