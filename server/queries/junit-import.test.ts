import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '../../db/schema/audit-event.ts'
import { testResults } from '../../db/schema/test-result.ts'
import { signedInAccount } from '../../tests/helpers/test-account.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db.ts'
import { testContext } from '../../tests/helpers/trpc-context.ts'
import type { AuthState } from '../session.server.ts'
import { createCaller } from '../trpc/router.server.ts'

// A large JUnit import writes in short slices that yield to people (docs/decisions/012-database-writes.md, "Imports"):
// a person's save made while the import is being written is stored before the import ends, not after it.
let testDb: TestDatabase
let editor: AuthState
let projectId: string

const as = async (auth: AuthState) => createCaller(await testContext(testDb.db, { auth }))

/** A report of `count` passing test cases, none of which the project has yet. */
function report(size: number): ReadableStream<Uint8Array> {
  const cases = Array.from({ length: size }, (_, index) => `<testcase classname="load.module${index % 10}" name="test_${index}" time="0.01"><system-out>ok</system-out></testcase>`)
  const bytes = new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?><testsuite name="load">${cases.join('\n')}</testsuite>`)
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })
}

beforeAll(async () => {
  testDb = await createTestDatabase()
  editor = await signedInAccount(testDb.db, 'Eva Editor', 'eva@junit-writes.cz')
  projectId = (await (await as(editor)).projects.create({ name: 'JUnit writes', key: 'JW' })).id
})
afterAll(async () => {
  await testDb.cleanup()
})

describe('a large JUnit import and people’s writes', () => {
  it('stores a person’s save made during the import before the import ends, and the import stays whole', async () => {
    const api = await as(editor)
    const { id: caseId, version } = await api.testCases.create({ projectId, title: 'Edited while the import runs' })
    const { id: runId } = await api.testRuns.create({ projectId, run: { name: 'CI' }, source: { kind: 'selection', caseIds: [caseId] } })

    const size = 3_000
    let settled = false
    const importing = api.testRuns.importJunit({ id: runId, createUnknown: true, file: 'load.xml', body: report(size) }).finally(() => {
      settled = true
    })
    // The import has begun writing its results: a person saves a case now.
    const resultsSoFar = async () => (await testDb.db.select({ n: count() }).from(testResults).where(eq(testResults.runId, runId)))[0]!.n
    while (!settled && (await resultsSoFar()) === 0) await new Promise((resolve) => setImmediate(resolve))
    const saved = await api.testCases.update({ id: caseId, expectedVersion: version, title: 'Saved during the import' })
    const summary = await importing

    expect(summary).toMatchObject({ cases: size, created: size, addedToRun: size, recorded: size, counts: { passed: size, failed: 0, skipped: 0, blocked: 0 } })
    expect(await resultsSoFar()).toBe(size)
    expect(saved.version).toBe(version + 1)
    // Audit events are numbered in the order their transactions committed: the save's comes before the import's last.
    const [save] = await testDb.db.select({ id: auditEvents.id }).from(auditEvents).where(and(eq(auditEvents.entityId, caseId), eq(auditEvents.action, 'updated')))
    const [imported] = await testDb.db.select({ id: auditEvents.id }).from(auditEvents).where(and(eq(auditEvents.entity, 'result'), eq(auditEvents.action, 'imported')))
    expect(save!.id).toBeLessThan(imported!.id)
  })
})
