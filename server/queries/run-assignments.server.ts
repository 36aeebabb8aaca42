import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import { runBatch, type Database } from '../../db/client.server.ts'
import { projectMembers } from '../../db/schema/project-member.ts'
import { projects } from '../../db/schema/project.ts'
import { testCaseVersions } from '../../db/schema/test-case-version.ts'
import { testCases } from '../../db/schema/test-case.ts'
import { testResults } from '../../db/schema/test-result.ts'
import { testRunCaseAssignments } from '../../db/schema/test-run-case-assignment.ts'
import { testRunCases } from '../../db/schema/test-run-case.ts'
import { testRuns } from '../../db/schema/test-run.ts'
import { users } from '../../db/schema/user.ts'
import type { AssignTarget } from '../../lib/domain/run-assignment.ts'
import type { ResultStatus } from '../../lib/domain/test-runs.ts'
import { auditStatement } from './projects.server.ts'

// Who executes which case of a run (docs/decisions/026-run-case-assignment.md): the run case's `assignee_id` is the
// current tester, test_run_case_assignment keeps every change, and "my work" reads what is given to one person.

/** At most this many cases on "my work" (the oldest runs' cases are left off and the page says so). */
export const MY_WORK_LIMIT = 1000

/** The run cases a target names, as a condition on `test_run_case` (by its table name). */
function targetCondition(runId: string, target: AssignTarget): SQL {
  const ofRun = sql`test_run_case.run_id = ${runId}`
  if ('runCaseIds' in target) return sql`${ofRun} AND test_run_case.id IN (SELECT value FROM json_each(${JSON.stringify(target.runCaseIds)}))`
  if ('section' in target) return sql`${ofRun} AND test_run_case.section_name = ${target.section}`
  // A folder holds its subfolders' cases too; '' is the whole run. The folder is the case's as it is now.
  const folder = target.folder
  const inFolder = folder === '' ? sql`1` : sql`(c.folder = ${folder} OR substr(c.folder, 1, ${folder.length + 1}) = ${`${folder}/`})`
  return sql`${ofRun} AND test_run_case.case_id IN (SELECT c.id FROM ${testCases} c WHERE ${inFolder})`
}

/**
 * Gives the run cases a target names to a member (null: to nobody). Only cases whose tester changes get a history row;
 * one batch, so the history and the cases cannot disagree. Answers how many cases the target named and how many changed.
 */
export async function assignRunCases(
  db: Database,
  run: { id: string; projectId: string },
  target: AssignTarget,
  assigneeId: string | null,
  actorId: string,
  now = new Date(),
): Promise<{ assigned: number; changed: number }> {
  const named = targetCondition(run.id, target)
  const changes = sql`${named} AND test_run_case.assignee_id IS NOT ${assigneeId}`
  const [matched, , updated] = await runBatch(db, [
    db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${testRunCases} WHERE ${named}`),
    db.run(
      sql`INSERT INTO ${testRunCaseAssignments} (run_id, run_case_id, assignee_id, assigned_by, assigned_at)
        SELECT test_run_case.run_id, test_run_case.id, ${assigneeId}, ${actorId}, ${now.getTime()} FROM ${testRunCases} WHERE ${changes}`,
    ),
    db.all<{ id: string }>(sql`UPDATE ${testRunCases} SET assignee_id = ${assigneeId} WHERE ${changes} RETURNING id`),
    auditStatement(db, { projectId: run.projectId, actorId, entity: 'run', entityId: run.id, action: 'assigned', detail: { ...target, assigneeId } }, now, { afterChange: true }),
  ])
  return { assigned: Number((matched as Array<{ n: number }>)[0]?.n ?? 0), changed: (updated as unknown[]).length }
}

/**
 * The statements that give a new run's cases without a tester (a rerun carries its run's) their default testers (those
 * still members of the project) and write every case's tester into the history; to run in the batch that creates the
 * run, after its cases.
 */
export function defaultAssigneeStatements(db: Database, runId: string, projectId: string, actorId: string, now: Date) {
  return [
    db.run(
      sql`UPDATE ${testRunCases} SET assignee_id = (SELECT c.default_assignee_id FROM ${testCases} c WHERE c.id = test_run_case.case_id)
        WHERE run_id = ${runId} AND assignee_id IS NULL AND (SELECT c.default_assignee_id FROM ${testCases} c WHERE c.id = test_run_case.case_id)
          IN (SELECT m.user_id FROM ${projectMembers} m WHERE m.project_id = ${projectId})`,
    ),
    db.run(
      sql`INSERT INTO ${testRunCaseAssignments} (run_id, run_case_id, assignee_id, assigned_by, assigned_at)
        SELECT run_id, id, assignee_id, ${actorId}, ${now.getTime()} FROM ${testRunCases} WHERE run_id = ${runId} AND assignee_id IS NOT NULL`,
    ),
  ]
}

/** A run case's assignment history, oldest first: to whom, by whom, when (names as they are now). */
export async function assignmentsOf(db: Database, runCaseId: string, limit = 200) {
  const assignee = sql`(SELECT name FROM ${users} u WHERE u.id = ${testRunCaseAssignments.assigneeId})`
  const by = sql`(SELECT name FROM ${users} u WHERE u.id = ${testRunCaseAssignments.assignedBy})`
  return db
    .select({
      id: testRunCaseAssignments.id,
      assigneeId: testRunCaseAssignments.assigneeId,
      assignee: sql<string | null>`${assignee}`,
      assignedBy: sql<string | null>`${by}`,
      assignedAt: testRunCaseAssignments.assignedAt,
    })
    .from(testRunCaseAssignments)
    .where(eq(testRunCaseAssignments.runCaseId, runCaseId))
    .orderBy(asc(testRunCaseAssignments.id))
    .limit(limit)
}

/** Sets a case's default tester (null: nobody); the caller checked that they are a member. */
export async function setDefaultAssignee(db: Database, testCase: { id: string; projectId: string }, assigneeId: string | null, actorId: string, now = new Date()): Promise<void> {
  await runBatch(db, [
    db.update(testCases).set({ defaultAssigneeId: assigneeId }).where(eq(testCases.id, testCase.id)),
    auditStatement(db, { projectId: testCase.projectId, actorId, entity: 'case', entityId: testCase.id, action: 'default-assignee-set', detail: { assigneeId } }, now, { afterChange: true }),
  ])
}

export async function defaultAssigneeOf(db: Database, caseId: string): Promise<string | null> {
  const [row] = await db.select({ id: testCases.defaultAssigneeId }).from(testCases).where(and(eq(testCases.id, caseId), isNull(testCases.deletedAt))).limit(1)
  return row?.id ?? null
}

/** The cases given to a person in runs not completed, in projects they are still a member of. */
const myCases = (userId: string) => sql`FROM ${testRunCases} rc
  JOIN ${testRuns} r ON r.id = rc.run_id AND r.state <> 'completed'
  JOIN ${projectMembers} m ON m.project_id = r.project_id AND m.user_id = ${userId}`

/** How many cases given to a person in active runs still have no result (the count beside "My work"). */
export async function myWorkCount(db: Database, userId: string): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`SELECT count(*) AS n ${myCases(userId)} WHERE rc.assignee_id = ${userId} AND NOT EXISTS (SELECT 1 FROM ${testResults} x WHERE x.run_case_id = rc.id)`)
  return Number(row?.n ?? 0)
}

/**
 * What is given to a person in active runs across their projects: newest run first, each run's cases in order with
 * their latest status (title as the run pinned it). At most MY_WORK_LIMIT cases; `more` says that some were left off.
 */
export async function myWorkOf(db: Database, userId: string) {
  const rows = await db.all<{
    id: string
    run_id: string
    run_name: string
    run_state: string
    project_id: string
    project_key: string
    project_name: string
    number: number
    title: string
    section_name: string
    status: ResultStatus | null
  }>(
    sql`SELECT rc.id, rc.run_id, r.name AS run_name, r.state AS run_state, p.id AS project_id, p.key AS project_key, p.name AS project_name, c.number,
        coalesce(json_extract(v.snapshot, '$.title'), c.title) AS title, rc.section_name,
        (SELECT x.status FROM ${testResults} x WHERE x.run_case_id = rc.id ORDER BY x.id DESC LIMIT 1) AS status
      ${myCases(userId)}
      JOIN ${projects} p ON p.id = r.project_id
      JOIN ${testCases} c ON c.id = rc.case_id
      LEFT JOIN ${testCaseVersions} v ON v.case_id = rc.case_id AND v.version = rc.case_version
      WHERE rc.assignee_id = ${userId}
      ORDER BY r.created_at DESC, r.id, rc.position
      LIMIT ${MY_WORK_LIMIT + 1}`,
  )
  return { rows: rows.slice(0, MY_WORK_LIMIT), more: rows.length > MY_WORK_LIMIT }
}
