import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '../../db/client.server.ts'
import { DEFAULT_CHECK, type CaseCheck } from '../../lib/domain/checks.ts'
import { startCkanFixture, type CkanFixture } from '../../tests/ckan-fixture/server.ts'
import { signedInAccount } from '../../tests/helpers/test-account.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db.ts'
import { testContext } from '../../tests/helpers/trpc-context.ts'
import { claimCheck } from '../queries/check-queue.server.ts'
import { insertPortal } from '../queries/portals.server.ts'
import { runById, updateRun } from '../queries/test-runs.server.ts'
import type { AuthState } from '../session.server.ts'
import { createCaller } from '../trpc/router.server.ts'
import { runQueuedChecks } from './automated-checks.server.ts'

// Issue 30, row 4: checks over many links whose names all lead to one server. That server sees the politeness one
// server gets, however many names it has; and completing or deleting the run stops its checks, queued and running.
// The server is the CKAN fixture itself: its resource files are handed out under six names that the checks' resolver
// answers with 127.0.0.1.

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f'].map((letter) => `${letter}.victim.test`)
const POLICY = {
  allowPrivate: true,
  lookup: async (host: string): Promise<string[]> => {
    if (NAMES.includes(host)) return ['127.0.0.1']
    throw Object.assign(new Error(`${host} is not one of the test's names`), { code: 'ENOTFOUND' })
  },
}
const OPTIONS = { budgetMs: 60_000, policy: POLICY, timeoutMs: 5_000 }

let testDb: TestDatabase
let fixture: CkanFixture
let owner: AuthState
let projectId: string
const caseIds: string[] = []

const api = async () => createCaller(await testContext(testDb.db, { auth: owner }))
const everyLink = (limit: number): CaseCheck => ({ ...DEFAULT_CHECK, type: 'resource-reachable', portal: 'victim', scope: 'portal-datasets', limit })

async function queuedRun(name: string): Promise<string> {
  const caller = await api()
  const run = await caller.testRuns.create({ projectId, run: { name }, source: { kind: 'selection', caseIds } })
  expect(await caller.testRuns.runChecks({ runId: run.id })).toEqual({ queued: caseIds.length })
  return run.id
}

/** Holds the server's answers, starts the checks, and waits until the first request is there (and held). */
async function startHeld(): Promise<{ release: () => void; job: Promise<{ checked: number }> }> {
  const release = fixture.holdFiles()
  const first = fixture.fileRequestsReached(fixture.fileRequests() + 1)
  const job = runQueuedChecks(testDb.db, OPTIONS)
  await first
  return { release, job }
}

beforeAll(async () => {
  testDb = await createTestDatabase()
  // A publisher's server takes a moment to answer, so requests sent together are in flight together.
  fixture = await startCkanFixture({ portals: [{ slug: 'victim', datasets: 40, resourceHosts: NAMES }], fileLatencyMs: 30 })
  await insertPortal(testDb.db, { id: 'victim', name: 'Victim', baseUrl: fixture.portalUrl('victim'), apiBase: fixture.apiBase('victim'), createdAt: new Date() })
  owner = await signedInAccount(testDb.db, 'Olga Owner', 'olga@victim.test')
  const caller = await api()
  projectId = (await caller.projects.create({ name: 'Politeness', key: 'POL' })).id
  for (const title of ['Every link', 'Every link again']) {
    caseIds.push((await caller.testCases.create({ projectId, title, type: 'automated', state: 'active', check: everyLink(8) })).id)
  }
})
afterAll(async () => {
  await fixture?.close()
  await testDb?.cleanup()
})

describe('politeness towards one server with many names', () => {
  it('sends it at most two requests at a time, however many names and checks lead to it', async () => {
    const runId = await queuedRun('Many names')
    const before = fixture.fileRequests()
    expect(await runQueuedChecks(testDb.db, OPTIONS)).toEqual({ checked: 2 })
    // Every link was checked through its own name (robots.txt of each name's origin included)...
    expect(fixture.fileRequests() - before).toBeGreaterThanOrEqual(16)
    const detail = await (await api()).testRuns.byId({ id: runId })
    expect(detail.cases.map((item) => item.latest?.status)).toEqual(['passed', 'passed'])
    // ...and the server, whatever the name, never had more than the two requests one server may have in flight.
    expect(fixture.maxConcurrentFiles()).toBeLessThanOrEqual(2)
  })
})

describe('a run that is completed or deleted stops its checks', () => {
  it('completing it takes its checks off the queue and aborts the running ones: no request after that', async () => {
    const runId = await queuedRun('Completed midway')
    const { release, job } = await startHeld()
    const caller = await api()
    const { run } = await caller.testRuns.byId({ id: runId })
    await caller.testRuns.update({ id: runId, expectedVersion: run.version, run: { state: 'completed' } })
    const atCompletion = fixture.fileRequests()
    release()
    expect(await job).toEqual({ checked: 0 })
    expect(fixture.fileRequests()).toBe(atCompletion)
    expect(await caller.testRuns.checkProgress({ runId })).toMatchObject({ pending: 0, counts: { untested: 2 } })
    expect(await claimCheck(testDb.db)).toBeNull()
  })

  it('deleting it does the same', async () => {
    const runId = await queuedRun('Deleted midway')
    const { release, job } = await startHeld()
    await (await api()).testRuns.remove({ id: runId })
    const atDeletion = fixture.fileRequests()
    release()
    expect(await job).toEqual({ checked: 0 })
    expect(fixture.fileRequests()).toBe(atDeletion)
    expect(await claimCheck(testDb.db)).toBeNull()
  })

  it('completed from another process (the web server, while the helper runs the checks), the worker sees it and stops', async () => {
    const runId = await queuedRun('Completed elsewhere')
    const { release, job } = await startHeld()
    // Another connection to the same file, as the other process has: nothing in this process is told.
    const elsewhere = await createDb({ url: testDb.url })
    const run = (await runById(elsewhere, runId))!
    expect(await updateRun(elsewhere, run, run.version, { state: 'completed' }, owner.user!.id)).toBe(true)
    // The held requests are still held: the worker stops because it looked, not because anything answered.
    expect(await job).toEqual({ checked: 0 })
    const atStop = fixture.fileRequests()
    release()
    expect(await (await api()).testRuns.checkProgress({ runId })).toMatchObject({ pending: 0, counts: { untested: 2 } })
    expect(await claimCheck(testDb.db)).toBeNull()
    expect(fixture.fileRequests()).toBe(atStop)
  })
})
