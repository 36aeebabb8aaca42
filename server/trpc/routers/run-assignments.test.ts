import { TRPCError } from '@trpc/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rejection } from '../../../tests/helpers/rejection.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { testContext } from '../../../tests/helpers/trpc-context.ts'
import { signedInAccount } from '../../../tests/helpers/test-account.ts'
import { myWorkCount } from '../../queries/run-assignments.server.ts'
import type { AuthState } from '../../session.server.ts'
import { madeBy } from '../../../lib/made-by.ts'
import { createCaller } from '../router.server.ts'

// Giving a run's cases to testers: one by one and in bulk (chosen cases, a section, a folder), the history of every
// change, a case's default tester carried into new runs, and "my work" across projects.

let testDb: TestDatabase
let owner: AuthState
let editor: AuthState
let tester: AuthState
let viewer: AuthState
let stranger: AuthState
let projectId: string
let otherProjectId: string
let caseIds: string[]
let suiteId: string

const as = async (auth: AuthState, locale: 'en' | 'cs' = 'en') => createCaller(await testContext(testDb.db, { auth, locale }))
const codeOf = async (promise: Promise<unknown>) => (await rejection(promise, TRPCError)).code

beforeAll(async () => {
  testDb = await createTestDatabase()
  owner = await signedInAccount(testDb.db, 'Olga Owner', 'olga@assign.cz')
  editor = await signedInAccount(testDb.db, 'Eva Editor', 'eva@assign.cz')
  tester = await signedInAccount(testDb.db, 'Tomáš Tester', 'tomas@assign.cz')
  viewer = await signedInAccount(testDb.db, 'Věra Viewer', 'vera@assign.cz')
  stranger = await signedInAccount(testDb.db, 'Sam Stranger', 'sam@assign.cz')
  const api = await as(owner)
  projectId = (await api.projects.create({ name: 'Assign', key: 'ASG' })).id
  await api.projects.members.add({ projectId, email: 'eva@assign.cz', role: 'editor' })
  await api.projects.members.add({ projectId, email: 'tomas@assign.cz', role: 'tester' })
  await api.projects.members.add({ projectId, email: 'vera@assign.cz', role: 'viewer' })
  caseIds = []
  for (const [title, folder] of [
    ['Search finds datasets', 'Portals/Search'],
    ['Search pages', 'Portals/Search/Paging'],
    ['Dataset has a licence', 'Licences'],
    ['CSV downloads', 'Portals'],
  ] as const) {
    caseIds.push((await api.testCases.create({ projectId, title, folder, state: 'active' })).id)
  }
  suiteId = (await api.testSuites.create({ projectId, suite: { name: 'Regression', kind: 'static' } })).id
  await api.testSuites.setContent({
    suiteId,
    expectedVersion: 1,
    sections: [
      { id: null, name: '', caseIds: [] },
      { id: null, name: 'Search', caseIds: [caseIds[0]!, caseIds[1]!] },
      { id: null, name: 'Licences', caseIds: [caseIds[2]!, caseIds[3]!] },
    ],
  })
  otherProjectId = (await api.projects.create({ name: 'Other', key: 'OTH' })).id
  await api.projects.members.add({ projectId: otherProjectId, email: 'tomas@assign.cz', role: 'tester' })
})
afterAll(async () => {
  await testDb?.cleanup()
})

describe('run case assignment', () => {
  it('gives chosen cases, a section or a folder to a tester, and keeps who gave whom what and when', async () => {
    const api = await as(editor)
    const { id } = await api.testRuns.create({ projectId, run: { name: 'Week 1' }, source: { kind: 'suite', suiteId } })
    const run = await api.testRuns.byId({ id })
    const [search, paging, licence, csv] = run.cases
    expect(run.cases.map((item) => item.folder)).toEqual(['Portals/Search', 'Portals/Search/Paging', 'Licences', 'Portals'])

    expect(await api.testRuns.assign({ id, section: 'Search', assigneeId: tester.user!.id })).toEqual({ assigned: 2, changed: 2 })
    // A folder holds its subfolders: Portals is three cases, two of them already the tester's.
    expect(await api.testRuns.assign({ id, folder: 'Portals', assigneeId: tester.user!.id })).toEqual({ assigned: 3, changed: 1 })
    expect(await api.testRuns.assign({ id, runCaseIds: [licence!.id], assigneeId: editor.user!.id })).toEqual({ assigned: 1, changed: 1 })
    // Reassigning keeps the history; taking a case from its tester too.
    await api.testRuns.assign({ id, runCaseIds: [search!.id], assigneeId: editor.user!.id })
    await api.testRuns.assign({ id, runCaseIds: [search!.id], assigneeId: null })
    const after = await api.testRuns.byId({ id })
    expect(after.cases.map((item) => item.assigneeId)).toEqual([null, tester.user!.id, editor.user!.id, tester.user!.id])
    const history = (await api.testRuns.results({ runCaseId: search!.id })).assignments
    expect(history.map((entry) => [entry.assignee, entry.assignedBy])).toEqual([
      ['Tomáš Tester', 'Eva Editor'],
      ['Eva Editor', 'Eva Editor'],
      [null, 'Eva Editor'],
    ])
    expect(history.every((entry) => madeBy(entry.assignedAt, Date))).toBe(true)
    expect((await api.testRuns.results({ runCaseId: paging!.id })).assignments).toHaveLength(1)
    expect((await api.testRuns.results({ runCaseId: csv!.id })).assignments.map((entry) => entry.assignee)).toEqual(['Tomáš Tester'])
  })

  it('refuses a stranger, a viewer and a tester, a non-member, two targets at once, and a completed run, changing nothing', async () => {
    const api = await as(editor)
    const { id } = await api.testRuns.create({ projectId, run: { name: 'Guarded' }, source: { kind: 'selection', caseIds } })
    const runCaseId = (await api.testRuns.byId({ id })).cases[0]!.id
    expect(await codeOf((await as(stranger)).testRuns.assign({ id, runCaseIds: [runCaseId], assigneeId: null }))).toBe('NOT_FOUND')
    expect(await codeOf((await as(viewer)).testRuns.assign({ id, runCaseIds: [runCaseId], assigneeId: viewer.user!.id }))).toBe('FORBIDDEN')
    expect(await codeOf((await as(tester)).testRuns.assign({ id, runCaseIds: [runCaseId], assigneeId: tester.user!.id }))).toBe('FORBIDDEN')
    const notMember = await rejection(api.testRuns.assign({ id, runCaseIds: [runCaseId], assigneeId: stranger.user!.id }), TRPCError)
    expect(notMember.code).toBe('BAD_REQUEST')
    expect(await codeOf(api.testRuns.assign({ id, runCaseIds: [runCaseId], section: 'Search', assigneeId: null }))).toBe('BAD_REQUEST')
    expect(await codeOf(api.testRuns.assign({ id, assigneeId: null }))).toBe('BAD_REQUEST')
    await api.testRuns.update({ id, expectedVersion: 1, run: { state: 'completed' } })
    const completed = await rejection((await as(editor, 'cs')).testRuns.assign({ id, runCaseIds: [runCaseId], assigneeId: tester.user!.id }), TRPCError)
    expect(completed.code).toBe('BAD_REQUEST')
    expect((await api.testRuns.byId({ id })).cases.every((item) => item.assigneeId === null)).toBe(true)
    expect((await api.testRuns.results({ runCaseId })).assignments).toEqual([])
  })

  it("carries a case's default tester into new runs from a suite and from a selection, while they are a member", async () => {
    const api = await as(editor)
    expect(await codeOf((await as(stranger)).testCases.setDefaultAssignee({ caseId: caseIds[0]!, assigneeId: null }))).toBe('NOT_FOUND')
    expect(await codeOf((await as(tester)).testCases.setDefaultAssignee({ caseId: caseIds[0]!, assigneeId: tester.user!.id }))).toBe('FORBIDDEN')
    expect(await codeOf(api.testCases.setDefaultAssignee({ caseId: caseIds[0]!, assigneeId: stranger.user!.id }))).toBe('BAD_REQUEST')
    expect(await api.testCases.setDefaultAssignee({ caseId: caseIds[0]!, assigneeId: tester.user!.id })).toEqual({ assigneeId: tester.user!.id })
    await api.testCases.setDefaultAssignee({ caseId: caseIds[2]!, assigneeId: viewer.user!.id })
    expect((await api.testCases.byId({ id: caseIds[0]! })).defaultAssigneeId).toBe(tester.user!.id)
    // The default tester plans the work; it does not make a new version of the case.
    expect((await api.testCases.byId({ id: caseIds[0]! })).case.version).toBe(1)

    const fromSuite = await api.testRuns.create({ projectId, run: { name: 'Defaults' }, source: { kind: 'suite', suiteId } })
    const suiteRun = await api.testRuns.byId({ id: fromSuite.id })
    expect(suiteRun.cases.map((item) => item.assigneeId)).toEqual([tester.user!.id, null, viewer.user!.id, null])
    const history = (await api.testRuns.results({ runCaseId: suiteRun.cases[0]!.id })).assignments
    expect(history.map((entry) => [entry.assignee, entry.assignedBy])).toEqual([['Tomáš Tester', 'Eva Editor']])

    // A default tester who left the project is not given new cases.
    await (await as(owner)).projects.members.remove({ projectId, userId: viewer.user!.id })
    const fromSelection = await api.testRuns.create({ projectId, run: { name: 'Picked' }, source: { kind: 'selection', caseIds: [caseIds[2]!, caseIds[0]!] } })
    expect((await api.testRuns.byId({ id: fromSelection.id })).cases.map((item) => item.assigneeId)).toEqual([null, tester.user!.id])
    await api.testCases.setDefaultAssignee({ caseId: caseIds[0]!, assigneeId: null })
    const plain = await api.testRuns.create({ projectId, run: { name: 'Plain' }, source: { kind: 'selection', caseIds: [caseIds[0]!] } })
    expect((await api.testRuns.byId({ id: plain.id })).cases[0]!.assigneeId).toBeNull()
    await (await as(owner)).projects.members.add({ projectId, email: 'vera@assign.cz', role: 'viewer' })
  })

  it("lists my work across projects: active runs only, done and to do, and counts what is left for the navigation", async () => {
    const me = await as(tester)
    const before = await myWorkCount(testDb.db, tester.user!.id)
    const api = await as(owner)
    const other = await api.testCases.create({ projectId: otherProjectId, title: 'Other portal answers', state: 'active' })
    const otherRun = await api.testRuns.create({ projectId: otherProjectId, run: { name: 'Other week' }, source: { kind: 'selection', caseIds: [other.id] } })
    const otherCase = (await api.testRuns.byId({ id: otherRun.id })).cases[0]!
    await api.testRuns.assign({ id: otherRun.id, runCaseIds: [otherCase.id], assigneeId: tester.user!.id })
    expect(await myWorkCount(testDb.db, tester.user!.id)).toBe(before + 1)
    await me.testRuns.record({ runCaseId: otherCase.id, expectedLatestResultId: null, result: { status: 'passed' } })
    expect(await myWorkCount(testDb.db, tester.user!.id)).toBe(before)

    const work = await me.testRuns.myWork()
    const mine = work.runs.find((run) => run.id === otherRun.id)!
    expect(mine).toMatchObject({ name: 'Other week', project: { key: 'OTH', name: 'Other' }, done: 1, todo: 0 })
    expect(mine.cases).toEqual([expect.objectContaining({ key: 'OTH-1', title: 'Other portal answers', status: 'passed' })])
    expect(work.runs.some((run) => run.project.key === 'ASG')).toBe(true)
    // The completed run of the test above never shows; a run's newest first.
    expect(work.runs.map((run) => run.name)).not.toContain('Guarded')
    expect(work.runs[0]!.name).toBe('Other week')
    expect(work.todo).toBe(before)

    // Completed runs leave my work; so do the runs of a project I left.
    await api.testRuns.update({ id: otherRun.id, expectedVersion: 2, run: { state: 'completed' } })
    expect((await me.testRuns.myWork()).runs.map((run) => run.id)).not.toContain(otherRun.id)
    await api.projects.members.remove({ projectId, userId: tester.user!.id })
    expect((await me.testRuns.myWork()).runs).toEqual([])
    expect(await myWorkCount(testDb.db, tester.user!.id)).toBe(0)
    expect((await (await as(stranger)).testRuns.myWork()).runs).toEqual([])
  })
})
