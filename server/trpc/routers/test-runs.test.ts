import { TRPCError } from '@trpc/server'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '../../../db/schema/audit-event.ts'
import { projectMembers } from '../../../db/schema/project-member.ts'
import { testResults } from '../../../db/schema/test-result.ts'
import { users } from '../../../db/schema/user.ts'
import { rejection } from '../../../tests/helpers/rejection.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { testContext } from '../../../tests/helpers/trpc-context.ts'
import { signedInAccount } from '../../../tests/helpers/test-account.ts'
import type { AuthState } from '../../session.server.ts'
import { ResultConflict } from '../result-conflict.server.ts'
import { createCaller } from '../router.server.ts'

let testDb: TestDatabase
let owner: AuthState
let editor: AuthState
let tester: AuthState
let viewer: AuthState
let stranger: AuthState
let projectId: string
let smokeIds: string[]
let staticSuiteId: string
let dynamicSuiteId: string

const account = (name: string, email: string): Promise<AuthState> => signedInAccount(testDb.db, name, email)

const as = async (auth: AuthState, locale: 'en' | 'cs' = 'en') => createCaller(await testContext(testDb.db, { auth, locale }))
const codeOf = async (promise: Promise<unknown>) => (await rejection(promise, TRPCError)).code
const PASS = { status: 'passed' as const }
const FAIL = { status: 'failed' as const, comment: 'The CSV is empty', defects: ['BUG-7'], steps: [{ stepId: 's1', status: 'failed' as const, actual: 'No rows' }] }

beforeAll(async () => {
  testDb = await createTestDatabase()
  owner = await account('Olga Owner', 'olga@runs.cz')
  editor = await account('Eva Editor', 'eva@runs.cz')
  tester = await account('Tomáš Tester', 'tomas@runs.cz')
  viewer = await account('Věra Viewer', 'vera@runs.cz')
  stranger = await account('Sam Stranger', 'sam@runs.cz')
  const api = await as(owner)
  projectId = (await api.projects.create({ name: 'Runs', key: 'RUN' })).id
  await api.projects.members.add({ projectId, email: 'eva@runs.cz', role: 'editor' })
  await api.projects.members.add({ projectId, email: 'tomas@runs.cz', role: 'tester' })
  await api.projects.members.add({ projectId, email: 'vera@runs.cz', role: 'viewer' })
  const steps = [{ kind: 'step' as const, id: 's1', action: 'Download the CSV', data: '', expected: 'Rows' }]
  smokeIds = []
  for (const title of ['Search finds datasets', 'Dataset has a licence', 'CSV downloads']) {
    smokeIds.push((await api.testCases.create({ projectId, title, steps, state: 'active', tags: ['smoke'] })).id)
  }
  // A draft is never matched by a rule.
  await api.testCases.create({ projectId, title: 'Draft check', state: 'draft', tags: ['smoke'] })
  staticSuiteId = (await api.testSuites.create({ projectId, suite: { name: 'Regression', kind: 'static' } })).id
  await api.testSuites.setContent({
    suiteId: staticSuiteId,
    expectedVersion: 1,
    sections: [
      { id: null, name: '', caseIds: [smokeIds[2]!] },
      { id: null, name: 'Search', caseIds: [smokeIds[0]!] },
      { id: null, name: 'Licences', caseIds: [smokeIds[1]!] },
    ],
  })
  dynamicSuiteId = (await api.testSuites.create({ projectId, suite: { name: 'Smoke', kind: 'dynamic', rule: { tags: ['smoke'], minPriority: null, folder: null, portalId: null } } })).id
})
afterAll(async () => {
  await testDb?.cleanup()
})

describe('test runs', () => {
  it('answers NOT_FOUND to non-members on every procedure, FORBIDDEN to too low a role', async () => {
    const created = await (await as(editor)).testRuns.create({ projectId, run: { name: 'Access' }, source: { kind: 'selection', caseIds: smokeIds } })
    const { cases } = await (await as(owner)).testRuns.byId({ id: created.id })
    const runCaseId = cases[0]!.id
    const outsider = await as(stranger)
    const refusals = await Promise.all([
      codeOf(outsider.testRuns.list({ projectId })),
      codeOf(outsider.testRuns.byId({ id: created.id })),
      codeOf(outsider.testRuns.create({ projectId, run: { name: 'Mine' }, source: { kind: 'selection', caseIds: smokeIds } })),
      codeOf(outsider.testRuns.update({ id: created.id, expectedVersion: 1, run: { name: 'Mine' } })),
      codeOf(outsider.testRuns.assign({ id: created.id, runCaseIds: [runCaseId], assigneeId: null })),
      codeOf(outsider.testRuns.record({ runCaseId, expectedLatestResultId: null, result: PASS })),
      codeOf(outsider.testRuns.results({ runCaseId })),
      codeOf(outsider.testRuns.history({ id: created.id })),
      codeOf(outsider.testRuns.remove({ id: created.id })),
      codeOf(outsider.testRuns.rerun({ id: created.id, statuses: ['failed'], name: 'Mine' })),
      codeOf(outsider.testRuns.stale({ projectId, days: 1 })),
      codeOf(outsider.testRuns.completeStale({ projectId, days: 1, runIds: [created.id] })),
    ])
    expect(refusals).toEqual(Array(12).fill('NOT_FOUND'))
    // An unknown run reads the same as someone else's.
    expect(await codeOf(outsider.testRuns.byId({ id: 'no-such-run' }))).toBe('NOT_FOUND')

    const viewing = await as(viewer)
    expect((await viewing.testRuns.byId({ id: created.id })).role).toBe('viewer')
    expect(await codeOf(viewing.testRuns.rerun({ id: created.id, statuses: ['untested'], name: 'Viewer rerun' }))).toBe('FORBIDDEN')
    expect(await codeOf((await as(tester)).testRuns.rerun({ id: created.id, statuses: ['untested'], name: 'Tester rerun' }))).toBe('FORBIDDEN')
    expect(await codeOf((await as(editor)).testRuns.stale({ projectId, days: 1 }))).toBe('FORBIDDEN')
    expect(await codeOf((await as(editor)).testRuns.completeStale({ projectId, days: 1, runIds: [created.id] }))).toBe('FORBIDDEN')
    expect(await codeOf(viewing.testRuns.record({ runCaseId, expectedLatestResultId: null, result: PASS }))).toBe('FORBIDDEN')
    const testing = await as(tester)
    expect(await codeOf(testing.testRuns.create({ projectId, run: { name: 'Tester run' }, source: { kind: 'selection', caseIds: smokeIds } }))).toBe('FORBIDDEN')
    expect(await codeOf(testing.testRuns.update({ id: created.id, expectedVersion: 1, run: { state: 'completed' } }))).toBe('FORBIDDEN')
    expect(await testing.testRuns.record({ runCaseId, expectedLatestResultId: null, result: PASS })).toMatchObject({ started: true })
    expect(await codeOf((await as(editor)).testRuns.remove({ id: created.id }))).toBe('FORBIDDEN')
    await (await as(owner)).testRuns.remove({ id: created.id })
    expect(await codeOf(viewing.testRuns.byId({ id: created.id }))).toBe('NOT_FOUND')
  })

  it('freezes a static suite in its sections order, and a dynamic rule as it matched at the start', async () => {
    const api = await as(editor)
    const fromStatic = await api.testRuns.create({ projectId, run: { name: 'Regression 1' }, source: { kind: 'suite', suiteId: staticSuiteId } })
    const staticRun = await api.testRuns.byId({ id: fromStatic.id })
    expect(staticRun.cases.map((item) => [item.sectionName, item.title])).toEqual([
      ['', 'CSV downloads'],
      ['Search', 'Search finds datasets'],
      ['Licences', 'Dataset has a licence'],
    ])
    expect(staticRun.cases.map((item) => item.key)).toEqual(['RUN-3', 'RUN-1', 'RUN-2'])
    expect((await api.testSuites.byId({ id: staticSuiteId })).runs).toEqual([expect.objectContaining({ id: fromStatic.id, name: 'Regression 1', state: 'open', passRate: 0 })])

    const fromRule = await api.testRuns.create({ projectId, run: { name: 'Smoke 1', environment: 'Chrome 140, staging' }, source: { kind: 'suite', suiteId: dynamicSuiteId } })
    expect(fromRule.cases).toBe(3)
    // A case the rule matches from now on joins the suite, not the run already started.
    await (await as(owner)).testCases.create({ projectId, title: 'Map shows regions', state: 'active', tags: ['smoke'] })
    const suite = await api.testSuites.byId({ id: dynamicSuiteId })
    expect(suite.sections[0]!.cases).toHaveLength(4)
    const run = await api.testRuns.byId({ id: fromRule.id })
    expect(run.cases.map((item) => item.title)).toEqual(['Search finds datasets', 'Dataset has a licence', 'CSV downloads'])
    expect(run).toMatchObject({ total: 3, counts: { untested: 3 }, passRate: 0, run: { state: 'open', environment: 'Chrome 140, staging', source: 'suite', suiteId: dynamicSuiteId } })

    // The list names who started each run; the dashboard shows the latest runs with their figures, newest first.
    expect((await api.testRuns.list({ projectId })).runs.find((item) => item.id === fromRule.id)).toMatchObject({ createdBy: editor.user!.id, total: 3 })
    const dashboard = await api.projects.byId({ projectId })
    expect(dashboard.runs.slice(0, 2)).toEqual([
      expect.objectContaining({ id: fromRule.id, name: 'Smoke 1', state: 'open', total: 3, passRate: 0 }),
      expect.objectContaining({ id: fromStatic.id, name: 'Regression 1' }),
    ])
  })

  it('pins the case version: a later edit of the case changes neither the run nor what results are recorded against', async () => {
    const api = await as(editor)
    const { id } = await api.testRuns.create({ projectId, run: { name: 'Pinned' }, source: { kind: 'selection', caseIds: [smokeIds[1]!] } })
    const { case: current } = await api.testCases.byId({ id: smokeIds[1]! })
    await api.testCases.update({ id: smokeIds[1]!, expectedVersion: current.version, title: 'Dataset has an open licence', state: 'active', tags: ['smoke'] })
    const [runCase] = (await api.testRuns.byId({ id })).cases
    expect(runCase).toMatchObject({ title: 'Dataset has a licence', caseVersion: current.version, currentVersion: current.version + 1 })
    await (await as(tester)).testRuns.record({ runCaseId: runCase!.id, expectedLatestResultId: null, result: PASS })
    const { results } = await api.testRuns.results({ runCaseId: runCase!.id })
    expect(results[0]).toMatchObject({ caseVersion: current.version, recordedBy: 'Tomáš Tester', status: 'passed' })
    await api.testCases.update({ id: smokeIds[1]!, expectedVersion: current.version + 1, title: 'Dataset has an open licence', state: 'active', tags: ['smoke'], steps: [{ kind: 'step', id: 's9', action: 'Changed later', data: '', expected: '' }] })
    // The steps to execute are the pinned version's, not the case's current ones.
    expect((await api.testRuns.results({ runCaseId: runCase!.id })).steps).toEqual([{ kind: 'step', id: 's1', action: 'Download the CSV', data: '', expected: 'Rows' }])
  })

  it('appends results; the latest counts; a stale record is refused with the newer result unless forced', async () => {
    const { id } = await (await as(editor)).testRuns.create({ projectId, run: { name: 'History' }, source: { kind: 'selection', caseIds: smokeIds } })
    const testing = await as(tester)
    const owning = await as(owner)
    const { cases } = await testing.testRuns.byId({ id })
    const runCaseId = cases[0]!.id
    const first = await testing.testRuns.record({ runCaseId, expectedLatestResultId: null, result: FAIL })
    // The owner, who still saw the case untested, records too: refused, told what is newer, nothing written.
    const stale = await rejection(owning.testRuns.record({ runCaseId, expectedLatestResultId: null, result: PASS }), TRPCError)
    expect(stale.code).toBe('CONFLICT')
    expect(stale.message).toBe('Tomáš Tester recorded a newer result for this case (Failed). Yours was not saved: look at theirs, then record yours again or save it anyway.')
    expect(stale.cause).toEqual(expect.any(ResultConflict))
    expect((stale.cause as ResultConflict).latest).toMatchObject({ id: first.id, status: 'failed', comment: 'The CSV is empty', defects: ['BUG-7'] })
    const czech = await rejection((await as(owner, 'cs')).testRuns.record({ runCaseId, expectedLatestResultId: null, result: PASS }), TRPCError)
    expect(czech.message).toContain('Tomáš Tester mezitím zaznamenal(a) k tomuto případu novější výsledek (Selhalo)')

    const unknownStep = await rejection(testing.testRuns.record({ runCaseId, expectedLatestResultId: first.id, result: { status: 'failed', steps: [{ stepId: 'nope', status: 'failed', actual: '' }] } }), TRPCError)
    expect(unknownStep.code).toBe('BAD_REQUEST')
    const retest = await testing.testRuns.record({ runCaseId, expectedLatestResultId: first.id, result: { status: 'passed', retest: true, elapsedSeconds: 95 } })
    const forced = await owning.testRuns.record({ runCaseId, expectedLatestResultId: null, force: true, result: { status: 'blocked', comment: 'Portal down' } })
    expect(forced.id).toBeGreaterThan(retest.id)
    await testing.testRuns.record({ runCaseId: cases[1]!.id, expectedLatestResultId: null, result: { status: 'skipped', elapsedMs: 1234 } })
    // A time given in milliseconds is kept to the millisecond; the whole seconds field still answers.
    expect((await testing.testRuns.results({ runCaseId: cases[1]!.id })).results[0]).toMatchObject({ elapsedMs: 1234, elapsedSeconds: 1 })

    const { results } = await testing.testRuns.results({ runCaseId })
    expect(results.map((result) => [result.status, result.recordedBy])).toEqual([
      ['blocked', 'Olga Owner'],
      ['passed', 'Tomáš Tester'],
      ['failed', 'Tomáš Tester'],
    ])
    expect(results[1]).toMatchObject({ retest: true, elapsedSeconds: 95, elapsedMs: 95_000 })
    expect(results[2]!.steps).toEqual([{ stepId: 's1', status: 'failed', actual: 'No rows' }])
    const run = await testing.testRuns.byId({ id })
    expect(run.cases[0]!.latest).toMatchObject({ id: forced.id, status: 'blocked', comment: 'Portal down' })
    expect(run.cases[0]!.results).toBe(3)
    expect(run.counts).toEqual({ passed: 0, failed: 0, blocked: 1, skipped: 1, untested: 1 })
    const listed = (await testing.testRuns.list({ projectId })).runs.find((item) => item.id === id)
    expect(listed).toMatchObject({ counts: run.counts, total: 3, passRate: 0, state: 'in_progress' })

    // Two testers who saw the same latest result at the same moment: exactly one records.
    const both = await Promise.allSettled([
      testing.testRuns.record({ runCaseId: cases[2]!.id, expectedLatestResultId: null, result: PASS }),
      owning.testRuns.record({ runCaseId: cases[2]!.id, expectedLatestResultId: null, result: FAIL }),
    ])
    expect(both.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected'])
    const [row] = await testDb.db.select({ n: count() }).from(testResults).where(eq(testResults.runId, id))
    expect(row!.n).toBe(5)
  })

  it('starts with the first result, refuses stale edits, completes, refuses results when completed, and only an owner reopens', async () => {
    const editing = await as(editor)
    const { id } = await editing.testRuns.create({ projectId, run: { name: 'Lifecycle', build: '1.4.2', commit: 'abc123' }, source: { kind: 'selection', caseIds: smokeIds.slice(0, 2) } })
    const before = await editing.testRuns.byId({ id })
    expect(before.run).toMatchObject({ state: 'open', version: 1, build: '1.4.2', commit: 'abc123', startedAt: null })
    const testing = await as(tester)
    await testing.testRuns.record({ runCaseId: before.cases[0]!.id, expectedLatestResultId: null, result: PASS })
    const started = await editing.testRuns.byId({ id })
    expect(started.run).toMatchObject({ state: 'in_progress', version: 2, startedBy: tester.user!.id })
    // The editor still holds version 1: the run started meanwhile.
    expect(await codeOf(editing.testRuns.update({ id, expectedVersion: 1, run: { name: 'Renamed' } }))).toBe('CONFLICT')
    expect(await codeOf(editing.testRuns.update({ id, expectedVersion: 2, run: { state: 'open' } }))).toBe('BAD_REQUEST')
    expect(await codeOf(editing.testRuns.update({ id, expectedVersion: 2, run: { assignees: [stranger.user!.id] } }))).toBe('BAD_REQUEST')
    const renamed = await editing.testRuns.update({ id, expectedVersion: 2, run: { name: 'Lifecycle 1.4.2', assignees: [tester.user!.id] } })
    const completed = await editing.testRuns.update({ id, expectedVersion: renamed.version, run: { state: 'completed' } })
    expect((await editing.testRuns.byId({ id })).run).toMatchObject({ state: 'completed', name: 'Lifecycle 1.4.2', assignees: [tester.user!.id], completedBy: editor.user!.id })

    const refused = await rejection(testing.testRuns.record({ runCaseId: before.cases[1]!.id, expectedLatestResultId: null, result: FAIL }), TRPCError)
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: 'This run is completed, so no more results can be recorded. An owner can reopen it.' })
    expect(await codeOf(editing.testRuns.update({ id, expectedVersion: completed.version, run: { state: 'in_progress' } }))).toBe('FORBIDDEN')
    await (await as(owner)).testRuns.update({ id, expectedVersion: completed.version, run: { state: 'in_progress' } })
    expect((await editing.testRuns.byId({ id })).run).toMatchObject({ state: 'in_progress', completedAt: null })
    await testing.testRuns.record({ runCaseId: before.cases[1]!.id, expectedLatestResultId: null, result: { status: 'failed' } })
    expect((await editing.testRuns.byId({ id })).counts).toMatchObject({ passed: 1, failed: 1, untested: 0 })

    const audit = await (await as(owner)).projects.debug({ projectId })
    const actions = audit.audit.filter((event) => event.entityId === id).map((event) => event.action)
    expect(actions).toEqual(expect.arrayContaining(['created', 'started', 'updated', 'completed', 'reopened']))
    const exported = (await (await as(owner)).projects.export({ projectId })).runs.find((item) => item.id === id)
    expect(exported).toMatchObject({ name: 'Lifecycle 1.4.2', build: '1.4.2', state: 'in_progress', assignees: ['tomas@runs.cz'] })
    expect(exported!.cases.map((item) => [item.key, item.results.map((result) => `${result.status} by ${result.recordedBy}`)])).toEqual([
      ['RUN-1', ['passed by tomas@runs.cz']],
      ['RUN-2', ['failed by tomas@runs.cz']],
    ])
  })

  it('keeps a selection in the order given, once each; refuses a run without cases; assigns cases to members only', async () => {
    const api = await as(editor)
    const { id, cases } = await api.testRuns.create({ projectId, run: { name: 'Picked' }, source: { kind: 'selection', caseIds: [smokeIds[2]!, smokeIds[0]!, smokeIds[2]!, 'not-a-case'] } })
    expect(cases).toBe(2)
    const run = await api.testRuns.byId({ id })
    expect(run.cases.map((item) => item.caseId)).toEqual([smokeIds[2], smokeIds[0]])
    const none = await rejection((await as(editor, 'cs')).testRuns.create({ projectId, run: { name: 'Empty' }, source: { kind: 'selection', caseIds: ['not-a-case'] } }), TRPCError)
    expect(none).toMatchObject({ code: 'BAD_REQUEST', message: 'Běh by neobsahoval žádný případ. Vyberte alespoň jeden nesmazaný případ (pravidlo vybírá jen aktivní případy).' })
    expect(await codeOf(api.testRuns.assign({ id, runCaseIds: [run.cases[0]!.id], assigneeId: stranger.user!.id }))).toBe('BAD_REQUEST')
    expect(await api.testRuns.assign({ id, runCaseIds: run.cases.map((item) => item.id), assigneeId: tester.user!.id })).toEqual({ assigned: 2, changed: 2 })
    expect((await api.testRuns.byId({ id })).cases.map((item) => item.assigneeId)).toEqual([tester.user!.id, tester.user!.id])
  })

  it('takes 2,000 results from 20 testers at once without losing or refusing one', async () => {
    const api = await as(owner)
    // Twenty members with the tester role, written directly: hashing twenty passwords would only slow the test down.
    const now = new Date()
    const testers = Array.from({ length: 20 }, (_, index) => ({ id: `load-tester-${index}`, email: `t${index}@load.cz`, name: `Tester ${index}`, passwordHash: 'unused', createdAt: now, updatedAt: now }))
    await testDb.db.insert(users).values(testers)
    await testDb.db.insert(projectMembers).values(testers.map((each) => ({ projectId, userId: each.id, role: 'tester' as const, addedAt: now })))
    const caseIds = (await Promise.all(Array.from({ length: 40 }, (_, index) => api.testCases.create({ projectId, title: `Load case ${index}`, state: 'active' })))).map((created) => created.id)
    const { id } = await api.testRuns.create({ projectId, run: { name: 'Load' }, source: { kind: 'selection', caseIds } })
    const { cases } = await api.testRuns.byId({ id })
    const callers = await Promise.all(
      testers.map((each) =>
        as({ via: 'cookie', user: { ...each, role: 'member', locale: null, theme: null }, session: { id: `s-${each.id}`, expiresAt: new Date(Date.now() + 1e7), createdAt: now }, tokenId: null }),
      ),
    )

    let errors = 0
    await Promise.all(
      callers.map(async (caller, index) => {
        // Each tester has two cases of the run and records 50 results on each, each after the one before.
        const own = [cases[index * 2]!.id, cases[index * 2 + 1]!.id]
        const latest = new Map<string, number | null>(own.map((runCaseId) => [runCaseId, null]))
        for (let round = 0; round < 100; round++) {
          const runCaseId = own[round % 2]!
          try {
            const recorded = await caller.testRuns.record({ runCaseId, expectedLatestResultId: latest.get(runCaseId)!, result: { status: round % 4 === 3 ? 'failed' : 'passed' } })
            latest.set(runCaseId, recorded.id)
          } catch {
            errors += 1
          }
        }
      }),
    )
    expect(errors).toBe(0)
    const [stored] = await testDb.db.select({ n: count() }).from(testResults).where(eq(testResults.runId, id))
    expect(stored!.n).toBe(2000)
    const audited = await testDb.db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.action, 'recorded'))
    expect(audited[0]!.n).toBeGreaterThanOrEqual(2000)
    // The last of 50 results on each case: round 98 (passed) on even cases, round 99 (failed) on odd ones.
    const run = await api.testRuns.byId({ id })
    expect(run.counts).toEqual({ passed: 20, failed: 20, blocked: 0, skipped: 0, untested: 0 })
    expect(run.passRate).toBe(0.5)
    expect(run.cases.every((item) => item.results === 50)).toBe(true)
  }, 60_000)
})
