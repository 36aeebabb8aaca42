import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { createApp } from '../../app.server.ts'

// What an API client sees when its result is stale: 409 with the newer result beside the message.
const ORIGIN = 'http://localhost'
let testDb: TestDatabase
let app: ReturnType<typeof createApp>

beforeAll(async () => {
  testDb = await createTestDatabase()
  process.env.DATABASE_URL = testDb.url
  app = createApp()
})
afterAll(async () => {
  await testDb?.cleanup()
})

async function call<T>(path: string, input: unknown, cookie: string, kind: 'query' | 'mutation' = 'mutation'): Promise<{ status: number; body: T }> {
  const res =
    kind === 'mutation'
      ? await app.request(`/api/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN, cookie }, body: JSON.stringify({ json: input }) })
      : await app.request(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, { headers: { cookie } })
  return { status: res.status, body: (await res.json()) as T }
}

async function signUp(name: string, email: string): Promise<string> {
  const res = await app.request('/api/trpc/auth.signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: 'lang=cs' },
    body: JSON.stringify({ json: { name, email, password: 'dlouhé bezpečné heslo 42' } }),
  })
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('portalscope_session='))
  if (!cookie) throw new Error('no session cookie')
  return `${cookie.split(';')[0]!}; lang=cs`
}

type Ok<T> = { result: { data: { json: T } } }
type Failure = { error: { json: { message: string; data: { httpStatus: number; conflict?: { latest: { id: number; status: string; recordedBy: string; comment: string } | null } } } } }

describe('test runs over HTTP', () => {
  it('answers a stale result with 409, a Czech message and the newer result', async () => {
    const owner = await signUp('Olga Vlastníková', 'olga@http-runs.cz')
    const tester = await signUp('Tomáš Tester', 'tomas@http-runs.cz')
    const project = await call<Ok<{ id: string }>>('projects.create', { name: 'HTTP', key: 'HTTP' }, owner)
    const projectId = project.body.result.data.json.id
    await call('projects.members.add', { projectId, email: 'tomas@http-runs.cz', role: 'tester' }, owner)
    const created = await call<Ok<{ id: string }>>('testCases.create', { projectId, title: 'Katalog odpovídá', state: 'active' }, owner)
    const run = await call<Ok<{ id: string }>>('testRuns.create', { projectId, run: { name: 'Noční' }, source: { kind: 'selection', caseIds: [created.body.result.data.json.id] } }, owner)
    const byId = await call<Ok<{ cases: Array<{ id: string }> }>>('testRuns.byId', { id: run.body.result.data.json.id }, tester, 'query')
    const runCaseId = byId.body.result.data.json.cases[0]!.id

    const first = await call<Ok<{ id: number }>>('testRuns.record', { runCaseId, expectedLatestResultId: null, result: { status: 'failed', comment: 'Vrací 500' } }, tester)
    expect(first.status).toBe(200)
    const stale = await call<Failure>('testRuns.record', { runCaseId, expectedLatestResultId: null, result: { status: 'passed' } }, owner)
    expect(stale.status).toBe(409)
    expect(stale.body.error.json.message).toContain('Tomáš Tester mezitím zaznamenal(a) k tomuto případu novější výsledek (Selhalo)')
    expect(stale.body.error.json.data.conflict?.latest).toMatchObject({ id: first.body.result.data.json.id, status: 'failed', recordedBy: 'Tomáš Tester', comment: 'Vrací 500' })
  })
})
