import { TRPCError } from '@trpc/server'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { portals } from '../../../db/schema/portal.ts'
import { rejection } from '../../../tests/helpers/rejection.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { signedInAccount } from '../../../tests/helpers/test-account.ts'
import { testContext } from '../../../tests/helpers/trpc-context.ts'
import type { AuthState } from '../../session.server.ts'
import { createCaller } from '../router.server.ts'

// reports.summary over a real database: three runs of four cases with results recorded through the API (and the
// evidence an automated check would leave written into two of them), each figure checked against what was recorded.

let testDb: TestDatabase
let owner: AuthState
let tester: AuthState
let viewer: AuthState
let stranger: AuthState
let projectId: string
let suiteId: string
const runIds: Record<'first' | 'second' | 'third', string> = { first: '', second: '', third: '' }

const account = (name: string, email: string) => signedInAccount(testDb.db, name, email)

const as = async (auth: AuthState) => createCaller(await testContext(testDb.db, { auth, locale: 'en' }))
const codeOf = async (promise: Promise<unknown>) => (await rejection(promise, TRPCError)).code

type Status = 'passed' | 'failed' | 'blocked' | 'skipped'

/** Records results in a run by case title, in order; answers the ids of the results. */
async function record(runId: string, results: Array<[title: string, status: Status, comment?: string]>): Promise<number[]> {
  const api = await as(tester)
  const { cases } = await api.testRuns.byId({ id: runId })
  const ids: number[] = []
  for (const [title, status, comment = ''] of results) {
    const runCase = cases.find((item) => item.title === title)!
    // Forced: a retest records over the result just recorded without reading it back first.
    ids.push((await api.testRuns.record({ runCaseId: runCase.id, expectedLatestResultId: null, force: true, result: { status, comment } })).id)
  }
  return ids
}

async function evidence(resultId: number, value: Record<string, unknown>) {
  await testDb.db.run(sql`UPDATE test_result SET evidence = ${JSON.stringify(value)} WHERE id = ${resultId}`)
}

beforeAll(async () => {
  testDb = await createTestDatabase()
  owner = await account('Olga Owner', 'olga@reports.cz')
  tester = await account('Tomáš Tester', 'tomas@reports.cz')
  viewer = await account('Věra Viewer', 'vera@reports.cz')
  stranger = await account('Sam Stranger', 'sam@reports.cz')
  await testDb.db.insert(portals).values({ id: 'rp-portal', name: 'Report portal', baseUrl: 'https://rp.example', apiBase: 'https://rp.example/api/3', createdAt: new Date() })
  const api = await as(owner)
  projectId = (await api.projects.create({ name: 'Reports', key: 'REP', portalIds: ['rp-portal'] })).id
  await api.projects.members.add({ projectId, email: 'tomas@reports.cz', role: 'tester' })
  await api.projects.members.add({ projectId, email: 'vera@reports.cz', role: 'viewer' })
  const ids: Record<string, string> = {}
  for (const [title, priority, folder] of [
    ['Search works', 'high', 'Search'],
    ['Licence shown', 'critical', 'Licences'],
    ['CSV reachable', 'low', ''],
    ['Facets count', 'medium', 'Search'],
  ] as const) {
    ids[title] = (await api.testCases.create({ projectId, title, priority, folder, state: 'active' })).id
  }
  // A dataset target, in the case and in the version a run pins (as the editor would save it).
  const target = JSON.stringify({ kind: 'dataset', id: 'rp-portal:budget', label: 'Budget 2026' })
  await testDb.db.run(sql`UPDATE test_case SET target = ${target} WHERE id = ${ids['Search works']}`)
  await testDb.db.run(sql`UPDATE test_case_version SET snapshot = json_set(snapshot, '$.target', json(${target})) WHERE case_id = ${ids['Search works']}`)
  suiteId = (await api.testSuites.create({ projectId, suite: { name: 'Regression', kind: 'static' } })).id
  await api.testSuites.setContent({ suiteId, expectedVersion: 1, sections: [{ id: null, name: '', caseIds: Object.values(ids) }] })

  runIds.first = (await api.testRuns.create({ projectId, run: { name: 'Nightly 1', portalId: 'rp-portal' }, source: { kind: 'suite', suiteId } })).id
  await record(runIds.first, [
    ['Search works', 'passed'],
    ['Licence shown', 'blocked', 'Portal down\nTimeout after 30 s'],
    ['Facets count', 'blocked', 'portal  DOWN.'],
  ])
  runIds.second = (await api.testRuns.create({ projectId, run: { name: 'Picked 2' }, source: { kind: 'selection', caseIds: Object.values(ids) } })).id
  const [, blockedByCheck, passedCheck] = await record(runIds.second, [
    ['Search works', 'failed'],
    ['Licence shown', 'blocked'],
    ['CSV reachable', 'passed'],
    ['Facets count', 'skipped'],
  ])
  await evidence(blockedByCheck!, { kind: 'check', check: 'dataset-active', outcome: 'blocked', messages: [{ code: 'portalAnswers', params: { version: '2.10' } }, { code: 'ckan.timeout' }], durationMs: 5000 })
  await evidence(passedCheck!, { kind: 'check', check: 'resource-reachable', outcome: 'passed', messages: [], durationMs: 1200 })
  runIds.third = (await api.testRuns.create({ projectId, run: { name: 'Retest 3' }, source: { kind: 'selection', caseIds: [ids['Search works']!] } })).id
  // A failure, then a pass: the latest counts.
  await record(runIds.third, [
    ['Search works', 'failed'],
    ['Search works', 'passed'],
  ])
})
afterAll(async () => {
  await testDb?.cleanup()
})

describe('reports.summary', () => {
  it('answers NOT_FOUND to outsiders and for unknown projects; viewers read reports', async () => {
    expect(await codeOf((await as(stranger)).reports.summary({ projectId, period: 'all' }))).toBe('NOT_FOUND')
    expect(await codeOf((await as(owner)).reports.summary({ projectId: 'no-such-project', period: 'all' }))).toBe('NOT_FOUND')
    const report = await (await as(viewer)).reports.summary({ projectId, period: 'all' })
    expect(report.role).toBe('viewer')
    expect(report.choices.suites).toEqual([{ id: suiteId, name: 'Regression' }])
    expect(report.choices.portals).toEqual([{ id: 'rp-portal', name: 'Report portal' }])
  })

  it('counts the latest result of every run case, per run, overall, per day and per dimension', async () => {
    const report = await (await as(owner)).reports.summary({ projectId, period: 'all' })
    expect(report.projectRuns).toBe(3)
    expect(report.matchingRuns).toBe(3)
    expect(report.runs.map((run) => [run.name, run.counts, run.total, run.passRate])).toEqual([
      ['Retest 3', { passed: 1, failed: 0, blocked: 0, skipped: 0, untested: 0 }, 1, 1],
      ['Picked 2', { passed: 1, failed: 1, blocked: 1, skipped: 1, untested: 0 }, 4, 0.25],
      ['Nightly 1', { passed: 1, failed: 0, blocked: 2, skipped: 0, untested: 1 }, 4, 0.25],
    ])
    expect(report.runs[2]).toMatchObject({ suiteName: 'Regression', portalName: 'Report portal' })
    expect(report.overall).toEqual({ counts: { passed: 3, failed: 1, blocked: 3, skipped: 1, untested: 1 }, total: 9, passRate: 3 / 9 })
    // Nine results were recorded (the retest's failure too), all today.
    expect(report.overTime).toEqual([expect.objectContaining({ runs: 3, results: 9, total: 9, passRate: 3 / 9 })])

    expect(report.byPriority.map((group) => [group.key, group.counts])).toEqual([
      ['low', { passed: 1, failed: 0, blocked: 0, skipped: 0, untested: 1 }],
      ['medium', { passed: 0, failed: 0, blocked: 1, skipped: 1, untested: 0 }],
      ['high', { passed: 2, failed: 1, blocked: 0, skipped: 0, untested: 0 }],
      ['critical', { passed: 0, failed: 0, blocked: 2, skipped: 0, untested: 0 }],
    ])
    expect(report.byFolder.map((group) => [group.key, group.total, group.counts.passed])).toEqual([
      ['Search', 5, 2],
      ['', 2, 1],
      ['Licences', 2, 0],
    ])
    expect(report.bySuite.map((group) => [group.label, group.runs, group.total])).toEqual([
      [null, 2, 5],
      ['Regression', 1, 4],
    ])
    expect(report.byPortal.map((group) => [group.label, group.runs, group.passRate])).toEqual([
      [null, 2, 2 / 5],
      ['Report portal', 1, 1 / 4],
    ])
    expect(report.byDataset).toEqual([{ key: 'rp-portal:budget', label: 'Budget 2026', counts: { passed: 2, failed: 1, blocked: 0, skipped: 0, untested: 0 }, total: 3, passRate: 2 / 3 }])
  })

  it('finds the flaky case, the blocked causes, the failing check types and the slowest checks', async () => {
    const report = await (await as(owner)).reports.summary({ projectId, period: 'all' })
    expect(report.flaky).toEqual([{ caseId: expect.any(String), key: 'REP-1', title: 'Search works', flips: 2, runs: 3, passed: 2, failed: 1, statuses: ['passed', 'failed', 'passed'] }])
    expect(report.blockedCauses).toHaveLength(2)
    expect(report.blockedCauses[0]).toMatchObject({ source: 'comment', count: 2 })
    expect(report.blockedCauses[0]!.cause.toLowerCase()).toBe('portal down')
    // A check is named by the message that decided it, not by what it found first.
    expect(report.blockedCauses[1]).toEqual({ source: 'check', cause: 'ckan.timeout', message: { code: 'ckan.timeout' }, label: 'The portal did not answer in time.', count: 1 })
    expect(report.checkFailures).toEqual([{ check: 'dataset-active', failed: 0, blocked: 1, total: 1 }])
    expect(report.slowest.map((item) => [item.key, item.check, item.durationMs, item.runName, item.status])).toEqual([
      ['REP-2', 'dataset-active', 5000, 'Picked 2', 'blocked'],
      ['REP-3', 'resource-reachable', 1200, 'Picked 2', 'passed'],
    ])
  })

  it('filters by suite, portal, state and period', async () => {
    const api = await as(owner)
    const bySuite = await api.reports.summary({ projectId, period: 'all', suiteId })
    expect(bySuite.runs.map((run) => run.name)).toEqual(['Nightly 1'])
    expect(bySuite.flaky).toEqual([])
    expect((await api.reports.summary({ projectId, period: 'all', portalId: 'rp-portal' })).runs.map((run) => run.name)).toEqual(['Nightly 1'])
    const completed = await api.reports.summary({ projectId, period: 'all', state: 'completed' })
    expect([completed.matchingRuns, completed.projectRuns, completed.overall.total, completed.byPriority.every((group) => group.total === 0)]).toEqual([0, 3, 0, true])

    // The retest run moved 40 days back: outside the last 30 days, and now the oldest of the case's runs.
    await testDb.db.run(sql`UPDATE test_run SET created_at = ${Date.now() - 40 * 86_400_000} WHERE id = ${runIds.third}`)
    expect((await api.reports.summary({ projectId, period: '30' })).runs.map((run) => run.name)).toEqual(['Picked 2', 'Nightly 1'])
    const all = await api.reports.summary({ projectId, period: '90' })
    expect(all.runs.map((run) => run.name)).toEqual(['Picked 2', 'Nightly 1', 'Retest 3'])
    // Passed, passed, failed: one regression, not flaky.
    expect(all.flaky).toEqual([])
    expect(all.overTime).toHaveLength(2)
  })
})
