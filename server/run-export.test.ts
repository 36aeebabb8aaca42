import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../tests/helpers/test-db.ts'
import { createApp } from './app.server.ts'

// The run export over HTTP: the same access as testRuns.byId, three formats, a file download that is never cached.
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

type Ok<T> = { result: { data: { json: T } } }

async function call<T>(path: string, input: unknown, cookie: string, kind: 'query' | 'mutation' = 'mutation'): Promise<T> {
  const res =
    kind === 'mutation'
      ? await app.request(`/api/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN, cookie }, body: JSON.stringify({ json: input }) })
      : await app.request(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, { headers: { cookie } })
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return ((await res.json()) as Ok<T>).result.data.json
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

describe('GET /api/test-runs/:runId/export', () => {
  let owner: string
  let viewer: string
  let outsider: string
  let runId: string

  beforeAll(async () => {
    owner = await signUp('Olga Vlastníková', 'olga@run-export.cz')
    viewer = await signUp('Věra Čtenářová', 'vera@run-export.cz')
    outsider = await signUp('Cizí Člověk', 'cizi@run-export.cz')
    const { id: projectId } = await call<{ id: string }>('projects.create', { name: 'Export', key: 'EXP' }, owner)
    await call('projects.members.add', { projectId, email: 'vera@run-export.cz', role: 'viewer' }, owner)
    const first = await call<{ id: string }>('testCases.create', { projectId, title: 'Katalog <odpovídá> & běží', state: 'active' }, owner)
    const second = await call<{ id: string }>('testCases.create', { projectId, title: '=HYPERLINK("x")', state: 'active' }, owner)
    const third = await call<{ id: string }>('testCases.create', { projectId, title: 'Neotestováno', state: 'active' }, owner)
    runId = (await call<{ id: string }>('testRuns.create', { projectId, run: { name: 'Noční' }, source: { kind: 'selection', caseIds: [first.id, second.id, third.id] } }, owner)).id
    const detail = await call<{ cases: Array<{ id: string }> }>('testRuns.byId', { id: runId }, owner, 'query')
    const [a, b] = detail.cases
    const earlier = await call<{ id: number }>('testRuns.record', { runCaseId: a!.id, expectedLatestResultId: null, result: { status: 'passed' } }, owner)
    await call('testRuns.record', { runCaseId: a!.id, expectedLatestResultId: earlier.id, result: { status: 'failed', comment: 'Vrací 500 ]]> <script>', elapsedSeconds: 12, defects: ['BUG-7'] } }, owner)
    await call('testRuns.record', { runCaseId: b!.id, expectedLatestResultId: null, result: { status: 'blocked', comment: 'Portál spí' } }, owner)
  })

  const get = (cookie: string | null, query = '') => app.request(`/api/test-runs/${runId}/export${query}`, { headers: cookie ? { cookie } : {} })

  it('answers 401 signed out and 404 to someone outside the project', async () => {
    expect((await get(null)).status).toBe(401)
    expect((await get(outsider)).status).toBe(404)
    expect((await app.request('/api/test-runs/nonexistent/export', { headers: { cookie: owner } })).status).toBe(404)
  })

  it('gives a viewer the JSON with the whole history by default', async () => {
    const res = await get(viewer)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="EXP-run-\d{4}-\d{2}-\d{2}\.json"$/)
    const body = (await res.json()) as { run: { name: string }; cases: Array<{ key: string; status: string; results: Array<{ status: string; recordedBy: string }> }> }
    expect(body.run.name).toBe('Noční')
    expect(body.cases.map((item) => item.status)).toEqual(['failed', 'blocked', 'untested'])
    expect(body.cases[0]!.results.map((result) => result.status)).toEqual(['passed', 'failed'])
    expect(body.cases[0]!.results[1]!.recordedBy).toBe('Olga Vlastníková')
  })

  it('writes JUnit XML with the failure, the blocked case as skipped and the untested case left out', async () => {
    const res = await get(viewer, '?format=junit')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(/filename="EXP-run-\d{4}-\d{2}-\d{2}\.xml"$/)
    const xml = await res.text()
    expect(xml).toContain('<testsuites name="Noční" tests="2" failures="1" errors="0" time="12">')
    expect(xml).toContain('name="[EXP-1] Katalog &lt;odpovídá&gt; &amp; běží" time="12"')
    expect(xml).toContain('<failure message="Vrací 500 ]]&gt; &lt;script&gt;">Vrací 500 ]]&gt; &lt;script&gt;</failure>')
    expect(xml).toContain('<skipped message="blocked: Portál spí"/>')
    expect(xml).not.toContain('EXP-3')
  })

  it('writes CSV with a byte order mark, one row per case and formulas kept inert', async () => {
    const res = await get(viewer, '?format=csv')
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(/filename="EXP-run-\d{4}-\d{2}-\d{2}\.csv"$/)
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())
    expect(text.startsWith('\uFEFFKey,Title,Section,Version,Status,Comment,Elapsed,Defects,Recorded by,Recorded at,Evidence\r\n')).toBe(true)
    const lines = text.trim().split('\r\n')
    expect(lines).toHaveLength(4)
    expect(lines[1]).toMatch(/^EXP-1,Katalog <odpovídá> & běží,,1,failed,Vrací 500 \]\]> <script>,12,BUG-7,Olga Vlastníková,\d{4}-/)
    expect(lines[2]).toContain(`EXP-2,"'=HYPERLINK(""x"")"`)
    expect(lines[3]).toBe('EXP-3,Neotestováno,,1,untested,,,,,,')
  })

  it('refuses an unknown format with 400 and says which ones exist', async () => {
    const res = await get(viewer, '?format=pdf')
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: { message: string } }
    expect(body.error.message).toContain('junit, csv, json')
    // In the caller's language (Czech unless the request asks otherwise).
    expect(body.error.message).toContain('Neznámý formát exportu „pdf“')
    expect((await get(null, '?format=pdf')).status).toBe(401)
    expect((await get(outsider, '?format=pdf')).status).toBe(404)
  })
})
