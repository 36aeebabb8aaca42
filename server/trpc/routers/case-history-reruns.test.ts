import { TRPCError } from '@trpc/server'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rejection } from '../../../tests/helpers/rejection.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { testContext } from '../../../tests/helpers/trpc-context.ts'
import { signedInAccount } from '../../../tests/helpers/test-account.ts'
import type { AuthState } from '../../session.server.ts'
import { createCaller } from '../router.server.ts'

// A case's results across runs (testCases.results), reruns (testRuns.rerun) and completing runs nobody touches
// (testRuns.stale, testRuns.completeStale), through the procedures on a real database.

let testDb: TestDatabase
let owner: AuthState
let editor: AuthState
let tester: AuthState
let viewer: AuthState
let stranger: AuthState
let projectId: string
let caseIds: string[]

const as = async (auth: AuthState, locale: 'en' | 'cs' = 'en') => createCaller(await testContext(testDb.db, { auth, locale }))
const codeOf = async (promise: Promise<unknown>) => (await rejection(promise, TRPCError)).code
const DAY = 86_400_000

beforeAll(async () => {
  testDb = await createTestDatabase()
  owner = await signedInAccount(testDb.db, 'Olga Owner', 'olga@history.cz')
  editor = await signedInAccount(testDb.db, 'Eva Editor', 'eva@history.cz')
  tester = await signedInAccount(testDb.db, 'Tomáš Tester', 'tomas@history.cz')
  viewer = await signedInAccount(testDb.db, 'Věra Viewer', 'vera@history.cz')
  stranger = await signedInAccount(testDb.db, 'Sam Stranger', 'sam@history.cz')
  const api = await as(owner)
  projectId = (await api.projects.create({ name: 'History', key: 'HIS' })).id
  await api.projects.members.add({ projectId, email: 'eva@history.cz', role: 'editor' })
  await api.projects.members.add({ projectId, email: 'tomas@history.cz', role: 'tester' })
  await api.projects.members.add({ projectId, email: 'vera@history.cz', role: 'viewer' })
  const steps = [
    { kind: 'step' as const, id: 's1', action: 'Open the dataset', data: '', expected: 'It opens' },
    { kind: 'step' as const, id: 's2', action: 'Download the CSV', data: '', expected: 'Rows' },
  ]
  caseIds = []
  for (const title of ['Search finds datasets', 'Licence is shown', 'CSV downloads', 'Map draws']) caseIds.push((await api.testCases.create({ projectId, title, steps, state: 'active' })).id)
})
afterAll(async () => {
  await testDb?.cleanup()
})

async function recordAll(runId: string, statuses: Array<'passed' | 'failed' | 'blocked' | 'skipped' | null>, extra: { comment?: string; defects?: string[] } = {}) {
  const api = await as(tester)
  const { cases } = await api.testRuns.byId({ id: runId })
  for (const [index, status] of statuses.entries()) {
    if (status === null) continue
    await api.testRuns.record({ runCaseId: cases[index]!.id, expectedLatestResultId: null, force: true, result: { status, ...extra } })
  }
}

describe('a case’s results history', () => {
  it('lists every result of the case across runs, newest first, with run, build, environment, comment, defects and steps', async () => {
    const editing = await as(editor)
    const first = await editing.testRuns.create({ projectId, run: { name: 'Build 1', build: '1.0', environment: 'staging' }, source: { kind: 'selection', caseIds } })
    await recordAll(first.id, ['passed', 'failed', null, null])
    const second = await editing.testRuns.create({ projectId, run: { name: 'Build 2', build: '2.0', environment: 'production' }, source: { kind: 'selection', caseIds } })
    const { cases } = await editing.testRuns.byId({ id: second.id })
    await (await as(tester)).testRuns.record({
      runCaseId: cases[0]!.id,
      expectedLatestResultId: null,
      result: { status: 'failed', comment: 'Search is empty', defects: ['BUG-9'], steps: [{ stepId: 's2', status: 'failed', actual: 'No rows' }] },
    })
    // A second result in the same run: both are history, the later counts.
    const latest = (await editing.testRuns.results({ runCaseId: cases[0]!.id })).results[0]!.id
    await (await as(tester)).testRuns.record({ runCaseId: cases[0]!.id, expectedLatestResultId: latest, result: { status: 'passed' } })
    // A run of the case that nobody recorded in yet.
    await editing.testRuns.create({ projectId, run: { name: 'Build 3' }, source: { kind: 'selection', caseIds: [caseIds[0]!] } })

    const history = await (await as(viewer)).testCases.results({ id: caseIds[0]! })
    expect(history.total).toBe(3)
    expect(history.results.map((result) => [result.status, result.run.name, result.run.build, result.run.environment, result.recordedBy])).toEqual([
      ['passed', 'Build 2', '2.0', 'production', 'Tomáš Tester'],
      ['failed', 'Build 2', '2.0', 'production', 'Tomáš Tester'],
      ['passed', 'Build 1', '1.0', 'staging', 'Tomáš Tester'],
    ])
    expect(history.results[1]).toMatchObject({ comment: 'Search is empty', defects: ['BUG-9'], steps: [{ stepId: 's2', status: 'failed', actual: 'No rows' }], evidence: false, caseVersion: 1 })
    // The strip: the case's outcome in each of its newest runs, newest first; untested where nobody recorded.
    expect(history.strip.map((cell) => [cell.runName, cell.status])).toEqual([
      ['Build 3', null],
      ['Build 2', 'passed'],
      ['Build 1', 'passed'],
    ])
    expect(history.options.runs.map((run) => run.name)).toEqual(['Build 3', 'Build 2', 'Build 1'])
    expect(history.options.builds).toEqual(['2.0', '1.0'])

    // Filters, alone and together.
    const failed = await (await as(viewer)).testCases.results({ id: caseIds[0]!, status: 'failed' })
    expect([failed.total, failed.results.map((result) => result.run.name)]).toEqual([1, ['Build 2']])
    expect((await (await as(viewer)).testCases.results({ id: caseIds[0]!, build: '1.0' })).results.map((result) => result.status)).toEqual(['passed'])
    expect((await (await as(viewer)).testCases.results({ id: caseIds[0]!, runId: second.id, status: 'passed' })).total).toBe(1)
    expect((await (await as(viewer)).testCases.results({ id: caseIds[0]!, runId: first.id, status: 'failed' })).total).toBe(0)
    // Another case's results are not this case's.
    expect((await (await as(viewer)).testCases.results({ id: caseIds[1]! })).results.map((result) => result.status)).toEqual(['failed'])
  })

  it('pages through a long history, never more than a page at once, and keeps the strip to 30 runs', async () => {
    const editing = await as(editor)
    const testing = await as(tester)
    const caseId = (await (await as(owner)).testCases.create({ projectId, title: 'Often run', state: 'active' })).id
    for (let index = 0; index < 34; index++) {
      const run = await editing.testRuns.create({ projectId, run: { name: `Often ${index}` }, source: { kind: 'selection', caseIds: [caseId] } })
      const { cases } = await editing.testRuns.byId({ id: run.id })
      await testing.testRuns.record({ runCaseId: cases[0]!.id, expectedLatestResultId: null, result: { status: index % 2 ? 'failed' : 'passed' } })
      // Runs a second apart, so the newest is certain.
      await testDb.db.run(sql`UPDATE test_run SET created_at = ${Date.now() - (100 - index) * 1000} WHERE id = ${run.id}`)
    }
    const api = await as(viewer)
    const first = await api.testCases.results({ id: caseId })
    expect([first.total, first.results.length, first.pageSize]).toEqual([34, 25, 25])
    expect(first.results[0]!.run.name).toBe('Often 33')
    const second = await api.testCases.results({ id: caseId, page: 2 })
    expect(second.results.map((result) => result.run.name)).toEqual(['Often 8', 'Often 7', 'Often 6', 'Often 5', 'Often 4', 'Often 3', 'Often 2', 'Often 1', 'Often 0'])
    expect((await api.testCases.results({ id: caseId, page: 3 })).results).toEqual([])
    expect(first.strip).toHaveLength(30)
    expect([first.strip[0]!.runName, first.strip.at(-1)!.runName]).toEqual(['Often 33', 'Often 4'])
    expect(await codeOf(api.testCases.results({ id: caseId, page: 0 }))).toBe('BAD_REQUEST')
    expect(await codeOf(api.testCases.results({ id: caseId, page: 401 }))).toBe('BAD_REQUEST')
  })

  it('is there for every member and nobody else', async () => {
    expect(await codeOf((await as(stranger)).testCases.results({ id: caseIds[0]! }))).toBe('NOT_FOUND')
    expect(await codeOf((await as(stranger)).testCases.results({ id: 'no-such-case' }))).toBe('NOT_FOUND')
    expect((await (await as(viewer)).testCases.results({ id: caseIds[0]! })).total).toBeGreaterThan(0)
  })
})

describe('reruns', () => {
  it('starts a run of the failed, blocked or untested cases, keeping fields and testers; the old run stays as it was', async () => {
    const editing = await as(editor)
    const origin = await editing.testRuns.create({
      projectId,
      run: { name: 'Release 1.4', build: '1.4.0', commit: 'abc123', environment: 'staging, Chrome', assignees: [tester.user!.id] },
      source: { kind: 'selection', caseIds },
    })
    const before = await editing.testRuns.byId({ id: origin.id })
    await editing.testRuns.assign({ id: origin.id, runCaseIds: [before.cases[1]!.id, before.cases[2]!.id], assigneeId: tester.user!.id })
    await editing.testRuns.assign({ id: origin.id, runCaseIds: [before.cases[3]!.id], assigneeId: editor.user!.id })
    // Passed, failed, blocked, untested.
    await recordAll(origin.id, ['passed', 'failed', 'blocked', null])
    const history = await editing.testRuns.history({ id: origin.id })

    const failedOnly = await editing.testRuns.rerun({ id: origin.id, statuses: ['failed'], name: 'Release 1.4 (rerun 1)' })
    expect(failedOnly.cases).toBe(1)
    const rerun = await editing.testRuns.byId({ id: failedOnly.id })
    expect(rerun.run).toMatchObject({ name: 'Release 1.4 (rerun 1)', build: '1.4.0', commit: 'abc123', environment: 'staging, Chrome', assignees: [tester.user!.id], state: 'open', source: 'selection' })
    expect(rerun.cases.map((item) => [item.title, item.assigneeId, item.latest])).toEqual([['Licence is shown', tester.user!.id, null]])

    const all = await editing.testRuns.rerun({ id: origin.id, statuses: ['untested', 'blocked', 'failed'], name: 'Release 1.4 (rerun 2)' })
    const three = await editing.testRuns.byId({ id: all.id })
    expect(three.cases.map((item) => [item.title, item.assigneeId])).toEqual([
      ['Licence is shown', tester.user!.id],
      ['CSV downloads', tester.user!.id],
      ['Map draws', editor.user!.id],
    ])
    // The old run: the same results, the same counts, untouched.
    expect(await editing.testRuns.history({ id: origin.id })).toEqual(history)
    expect((await editing.testRuns.byId({ id: origin.id })).counts).toEqual({ passed: 1, failed: 1, blocked: 1, skipped: 0, untested: 1 })
    const audit = (await (await as(owner)).projects.debug({ projectId })).audit.find((event) => event.entityId === all.id && event.action === 'created')
    expect(audit?.detail).toMatchObject({ rerunOf: origin.id, cases: 3 })
  })

  it('leaves out testers who left and deleted cases; refuses a rerun with nothing to run, and bad input', async () => {
    const owning = await as(owner)
    const leaver = await signedInAccount(testDb.db, 'Lea Leaver', 'lea@history.cz')
    await owning.projects.members.add({ projectId, email: 'lea@history.cz', role: 'tester' })
    const extra = (await owning.testCases.create({ projectId, title: 'Soon deleted', state: 'active' })).id
    const origin = await owning.testRuns.create({ projectId, run: { name: 'Left behind', assignees: [leaver.user!.id, tester.user!.id] }, source: { kind: 'selection', caseIds: [caseIds[0]!, extra] } })
    const { cases } = await owning.testRuns.byId({ id: origin.id })
    await owning.testRuns.assign({ id: origin.id, runCaseIds: [cases[0]!.id], assigneeId: leaver.user!.id })
    await owning.projects.members.remove({ projectId, userId: leaver.user!.id })
    await owning.testCases.bulk({ projectId, caseIds: [extra], action: { kind: 'delete' } })
    const rerun = await owning.testRuns.rerun({ id: origin.id, statuses: ['untested'], name: 'Left behind again' })
    const content = await owning.testRuns.byId({ id: rerun.id })
    expect(content.run.assignees).toEqual([tester.user!.id])
    expect(content.cases.map((item) => [item.caseId, item.assigneeId])).toEqual([[caseIds[0], null]])

    await recordAll(rerun.id, ['passed'])
    const none = await rejection((await as(owner, 'cs')).testRuns.rerun({ id: rerun.id, statuses: ['failed', 'blocked', 'untested'], name: 'Nothing' }), TRPCError)
    expect(none.code).toBe('BAD_REQUEST')
    expect(none.message).toBe('Žádný případ běhu nemá vybraný výsledek: není co spustit znovu.')
    const runsBefore = (await owning.testRuns.list({ projectId })).runs.length
    expect(await codeOf(owning.testRuns.rerun({ id: origin.id, statuses: [], name: 'x' }))).toBe('BAD_REQUEST')
    expect(await codeOf(owning.testRuns.rerun({ id: origin.id, statuses: ['passed' as 'failed'], name: 'x' }))).toBe('BAD_REQUEST')
    expect(await codeOf(owning.testRuns.rerun({ id: origin.id, statuses: ['untested'], name: '  ' }))).toBe('BAD_REQUEST')
    expect((await owning.testRuns.list({ projectId })).runs.length).toBe(runsBefore)
  })
})

describe('runs nobody touches', () => {
  it('lists the runs untouched for N days and lets the owner complete those still untouched', async () => {
    const owning = await as(owner)
    const otherProject = (await owning.projects.create({ name: 'Quiet', key: 'QUI' })).id
    const other = (await owning.testCases.create({ projectId: otherProject, title: 'Quiet case', state: 'active' })).id
    const make = (name: string) => owning.testRuns.create({ projectId: otherProject, run: { name }, source: { kind: 'selection', caseIds: [other] } })
    const [old, touched, recent, done] = await Promise.all([make('Old'), make('Touched by a result'), make('Recent'), make('Done long ago')])
    const daysAgo = (days: number) => Date.now() - days * DAY
    for (const [id, days] of [
      [old.id, 40],
      [touched.id, 50],
      [recent.id, 3],
      [done.id, 60],
    ] as const)
      await testDb.db.run(sql`UPDATE test_run SET updated_at = ${daysAgo(days)}, created_at = ${daysAgo(days)} WHERE id = ${id}`)
    await testDb.db.run(sql`UPDATE test_run SET state = 'completed' WHERE id = ${done.id}`)
    // A result recorded 5 days ago touches the run, though the run itself did not change for 50.
    const { cases } = await owning.testRuns.byId({ id: touched.id })
    await owning.testRuns.record({ runCaseId: cases[0]!.id, expectedLatestResultId: null, result: { status: 'failed' } })
    await testDb.db.run(sql`UPDATE test_run SET updated_at = ${daysAgo(50)} WHERE id = ${touched.id}`)
    await testDb.db.run(sql`UPDATE test_result SET recorded_at = ${daysAgo(5)} WHERE run_id = ${touched.id}`)

    const stale = await owning.testRuns.stale({ projectId: otherProject, days: 30 })
    expect(stale.runs.map((run) => [run.name, run.cases, run.untested])).toEqual([['Old', 1, 1]])
    expect((await owning.testRuns.stale({ projectId: otherProject, days: 4 })).runs.map((run) => run.name)).toEqual(['Old', 'Touched by a result'])

    // The owner saw both at 4 days; meanwhile someone changes "Old": it is left open.
    const seen = (await owning.testRuns.stale({ projectId: otherProject, days: 4 })).runs.map((run) => run.id)
    const oldNow = await owning.testRuns.byId({ id: old.id })
    await (await as(owner)).testRuns.update({ id: old.id, expectedVersion: oldNow.version, run: { environment: 'staging' } })
    expect(await owning.testRuns.completeStale({ projectId: otherProject, days: 4, runIds: [...seen, recent.id] })).toEqual({ completed: 1, skipped: 2 })
    expect((await owning.testRuns.byId({ id: touched.id })).run).toMatchObject({ state: 'completed', completedBy: owner.user!.id })
    expect((await owning.testRuns.byId({ id: old.id })).run.state).toBe('open')
    expect((await owning.testRuns.byId({ id: recent.id })).run.state).toBe('open')
    const audit = (await owning.projects.debug({ projectId: otherProject })).audit.filter((event) => event.action === 'completed').map((event) => event.entityId)
    expect(audit).toEqual([touched.id])
    expect(await codeOf(owning.testRuns.stale({ projectId: otherProject, days: 0 }))).toBe('BAD_REQUEST')
    expect(await codeOf(owning.testRuns.completeStale({ projectId: otherProject, days: 30, runIds: [] }))).toBe('BAD_REQUEST')
  })
})
