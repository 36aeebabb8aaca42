import { desc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { testCaseVersions } from '../../db/schema/test-case-version.ts'
import { testCases } from '../../db/schema/test-case.ts'
import { users } from '../../db/schema/user.ts'
import type { CaseSnapshot } from '../../lib/domain/case-diff.ts'

// The versions of test cases: how a save records one (every writer of cases, shared-step edits included, adds
// versionStatement to its batch) and how a case's history reads them back.

/**
 * A version's snapshot, taken by SQL from the case row itself (`test_case` in scope), so single saves, bulk edits,
 * imports and shared-step edits all record the same shape. Shared steps are recorded as the version each was at.
 */
const SNAPSHOT = sql.raw(`json_object(
  'title', test_case.title, 'description', test_case.description, 'preconditions', test_case.preconditions,
  'steps', json(test_case.steps), 'priority', test_case.priority, 'type', test_case.type, 'state', test_case.state,
  'tags', json(test_case.tags), 'estimateMinutes', test_case.estimate_minutes, 'references', json(test_case."references"),
  'folder', test_case.folder, 'target', json(test_case.target), 'check', json(test_case."check"), 'custom', json(test_case.custom),
  'sharedSteps', (SELECT json_group_object(s.id, s.version) FROM shared_step s WHERE s.id IN (
    SELECT json_extract(e.value, '$.sharedStepId') FROM json_each(test_case.steps) e WHERE json_extract(e.value, '$.kind') = 'shared')))`)

export type CaseChange = (typeof testCaseVersions.$inferInsert)['change']

/** Records the current state of the cases a save wrote (by its save id) as their new versions. */
export function versionStatement(db: Database, saveId: string, change: CaseChange, actorId: string | null, at: Date) {
  return db.run(
    sql`INSERT INTO ${testCaseVersions} (case_id, version, snapshot, change, changed_by, changed_at)
      SELECT test_case.id, test_case.version, ${SNAPSHOT}, ${change}, ${actorId}, ${at.getTime()} FROM ${testCases} WHERE test_case.save_id = ${saveId}`,
  )
}

/** A case's versions, newest first, with who saved each. */
export async function caseHistory(db: Database, caseId: string) {
  const rows = await db
    .select({ version: testCaseVersions.version, snapshot: testCaseVersions.snapshot, change: testCaseVersions.change, changedAt: testCaseVersions.changedAt, changedBy: users.name })
    .from(testCaseVersions)
    .leftJoin(users, eq(users.id, testCaseVersions.changedBy))
    .where(eq(testCaseVersions.caseId, caseId))
    .orderBy(desc(testCaseVersions.version))
  return rows.map((row) => ({ ...row, snapshot: JSON.parse(row.snapshot) as CaseSnapshot }))
}
