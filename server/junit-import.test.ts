import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../tests/helpers/test-db.ts'
import { createApp } from './app.server.ts'

// The JUnit import over HTTP against a real libSQL file: the same access as testRuns.importJunit, the XML as the body
// (scripts) or a multipart form (the run's page without JavaScript), results and evidence as a tester would see them.
const ORIGIN = 'http://localhost'
const FIXTURES = path.resolve(import.meta.dirname, '../tests/fixtures/junit')
const pytest = readFileSync(path.join(FIXTURES, 'pytest.xml'), 'utf8')
const surefire = readFileSync(path.join(FIXTURES, 'surefire.xml'), 'utf8')

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

async function call<T>(procedure: string, input: unknown, auth: string, kind: 'query' | 'mutation' = 'mutation'): Promise<T> {
  const headers: Record<string, string> = auth.startsWith('Bearer ') ? { authorization: auth } : { cookie: auth, origin: ORIGIN }
  const res =
    kind === 'mutation'
      ? await app.request(`/api/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ json: input }) })
      : await app.request(`/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, { headers })
  if (res.status !== 200) throw new Error(`${procedure}: ${res.status} ${await res.text()}`)
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

type Summary = { cases: number; recorded: number; created: number; addedToRun: number; unmatched: string[]; counts: Record<string, number>; warnings: string[] }
type Detail = { run: { state: string; version: number }; cases: Array<{ id: string; key: string; title: string; caseVersion: number; latest: { status: string; comment: string; recordedBy: string } | null }> }
type Results = { results: Array<{ status: string; elapsedSeconds: number | null; elapsedMs: number | null; caseVersion: number; recordedBy: string; evidence: Record<string, unknown> | null }> }

function importXml(runId: string, xml: string | ReadableStream<Uint8Array>, auth: string | null, query = '') {
  const headers: Record<string, string> = { 'content-type': 'application/xml' }
  if (auth?.startsWith('Bearer ')) headers.authorization = auth
  else if (auth) Object.assign(headers, { cookie: auth, origin: ORIGIN })
  return app.request(`/api/test-runs/${runId}/import-junit${query}`, { method: 'POST', headers, body: xml, ...(typeof xml === 'string' ? {} : { duplex: 'half' }) })
}

describe('POST /api/test-runs/:runId/import-junit', () => {
  let owner: string
  let tester: string
  let viewer: string
  let outsider: string
  let projectId: string
  let runId: string

  beforeAll(async () => {
    owner = await signUp('Olga Vlastníková', 'olga@junit.cz')
    tester = await signUp('Tomáš Tester', 'tomas@junit.cz')
    viewer = await signUp('Věra Čtenářová', 'vera@junit.cz')
    outsider = await signUp('Cizí Člověk', 'cizi@junit.cz')
    projectId = (await call<{ id: string }>('projects.create', { name: 'JUnit', key: 'PJUNIT' }, owner)).id
    await call('projects.members.add', { projectId, email: 'tomas@junit.cz', role: 'tester' }, owner)
    await call('projects.members.add', { projectId, email: 'vera@junit.cz', role: 'viewer' }, owner)
    const ids: string[] = []
    for (const title of ['tests.test_api.test_catalogue_answers', 'Licences are open', 'CSV resources parse', 'tests.test_api.test_dataset_count']) {
      ids.push((await call<{ id: string }>('testCases.create', { projectId, title, state: 'active' }, owner)).id)
    }
    runId = (await call<{ id: string }>('testRuns.create', { projectId, run: { name: 'CI' }, source: { kind: 'selection', caseIds: [ids[0], ids[1]] } }, owner)).id
  })

  it('refuses signed-out callers, outsiders, viewers and testers who ask to create cases, reading nothing', async () => {
    expect((await importXml(runId, pytest, null)).status).toBe(401)
    const outside = await importXml(runId, pytest, outsider)
    expect(outside.status).toBe(404)
    expect((await importXml('nonexistent', pytest, owner)).status).toBe(404)
    expect((await importXml(runId, pytest, viewer)).status).toBe(403)
    const creating = await importXml(runId, pytest, tester, '?createUnknown=1')
    expect(creating.status).toBe(403)
    expect(((await creating.json()) as { error: { message: string } }).error.message).toMatch(/editor/i)
  })

  it('refuses a bad file with a Czech message and changes nothing', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><testsuite><testcase classname="a" name="&a;"/></testsuite>`
    const res = await importXml(runId, bomb, tester)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Soubor deklaruje DOCTYPE. Zprávy JUnit ho nikdy nepotřebují a z bezpečnostních důvodů se odmítá (definice entit se nečtou). (řádek 1)')
    const cut = await importXml(runId, pytest.slice(0, 900), tester)
    expect(cut.status).toBe(400)
    expect(((await cut.json()) as { error: { message: string } }).error.message).toMatch(/^Soubor končí předčasně/)
    expect((await importXml(runId, '{"tests": 1}', tester)).status).toBe(400)
    const forever = await importXml(runId, surefire.replace('time="12.5"', 'time="99999999"'), tester)
    expect(forever.status).toBe(400)
    expect(((await forever.json()) as { error: { message: string } }).error.message).toMatch(/^Soubor uvádí u testu čas 99999999 sekund, víc než rok.* \(řádek 14\)$/)
    const latin1 = new Uint8Array(Buffer.from('<testsuite>\n<testcase classname="a" name="Zpracuje X"/></testsuite>', 'latin1'))
    latin1[latin1.indexOf(0x58)] = 0xe9
    const misread = await importXml(runId, new Blob([latin1]).stream(), tester)
    expect(misread.status).toBe(400)
    expect(((await misread.json()) as { error: { message: string } }).error.message).toBe('Soubor obsahuje bajty, které nejsou platné v kódování UTF-8. Nic se nedohadovalo ani nenahrazovalo; uložte zprávu v kódování, které deklaruje. (řádek 2)')
    const detail = await call<Detail>('testRuns.byId', { id: runId }, owner, 'query')
    expect(detail.run.state).toBe('open')
    expect(detail.cases.every((item) => item.latest === null)).toBe(true)
    expect(detail.cases).toHaveLength(2)
  })

  it('answers 413 for a body declared larger than 256 MB before reading it', async () => {
    const res = await app.request(`/api/test-runs/${runId}/import-junit`, { method: 'POST', headers: { cookie: tester, origin: ORIGIN, 'content-type': 'application/xml', 'content-length': String(300 * 1024 * 1024) }, body: '<testsuite/>' })
    expect(res.status).toBe(413)
  })

  it('records a pytest report streamed in by a tester: matched by key and title, cases the run lacks appended, unknown ones listed', async () => {
    const bytes = new TextEncoder().encode(pytest)
    let offset = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close()
        controller.enqueue(bytes.slice(offset, offset + 97))
        offset += 97
      },
    })
    const res = await importXml(runId, stream, tester, '?filename=reports%2Fpytest.xml')
    expect(res.status).toBe(200)
    const summary = (await res.json()) as Summary
    expect(summary).toMatchObject({ cases: 6, recorded: 4, created: 0, addedToRun: 2, counts: { passed: 3, failed: 1, skipped: 0, blocked: 0 } })
    expect(summary.unmatched).toEqual(['tests.test_api.test_needs_credentials', 'tests.test_formats.test_geojson_valid[Praha]'])

    const detail = await call<Detail>('testRuns.byId', { id: runId }, owner, 'query')
    expect(detail.run.state).toBe('in_progress')
    expect(detail.cases.map((item) => [item.key, item.latest?.status, item.latest?.recordedBy])).toEqual([
      ['PJUNIT-1', 'passed', 'Tomáš Tester'],
      ['PJUNIT-2', 'passed', 'Tomáš Tester'],
      ['PJUNIT-4', 'failed', 'Tomáš Tester'],
      ['PJUNIT-3', 'passed', 'Tomáš Tester'],
    ])
    const failed = detail.cases[2]!
    expect(failed.latest?.comment).toMatch(/^AssertionError: expected at least 1000 datasets, got 987\nerror: failed on teardown/)
    const { results } = await call<Results>('testRuns.results', { runCaseId: failed.id }, tester, 'query')
    expect(results).toHaveLength(1)
    // 0.981 s and the teardown's 0.004 s, to the millisecond (whole seconds kept 1).
    expect(results[0]).toMatchObject({ status: 'failed', elapsedSeconds: 1, elapsedMs: 985, caseVersion: failed.caseVersion })
    // A test of 12 ms is not a test of no time.
    const quick = await call<Results>('testRuns.results', { runCaseId: detail.cases[0]!.id }, tester, 'query')
    expect(quick.results[0]).toMatchObject({ elapsedSeconds: 0, elapsedMs: 12 })
    expect(results[0]!.evidence).toMatchObject({
      kind: 'junit',
      file: 'pytest.xml',
      classname: 'tests.test_api',
      name: 'test_dataset_count',
      failures: [{ element: 'failure' }, { element: 'error', message: 'failed on teardown with "ConnectionResetError: [Errno 104] Connection reset by peer"' }],
      systemOut: { text: 'GET https://data.example.cz/api/3/action/package_search?rows=0 -> 200 (312 ms)\n', bytes: 79 },
      systemErr: null,
    })
  })

  it('creates unknown cases for an editor posting the form without JavaScript, and sends them back to the run with a summary', async () => {
    const boundary = '----PortalscopeForm7MA4YWxkTrZu0gW'
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="createUnknown"\r\n\r\non\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="addCases"\r\n\r\non\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="TEST-com.example.catalogue.HarvestTest.xml"\r\nContent-Type: text/xml\r\n\r\n${surefire}\r\n`,
      `--${boundary}--\r\n`,
    ].join('')
    const res = await app.request(`/api/test-runs/${runId}/import-junit`, { method: 'POST', headers: { cookie: owner, origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` }, body })
    expect(res.status).toBe(303)
    const location = new URL(res.headers.get('location')!, ORIGIN)
    expect(location.pathname).toBe(`/test-runs/${runId}`)
    // Figures only: the file's name and the tests' names stay out of the address (lib/forms/junit-notice.ts).
    expect(JSON.parse(location.searchParams.get('junit')!)).toEqual({ ok: true, recorded: 5, created: 5, addedToRun: 5, unmatchedCount: 0, counts: expect.any(Object), warnings: expect.any(Number) })

    const detail = await call<Detail>('testRuns.byId', { id: runId }, owner, 'query')
    expect(detail.cases.slice(4).map((item) => [item.title, item.latest?.status])).toEqual([
      ['com.example.catalogue.HarvestTest.harvestsAllPages', 'passed'],
      ['com.example.catalogue.HarvestTest.keepsDeletedDatasets', 'failed'],
      ['com.example.catalogue.HarvestTest.handlesTimeouts', 'failed'],
      ['com.example.catalogue.HarvestTest.resumesAfterCrash', 'skipped'],
      ['com.example.catalogue.HarvestTest.Zpracuje české názvy & diakritiku', 'passed'],
    ])
    const { case: created } = await call<{ case: { type: string; state: string; tags: string[]; folder: string } }>('testCases.byId', { id: (await call<{ cases: Array<{ caseId: string }> }>('testRuns.byId', { id: runId }, owner, 'query')).cases[5]!.caseId }, owner, 'query')
    expect(created).toMatchObject({ type: 'automated', state: 'active', tags: ['junit'], folder: 'com.example.catalogue.HarvestTest' })
    const { results } = await call<Results>('testRuns.results', { runCaseId: detail.cases[4]!.id }, owner, 'query')
    expect(results[0]).toMatchObject({ elapsedSeconds: 1180, elapsedMs: 1_180_002, evidence: { time: 1180.002, suite: { systemOut: { text: 'Harvester suite finished: 5 tests' } } } })

    // The same report again matches the cases it created: nothing new.
    const again = await importXml(runId, surefire, owner, '?createUnknown=1')
    expect((await again.json()) as Summary).toMatchObject({ recorded: 5, created: 0, addedToRun: 0 })
  })

  it('takes a Bearer token like the rest of the API, and refuses a completed run', async () => {
    const { token } = await call<{ token: string }>('auth.tokens.create', { name: 'ci', expiresInDays: null }, tester)
    const ok = await importXml(runId, '<testsuite><testcase classname="x" name="[PJUNIT-1] again"/></testsuite>', `Bearer ${token}`)
    expect(ok.status).toBe(200)
    expect((await ok.json()) as Summary).toMatchObject({ recorded: 1 })
    const detail = await call<Detail>('testRuns.byId', { id: runId }, owner, 'query')
    await call('testRuns.update', { id: runId, expectedVersion: detail.run.version, run: { state: 'completed' } }, owner)
    const refused = await importXml(runId, pytest, `Bearer ${token}`)
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/dokončen/i)
  })

  it('records a UTF-16 Surefire report of a flaky test as passed and flaky, and a suite that did not load as failed', async () => {
    const first = await call<{ id: string }>('testCases.create', { projectId, title: 'Manual smoke test', state: 'active' }, owner)
    const flakyRun = (await call<{ id: string }>('testRuns.create', { projectId, run: { name: 'Reruns' }, source: { kind: 'selection', caseIds: [first.id] } }, owner)).id
    const utf16 = readFileSync(path.join(FIXTURES, 'surefire-flaky-failure-utf16le.xml'))
    const res = await importXml(flakyRun, new Blob([utf16]).stream(), owner, '?createUnknown=1')
    expect(res.status).toBe(200)
    expect((await res.json()) as Summary).toMatchObject({ recorded: 1, created: 1, counts: { passed: 1, failed: 0 } })
    const broken = await importXml(flakyRun, '<testsuite name="com.example.BrokenTest" tests="0" errors="1"><error message="Could not initialize class Config" type="java.lang.NoClassDefFoundError"/></testsuite>', owner, '?createUnknown=1')
    expect((await broken.json()) as Summary).toMatchObject({ recorded: 1, counts: { failed: 1, passed: 0 } })
    const detail = await call<Detail>('testRuns.byId', { id: flakyRun }, owner, 'query')
    expect(detail.cases.map((item) => [item.title, item.latest?.status])).toEqual([
      ['Manual smoke test', undefined],
      ['io.olamy.FlakyTest.testApp', 'passed'],
      ['com.example.BrokenTest.<init>', 'failed'],
    ])
    const { results } = await call<Results>('testRuns.results', { runCaseId: detail.cases[1]!.id }, owner, 'query')
    expect(results[0]).toMatchObject({ elapsedMs: 1, evidence: { flaky: true, retries: [{ element: 'flakyFailure', message: 'obvious fail' }, { element: 'flakyFailure', message: 'try one more time maybe' }] } })
  })

  it('asks before adding cases the run does not hold: 409 with how many, nothing written, then adds them when asked', async () => {
    const first = await call<{ id: string }>('testCases.create', { projectId, title: 'Asked first', state: 'active' }, owner)
    const asking = (await call<{ id: string }>('testRuns.create', { projectId, run: { name: 'Asks' }, source: { kind: 'selection', caseIds: [first.id] } }, owner)).id
    const refused = await importXml(asking, pytest, tester, '?addCases=0')
    expect(refused.status).toBe(409)
    expect((await refused.json()) as unknown).toEqual({
      error: { code: 'CONFLICT', wouldAdd: 4, message: 'Zpráva obsahuje 4 testy, které tento běh nemá. Nic se nezaznamenalo: importujte znovu s povoleným přidáním případů (addCases=1; v příkazu --add-cases).' },
    })
    const untouched = await call<Detail>('testRuns.byId', { id: asking }, owner, 'query')
    expect(untouched.run.state).toBe('open')
    expect(untouched.cases.map((item) => item.title)).toEqual(['Asked first'])
    // The form without the box ticked comes back to the page saying how many.
    const boundary = '----PortalscopeForm7MA4YWxkTrZu0gW'
    const body = [`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pytest.xml"\r\nContent-Type: text/xml\r\n\r\n${pytest}\r\n`, `--${boundary}--\r\n`].join('')
    const posted = await app.request(`/api/test-runs/${asking}/import-junit`, { method: 'POST', headers: { cookie: owner, origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` }, body })
    expect(posted.status).toBe(303)
    expect(JSON.parse(new URL(posted.headers.get('location')!, ORIGIN).searchParams.get('junit')!)).toEqual({ ok: false, problem: 'needsAddCases', line: null, params: { count: 4 } })
    const added = await importXml(asking, pytest, tester, '?addCases=1')
    expect((await added.json()) as Summary).toMatchObject({ recorded: 4, addedToRun: 4 })
    // A run that holds every case of the report needs no asking.
    const again = await importXml(asking, pytest, tester, '?addCases=0')
    expect((await again.json()) as Summary).toMatchObject({ recorded: 4, addedToRun: 0 })
  })
})
