import { TRPCError } from '@trpc/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCkanFixture, type CkanFixture } from '../../../tests/ckan-fixture/server.ts'
import { rejection } from '../../../tests/helpers/rejection.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { testContext } from '../../../tests/helpers/trpc-context.ts'
import { signedInAccount } from '../../../tests/helpers/test-account.ts'
import { DEFAULT_CHECK, isCheckEvidence, type CaseCheck } from '../../../lib/domain/checks.ts'
import { runQueuedChecks, startScheduledRuns } from '../../jobs/automated-checks.server.ts'
import { claimCheck, setSuiteSchedule } from '../../queries/check-queue.server.ts'
import { QUOTAS } from '../quotas.server.ts'
import { gateFor } from '../../outbound/portal-gate.server.ts'
import { insertPortal } from '../../queries/portals.server.ts'
import type { AuthState } from '../../session.server.ts'
import { createCaller } from '../router.server.ts'

// Automated cases through the API and the background job, against a real database and the CKAN fixture: queued by a
// tester, claimed once, recorded with their evidence as passed, failed, blocked or skipped.
let testDb: TestDatabase
let fixture: CkanFixture
let owner: AuthState
let tester: AuthState
let viewer: AuthState
let projectId: string
let datasetName: string
const cases: Record<string, string> = {}
const POLICY = { allowPrivate: true }

const account = (name: string, email: string): Promise<AuthState> => signedInAccount(testDb.db, name, email)
const as = async (auth: AuthState) => createCaller(await testContext(testDb.db, { auth }))
const check = (fields: Partial<CaseCheck>): CaseCheck => ({ ...DEFAULT_CHECK, portal: 'healthy', ...fields })

beforeAll(async () => {
  testDb = await createTestDatabase()
  fixture = await startCkanFixture({ portals: [{ slug: 'healthy', datasets: 20 }, { slug: 'broken', datasets: 5, fault: 'http500' }, { slug: 'outage', datasets: 5, fault: 'http500' }] })
  for (const slug of ['healthy', 'broken', 'outage']) {
    await insertPortal(testDb.db, { id: slug, name: slug, baseUrl: fixture.portalUrl(slug), apiBase: fixture.apiBase(slug), createdAt: new Date() })
  }
  const found = (await (await fetch(`${fixture.apiBase('healthy')}/action/package_list`)).json()) as { result: string[] }
  datasetName = found.result[0]!
  owner = await account('Olga Owner', 'olga@checks.cz')
  tester = await account('Tomáš Tester', 'tomas@checks.cz')
  viewer = await account('Věra Viewer', 'vera@checks.cz')
  const api = await as(owner)
  projectId = (await api.projects.create({ name: 'Checks', key: 'CHK' })).id
  await api.projects.members.add({ projectId, email: 'tomas@checks.cz', role: 'tester' })
  await api.projects.members.add({ projectId, email: 'vera@checks.cz', role: 'viewer' })
  const automated = { projectId, type: 'automated' as const, state: 'active' as const }
  cases.healthy = (await api.testCases.create({ ...automated, title: 'Dataset is there', check: check({ type: 'dataset-active', dataset: datasetName }) })).id
  cases.failing = (await api.testCases.create({ ...automated, title: 'Recently modified', check: check({ type: 'modified-within', dataset: datasetName, days: 1 }) })).id
  cases.blocked = (await api.testCases.create({ ...automated, title: 'Broken portal answers', check: check({ type: 'portal-answers', portal: 'broken' }) })).id
  cases.skipped = (await api.testCases.create({ ...automated, title: 'Deleted dataset licence', check: check({ type: 'licence-open', dataset: 'deleted-dataset' }) })).id
  cases.noCheck = (await api.testCases.create({ ...automated, title: 'Automated without a check' })).id
  cases.manual = (await api.testCases.create({ projectId, title: 'Look at the portal', state: 'active' })).id
})
afterAll(async () => {
  await fixture?.close()
  await testDb?.cleanup()
})

describe('automated checks in a run', () => {
  it('keeps the check with the case and refuses a check that lacks what its type needs', async () => {
    const api = await as(owner)
    const saved = await api.testCases.byId({ id: cases.healthy! })
    expect(saved.case.check).toMatchObject({ type: 'dataset-active', dataset: datasetName, portal: 'healthy' })
    const error = await rejection(api.testCases.create({ projectId, title: 'No dataset', type: 'automated', check: check({ type: 'csv-valid' }) }), TRPCError)
    expect(error.code).toBe('BAD_REQUEST')
  })

  it('queues automated cases only, records each outcome with evidence, and reports progress', async () => {
    const api = await as(owner)
    const run = await api.testRuns.create({ projectId, run: { name: 'Nightly' }, source: { kind: 'selection', caseIds: Object.values(cases) } })
    const viewerApi = await as(viewer)
    expect((await rejection(viewerApi.testRuns.runChecks({ runId: run.id }), TRPCError)).code).toBe('FORBIDDEN')
    const testerApi = await as(tester)
    expect(await testerApi.testRuns.runChecks({ runId: run.id })).toEqual({ queued: 5 })
    // Asking again while they wait queues nothing twice.
    expect(await testerApi.testRuns.runChecks({ runId: run.id })).toEqual({ queued: 0 })
    expect(await viewerApi.testRuns.checkProgress({ runId: run.id })).toMatchObject({ pending: 5, state: 'open' })

    expect(await runQueuedChecks(testDb.db, { budgetMs: 60_000, policy: POLICY, timeoutMs: 2_000 })).toEqual({ checked: 5 })
    const progress = await viewerApi.testRuns.checkProgress({ runId: run.id })
    expect(progress).toEqual({ pending: 0, state: 'in_progress', counts: { passed: 1, failed: 1, blocked: 1, skipped: 2, untested: 1 } })

    const detail = await api.testRuns.byId({ id: run.id })
    const byCase = new Map(detail.cases.map((item) => [item.caseId, item]))
    expect(byCase.get(cases.healthy!)?.latest?.status).toBe('passed')
    expect(byCase.get(cases.failing!)?.latest?.status).toBe('failed')
    expect(byCase.get(cases.blocked!)?.latest?.status).toBe('blocked')
    expect(byCase.get(cases.skipped!)?.latest?.status).toBe('skipped')
    expect(byCase.get(cases.noCheck!)?.latest?.status).toBe('skipped')
    expect(byCase.get(cases.manual!)?.latest).toBeNull()
    expect(byCase.get(cases.healthy!)?.latest?.recordedBy).toBe('Tomáš Tester')
    // The comment (the CLI's summary, exports) names the message that decided the outcome, in words.
    expect(byCase.get(cases.blocked!)?.latest?.comment).toBe('portal-answers: The portal answered HTTP 500.')

    const results = await api.testRuns.results({ runCaseId: byCase.get(cases.blocked!)!.id })
    const evidence = results.results[0]?.evidence
    expect(isCheckEvidence(evidence)).toBe(true)
    if (!isCheckEvidence(evidence)) return
    expect(evidence.request?.url).toBe(`${fixture.apiBase('broken')}/action/status_show`)
    expect(evidence.attempts.map((attempt) => attempt.status)).toEqual([500, 500])
  })

  it('checks again, once, what the circuit breaker blocked without asking, after the pause, and says so', async () => {
    // The portal's gate opens after two failed requests and stays open 300 ms (the product's: five, and a minute).
    gateFor(fixture.apiBase('outage'), { failureThreshold: 2, openMs: 300 })
    const api = await as(owner)
    const outageCases = []
    for (const title of ['Outage A', 'Outage B', 'Outage C']) {
      outageCases.push((await api.testCases.create({ projectId, type: 'automated', state: 'active', title, check: check({ type: 'portal-answers', portal: 'outage' }) })).id)
    }
    const run = await api.testRuns.create({ projectId, run: { name: 'Outage' }, source: { kind: 'selection', caseIds: outageCases } })
    expect(await api.testRuns.runChecks({ runId: run.id })).toEqual({ queued: 3 })
    const options = { budgetMs: 60_000, policy: POLICY, timeoutMs: 2_000, concurrency: 1, afterPauseMs: 400 }
    expect(await runQueuedChecks(testDb.db, options)).toEqual({ checked: 3 })
    const latest = async () => (await api.testRuns.byId({ id: run.id })).cases.map((item) => item.latest?.status)
    expect(await latest()).toEqual(['blocked', 'blocked', 'blocked'])
    // Two of them asked nothing (the breaker was open): they wait for the pause to end, the first one does not.
    expect(await api.testRuns.checkProgress({ runId: run.id })).toMatchObject({ pending: 2 })
    expect(await runQueuedChecks(testDb.db, options)).toEqual({ checked: 0 })

    fixture.setFault('outage', 'none')
    await new Promise((resolve) => setTimeout(resolve, 450))
    expect(await runQueuedChecks(testDb.db, options)).toEqual({ checked: 2 })
    expect(await latest()).toEqual(['blocked', 'passed', 'passed'])
    expect(await api.testRuns.checkProgress({ runId: run.id })).toMatchObject({ pending: 0 })
    const runCase = (await api.testRuns.byId({ id: run.id })).cases[1]!
    const history = (await api.testRuns.results({ runCaseId: runCase.id })).results.map((result) => [result.status, isCheckEvidence(result.evidence) ? result.evidence.messages[0]?.code : null])
    expect(history).toEqual([
      ['passed', 'retriedAfterPause'],
      ['blocked', 'ckan.circuit-open'],
    ])
  })

  it('hands a check to one worker only, and takes it over when the lease runs out', async () => {
    const api = await as(owner)
    const run = await api.testRuns.create({ projectId, run: { name: 'Lease' }, source: { kind: 'selection', caseIds: [cases.healthy!] } })
    await api.testRuns.runChecks({ runId: run.id })
    const now = new Date()
    const first = await claimCheck(testDb.db, now, 1_000)
    expect(first?.runId).toBe(run.id)
    expect(await claimCheck(testDb.db, now, 1_000)).toBeNull()
    const late = await claimCheck(testDb.db, new Date(now.getTime() + 2_000), 1_000)
    expect(late?.runCaseId).toBe(first?.runCaseId)
    await runQueuedChecks(testDb.db, { budgetMs: 1, policy: POLICY })
  })

  it('refuses to queue checks of a completed run', async () => {
    const api = await as(owner)
    const run = await api.testRuns.create({ projectId, run: { name: 'Done' }, source: { kind: 'selection', caseIds: [cases.healthy!] } })
    await api.testRuns.update({ id: run.id, expectedVersion: 1, run: { state: 'completed' } })
    expect((await rejection(api.testRuns.runChecks({ runId: run.id }), TRPCError)).code).toBe('BAD_REQUEST')
  })

  it('starts a scheduled suite’s run when it is due, once, and moves the schedule on', async () => {
    const api = await as(owner)
    const suiteId = (await api.testSuites.create({ projectId, suite: { name: 'Daily checks', kind: 'static' } })).id
    await api.testSuites.setContent({ suiteId, expectedVersion: 1, sections: [{ id: null, name: '', caseIds: [cases.healthy!, cases.manual!] }] })
    const due = new Date(Date.now() - 1000)
    await setSuiteSchedule(testDb.db, suiteId, { every: 'daily', portalId: 'healthy', firstAt: due }, owner.user!.id)
    const started = await startScheduledRuns(testDb.db)
    expect(started).toEqual([{ suiteId, runId: expect.any(String), queued: 1 }])
    expect(await startScheduledRuns(testDb.db)).toEqual([])
    const run = await api.testRuns.byId({ id: started[0]!.runId })
    expect(run.run.portalId).toBe('healthy')
    expect(run.total).toBe(2)
    await runQueuedChecks(testDb.db, { budgetMs: 60_000, policy: POLICY })
  })

  it('counts every queued check against the tester’s hourly quota, refusing what would go over it with a translated message', async () => {
    const limit = QUOTAS.automatedChecks.limit
    const api = await as(owner)
    const busy = await account('Bára Busy', 'bara@checks.cz')
    await api.projects.members.add({ projectId, email: 'bara@checks.cz', role: 'tester' })
    const many: string[] = []
    for (let index = 0; index <= limit; index++) {
      many.push((await api.testCases.create({ projectId, title: `Dataset ${index} is there`, type: 'automated', state: 'active', check: check({ type: 'dataset-active', dataset: datasetName }) })).id)
    }
    const run = await api.testRuns.create({ projectId, run: { name: 'Too many' }, source: { kind: 'selection', caseIds: many } })
    const runCases = (await api.testRuns.byId({ id: run.id })).cases.map((item) => item.id)

    // One more than the quota at once: refused, in the tester's language, with nothing queued.
    const czech = createCaller(await testContext(testDb.db, { auth: busy, locale: 'cs' }))
    const refused = await rejection(czech.testRuns.runChecks({ runId: run.id }), TRPCError)
    expect(refused.code).toBe('TOO_MANY_REQUESTS')
    expect(refused.message).toBe(`Automatizované kontroly jsou omezeny na ${limit} za hodinu na osobu a těchto ${limit + 1} kontrol by limit překročilo. Vyberte méně případů, nebo to zkuste znovu za 60 minut.`)
    expect(await api.testRuns.checkProgress({ runId: run.id })).toMatchObject({ pending: 0 })

    // The quota itself is fine; then even one more is refused, and says when to come back.
    const context = await testContext(testDb.db, { auth: busy })
    const tester = createCaller(context)
    expect(await tester.testRuns.runChecks({ runId: run.id, runCaseIds: runCases.slice(0, limit) })).toEqual({ queued: limit })
    const again = await rejection(tester.testRuns.runChecks({ runId: run.id, runCaseIds: runCases.slice(limit) }), TRPCError)
    expect(again.code).toBe('TOO_MANY_REQUESTS')
    expect(again.message).toBe(`Automated checks are limited to ${limit} an hour per person, and this 1 check would go over that. Choose fewer cases, or try again in 60 minutes.`)
    expect(context.resHeaders.get('Retry-After')).toMatch(/^3[56]\d\d$/)
    expect(await tester.testRuns.checkProgress({ runId: run.id })).toMatchObject({ pending: limit })

    // Trying a check in the editor is an automated check too: an editor past the quota is refused there as well.
    await api.projects.members.setRole({ projectId, userId: busy.user!.id, role: 'editor' })
    const tried = await rejection(tester.testCases.tryCheck({ projectId, portalId: 'healthy', check: check({ type: 'dataset-active', dataset: datasetName }) }), TRPCError)
    expect(tried.code).toBe('TOO_MANY_REQUESTS')
    expect(tried.message).toMatch(/^Automated checks are limited to \d+ an hour per person/)

    // Completing the run takes its waiting checks off the queue.
    const { run: current } = await api.testRuns.byId({ id: run.id })
    await api.testRuns.update({ id: run.id, expectedVersion: current.version, run: { state: 'completed' } })
    expect(await tester.testRuns.checkProgress({ runId: run.id })).toMatchObject({ pending: 0 })
  })
})
