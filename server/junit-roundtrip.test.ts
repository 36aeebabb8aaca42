import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../tests/helpers/test-db.ts'
import { createApp } from './app.server.ts'

// Evidence out: a run's JUnit export keeps what came in (failure or error with message, type and detail, skip
// messages, reruns, system-out and system-err, the original classname and name, times to the millisecond), is valid
// against Jenkins' junit-10.xsd (checked by xmllint, .ci/run installs it), and imported again records the same results.
const ORIGIN = 'http://localhost'
const FIXTURES = path.resolve(import.meta.dirname, '../tests/fixtures/junit')
const XSD = path.join(FIXTURES, 'junit-10.xsd')
/** Real reports of several dialects (tests/fixtures/junit/SOURCES.md), and the hand-written pytest and Surefire ones. */
const DIALECTS = ['pytest.xml', 'surefire.xml', 'serenity-bad-timestamp-no-case-time.xml', 'surefire-flaky-failure.xml', 'surefire-rerun-failure.xml', 'jenkins-same-names-nested-suites.xml']

let testDb: TestDatabase
let app: ReturnType<typeof createApp>
let scratch: string

beforeAll(async () => {
  testDb = await createTestDatabase()
  process.env.DATABASE_URL = testDb.url
  app = createApp()
  scratch = mkdtempSync(path.join(tmpdir(), 'junit-xsd-'))
})
afterAll(async () => {
  await testDb?.cleanup()
  rmSync(scratch, { recursive: true, force: true })
})

async function call<T>(procedure: string, input: unknown, cookie: string, kind: 'query' | 'mutation' = 'mutation'): Promise<T> {
  const headers = { cookie, origin: ORIGIN }
  const res =
    kind === 'mutation'
      ? await app.request(`/api/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ json: input }) })
      : await app.request(`/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, { headers })
  if (res.status !== 200) throw new Error(`${procedure}: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json
}

/** Validates with xmllint against junit-10.xsd; answers its complaints (empty when valid). */
function xsdProblems(xml: string, name: string): string {
  const file = path.join(scratch, name)
  writeFileSync(file, xml)
  try {
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' })
    return ''
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error)
  }
}

type Detail = { cases: Array<{ id: string; key: string; title: string }> }
type Result = { status: string; comment: string; elapsedMs: number | null; evidence: Record<string, unknown> | null }

describe('JUnit export and import again', () => {
  let owner: string
  let projectId: string
  let placeholder: string

  beforeAll(async () => {
    const res = await app.request('/api/trpc/auth.signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: 'lang=en' },
      body: JSON.stringify({ json: { name: 'Olga Owner', email: 'olga@roundtrip.cz', password: 'dlouhé bezpečné heslo 42' } }),
    })
    owner = `${res.headers.getSetCookie().find((c) => c.startsWith('portalscope_session='))!.split(';')[0]!}; lang=en`
    projectId = (await call<{ id: string }>('projects.create', { name: 'Round trip', key: 'TRIP' }, owner)).id
    placeholder = (await call<{ id: string }>('testCases.create', { projectId, title: 'Placeholder', state: 'active' }, owner)).id
  })

  const newRun = async (name: string) => (await call<{ id: string }>('testRuns.create', { projectId, run: { name }, source: { kind: 'selection', caseIds: [placeholder] } }, owner)).id
  const importInto = async (runId: string, xml: string) => {
    const res = await app.request(`/api/test-runs/${runId}/import-junit?createUnknown=1`, { method: 'POST', headers: { cookie: owner, origin: ORIGIN, 'content-type': 'application/xml' }, body: xml })
    expect(res.status).toBe(200)
  }
  /** The latest result of each imported case by its key, with what matters of its evidence. */
  const results = async (runId: string) => {
    const detail = await call<Detail>('testRuns.byId', { id: runId }, owner, 'query')
    const byKey = new Map<string, unknown>()
    for (const item of detail.cases.slice(1)) {
      const [latest] = (await call<{ results: Result[] }>('testRuns.results', { runCaseId: item.id }, owner, 'query')).results
      const evidence = latest!.evidence ?? {}
      const failures = (evidence.failures as Array<Record<string, unknown>>).map(({ element, type, message, detail, detailBytes }) => ({ element, type, message, detail, detailBytes }))
      byKey.set(item.key, {
        status: latest!.status,
        comment: latest!.comment,
        elapsedMs: latest!.elapsedMs,
        ...Object.fromEntries(['classname', 'name', 'time', 'skipped', 'systemOut', 'systemErr', 'retries', 'flaky'].map((key) => [key, evidence[key]])),
        failures,
      })
    }
    return byKey
  }

  for (const fixture of DIALECTS) {
    it(`keeps ${fixture} through an export, valid against junit-10.xsd`, async () => {
      const first = await newRun(`First ${fixture}`)
      await importInto(first, readFileSync(path.join(FIXTURES, fixture), 'utf8'))
      const exported = await app.request(`/api/test-runs/${first}/export?format=junit`, { headers: { cookie: owner } })
      const xml = await exported.text()
      expect(xsdProblems(xml, `${fixture}.export.xml`)).toBe('')

      const second = await newRun(`Second ${fixture}`)
      await importInto(second, xml)
      const before = await results(first)
      expect(before.size).toBeGreaterThan(0)
      expect(await results(second)).toEqual(before)
    })
  }

  it('has a schema check that does refuse what junit-10.xsd forbids', () => {
    expect(xsdProblems('<testsuites><testsuite name="s" tests="1" failures="0" errors="0"><testcase name="a"><properties/></testcase></testsuite></testsuites>', 'bad.xml')).toMatch(/properties/)
    expect(xsdProblems('<testsuites><testsuite name="s" tests="1" failures="0" errors="0"><testcase name="a" time="0.5"/></testsuite></testsuites>', 'good.xml')).toBe('')
  })
})
