import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import { runBatch, type Database } from '../../db/client.server.ts'
import { testCaseVersions } from '../../db/schema/test-case-version.ts'
import { testCases } from '../../db/schema/test-case.ts'
import { testResults } from '../../db/schema/test-result.ts'
import { testRunCases } from '../../db/schema/test-run-case.ts'
import { testRuns } from '../../db/schema/test-run.ts'
import { users } from '../../db/schema/user.ts'
import { caseKey, type StepText } from '../../lib/domain/test-management.ts'
import { emptyCounts, passRate, type ResultStatus, type RunCounts, type RunSource, type RunState } from '../../lib/domain/test-runs.ts'
import { resultElapsedMs, type ResultInput } from '../../lib/forms/test-run-schemas.ts'
import { randomId } from '../auth/tokens.server.ts'
import { cancelRunChecks } from './check-queue.server.ts'
import { auditStatement } from './projects.server.ts'
import { defaultAssigneeStatements } from './run-assignments.server.ts'
import { sharedStepTexts } from './shared-steps.server.ts'
import type { CaseSnapshot } from '../../lib/domain/case-diff.ts'

// Test runs: a run freezes its cases (and each case's version) when it is created; results are appended and the latest
// per run case counts. Every write is one batch (decision 012), and the statements that must happen only together
// carry the same condition, checked inside the batch's transaction.

export type RunRow = typeof testRuns.$inferSelect
export type RunCaseRow = typeof testRunCases.$inferSelect
export type RunFields = { name: string; assignees: string[]; environment: string; build: string | null; commit: string | null; portalId: string | null }
/** A case to freeze into a run, in order, with the section it is listed under (and, for a rerun, its tester). */
export type FrozenCase = { caseId: string; sectionName: string; assigneeId?: string | null }

export async function runById(db: Database, runId: string): Promise<RunRow | null> {
  const [row] = await db.select().from(testRuns).where(eq(testRuns.id, runId)).limit(1)
  return row ?? null
}

/** A run case with its run, in one read (recording a result reads it every time). */
export async function runCaseById(db: Database, runCaseId: string): Promise<{ runCase: RunCaseRow; run: RunRow } | null> {
  const [row] = await db.select({ runCase: testRunCases, run: testRuns }).from(testRunCases).innerJoin(testRuns, eq(testRuns.id, testRunCases.runId)).where(eq(testRunCases.id, runCaseId)).limit(1)
  return row ?? null
}

/** The id of a run case's latest result, as a subquery over `run_case_id` (the highest id is the latest). */
const latestOf = (runCaseId: SQL | string) => sql`(SELECT max(r.id) FROM ${testResults} r WHERE r.run_case_id = ${runCaseId})`

/** A list of ids as one bound JSON parameter: D1 binds at most 100 parameters per statement, a run may hold thousands. */
const idsIn = (column: SQL, ids: string[]) => sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`

/** Each run's counts of latest results per status, untested included. */
export async function countsOfRuns(db: Database, runIds: string[]): Promise<Map<string, RunCounts>> {
  const counts = new Map(runIds.map((id) => [id, emptyCounts()]))
  if (runIds.length === 0) return counts
  const rows = await db
    .select({ runId: testRunCases.runId, status: sql<ResultStatus | null>`r.status`, count: sql<number>`count(*)` })
    .from(testRunCases)
    .leftJoin(sql`${testResults} r`, sql`r.id = ${latestOf(sql`test_run_case.id`)}`)
    .where(idsIn(sql`test_run_case.run_id`, runIds))
    .groupBy(testRunCases.runId, sql`r.status`)
  for (const row of rows) {
    const of = counts.get(row.runId)
    if (of) of[row.status ?? 'untested'] += row.count
  }
  return counts
}

/** Which of the ids are cases of the project that are not deleted. */
export async function liveCaseIds(db: Database, projectId: string, caseIds: string[]): Promise<Set<string>> {
  if (caseIds.length === 0) return new Set()
  const rows = await db
    .select({ id: testCases.id })
    .from(testCases)
    .where(and(eq(testCases.projectId, projectId), isNull(testCases.deletedAt), idsIn(sql`test_case.id`, caseIds)))
  return new Set(rows.map((row) => row.id))
}

export async function runsOf(db: Database, projectId: string, limit?: number) {
  const query = db
    .select({
      id: testRuns.id,
      name: testRuns.name,
      source: testRuns.source,
      suiteId: testRuns.suiteId,
      state: testRuns.state,
      assignees: testRuns.assignees,
      build: testRuns.build,
      createdBy: testRuns.createdBy,
      createdAt: testRuns.createdAt,
      startedAt: testRuns.startedAt,
      completedAt: testRuns.completedAt,
      updatedAt: testRuns.updatedAt,
    })
    .from(testRuns)
    .where(eq(testRuns.projectId, projectId))
    .orderBy(desc(testRuns.createdAt), desc(testRuns.id))
  const runs = limit ? await query.limit(limit) : await query
  const counts = await countsOfRuns(
    db,
    runs.map((run) => run.id),
  )
  return runs.map((run) => {
    const of = counts.get(run.id) ?? emptyCounts()
    return { ...run, counts: of, total: Object.values(of).reduce((sum, value) => sum + value, 0), passRate: passRate(of) }
  })
}

/** The runs started from a suite, newest first, with their pass rates (for the suite's page). */
export async function runsOfSuite(db: Database, suiteId: string) {
  const runs = await db.select({ id: testRuns.id, name: testRuns.name, state: testRuns.state, createdAt: testRuns.createdAt }).from(testRuns).where(eq(testRuns.suiteId, suiteId)).orderBy(desc(testRuns.createdAt)).limit(20)
  const counts = await countsOfRuns(
    db,
    runs.map((run) => run.id),
  )
  return runs.map((run) => ({ ...run, passRate: passRate(counts.get(run.id) ?? emptyCounts()) }))
}

/**
 * Creates a run with its cases frozen: each case is taken at its version at the moment of writing (read by SQL inside
 * the batch, so an edit saved just before cannot slip between), and a case deleted meanwhile is left out.
 */
export async function createRun(
  db: Database,
  projectId: string,
  fields: RunFields,
  source: { kind: RunSource; suiteId: string | null; rerunOf?: string },
  cases: FrozenCase[],
  actorId: string,
  now = new Date(),
): Promise<string> {
  const id = randomId()
  const frozen = JSON.stringify(cases.map((item) => ({ id: randomId(), caseId: item.caseId, section: item.sectionName, assignee: item.assigneeId ?? null })))
  // CROSS JOIN keeps the selection as the outer loop, each case found by its key: SQLite otherwise scanned the
  // selection once per case of the project (a run of 20,000 in a project of 40,000 did not finish in ten minutes).
  await runBatch(db, [
    db.insert(testRuns).values({ id, projectId, ...fields, source: source.kind, suiteId: source.suiteId, state: 'open', createdBy: actorId, createdAt: now, updatedAt: now }),
    db.run(
      sql`INSERT INTO ${testRunCases} (id, run_id, position, case_id, case_version, section_name, assignee_id)
        SELECT json_extract(j.value, '$.id'), ${id}, j.key, c.id, c.version, json_extract(j.value, '$.section'), json_extract(j.value, '$.assignee')
        FROM json_each(${frozen}) j CROSS JOIN ${testCases} c ON c.id = json_extract(j.value, '$.caseId')
        WHERE c.project_id = ${projectId} AND c.deleted_at IS NULL`,
    ),
    // Each case's default tester, if still a member, with the history saying who gave it (the run's creator).
    ...defaultAssigneeStatements(db, id, projectId, actorId, now),
    auditStatement(db, { projectId, actorId, entity: 'run', entityId: id, action: 'created', detail: { name: fields.name, source: source.kind, suiteId: source.suiteId, cases: cases.length, ...(source.rerunOf ? { rerunOf: source.rerunOf } : {}) } }, now),
  ])
  return id
}

/** Sets fields and moves the state over `expectedVersion` (the caller checked that the move is allowed); false when the run changed meanwhile. */
export async function updateRun(db: Database, run: RunRow, expectedVersion: number, changes: Partial<RunFields> & { state?: RunState }, actorId: string, now = new Date()): Promise<boolean> {
  const { state, ...fields } = changes
  const moves = state !== undefined && state !== run.state
  const stateChange = !moves
    ? {}
    : state === 'completed'
      ? { state, completedBy: actorId, completedAt: now, ...(run.startedAt ? {} : { startedBy: actorId, startedAt: now }) }
      : // Started, or reopened: a reopened run is no longer completed, and keeps when it was first started.
        { state, completedBy: null, completedAt: null, ...(run.startedAt ? {} : { startedBy: actorId, startedAt: now }) }
  const [updated] = await runBatch(db, [
    db
      .update(testRuns)
      .set({ ...fields, ...stateChange, version: sql`${testRuns.version} + 1`, updatedAt: now })
      .where(and(eq(testRuns.id, run.id), eq(testRuns.version, expectedVersion)))
      .returning({ version: testRuns.version }),
    auditStatement(
      db,
      {
        projectId: run.projectId,
        actorId,
        entity: 'run',
        entityId: run.id,
        action: moves ? (run.state === 'completed' ? 'reopened' : state === 'completed' ? 'completed' : 'started') : 'updated',
        detail: { ...fields, ...(moves ? { from: run.state, to: state } : {}) },
      },
      now,
      { afterChange: true },
    ),
    // A completed run's checks stop: nothing of them is recorded any more, so none may keep calling other servers.
    // (After the audit entry, which looks at the run update's changes().)
    ...(moves && state === 'completed' ? [cancelRunChecks(db, run.id)] : []),
  ])
  return (updated as unknown[]).length > 0
}

export async function deleteRun(db: Database, run: RunRow, actorId: string, now = new Date()): Promise<void> {
  await runBatch(db, [
    db.delete(testRuns).where(eq(testRuns.id, run.id)),
    auditStatement(db, { projectId: run.projectId, actorId, entity: 'run', entityId: run.id, action: 'deleted', detail: { name: run.name } }, now),
  ])
}

const RESULT_COLUMNS = {
  id: testResults.id,
  runCaseId: testResults.runCaseId,
  status: testResults.status,
  steps: testResults.steps,
  comment: testResults.comment,
  elapsedMs: testResults.elapsedMs,
  // Whole seconds, as the API answered before times were kept in milliseconds.
  elapsedSeconds: sql<number | null>`CAST(round(${testResults.elapsedMs} / 1000.0) AS INTEGER)`,
  defects: testResults.defects,
  retest: testResults.retest,
  caseVersion: testResults.caseVersion,
  recordedById: testResults.recordedBy,
  recordedBy: users.name,
  recordedAt: testResults.recordedAt,
  evidence: testResults.evidence,
}

export type ResultView = Awaited<ReturnType<typeof resultsOf>>[number]

/** A run case's results, newest first: its history, the first being the one that counts. */
export async function resultsOf(db: Database, runCaseId: string, limit = 500) {
  return db.select(RESULT_COLUMNS).from(testResults).leftJoin(users, eq(users.id, testResults.recordedBy)).where(eq(testResults.runCaseId, runCaseId)).orderBy(desc(testResults.id)).limit(limit)
}

/** Every result of a run, oldest first (the whole history of each case), for the run's export. */
export async function runResultsOf(db: Database, runId: string) {
  return db.select(RESULT_COLUMNS).from(testResults).leftJoin(users, eq(users.id, testResults.recordedBy)).where(eq(testResults.runId, runId)).orderBy(asc(testResults.id))
}

export async function latestResultOf(db: Database, runCaseId: string): Promise<ResultView | null> {
  const [row] = await resultsOf(db, runCaseId, 1)
  return row ?? null
}

export type RecordOutcome = { ok: true; id: number; started: boolean } | { ok: false; reason: 'completed' } | { ok: false; reason: 'stale'; latest: ResultView | null }

/**
 * Appends a result to a run case, at the case version the run pinned. Refused when the run is completed, or when the
 * latest result is not `expectedLatestResultId` (someone recorded since the tester looked) unless `force`. The first
 * result starts an open run. All of it is one batch: the condition is checked under the write lock, so of two
 * testers who saw the same latest result exactly one records.
 */
export async function recordResult(
  db: Database,
  run: RunRow,
  runCase: RunCaseRow,
  result: ResultInput,
  expectedLatestResultId: number | null,
  force: boolean,
  actorId: string,
  now = new Date(),
): Promise<RecordOutcome> {
  const notCompleted = sql`(SELECT state FROM ${testRuns} WHERE id = ${run.id}) <> 'completed'`
  const fresh = force ? sql`1` : sql`coalesce(${latestOf(runCase.id)}, 0) = ${expectedLatestResultId ?? 0}`
  const allowed = sql`${notCompleted} AND ${fresh}`
  const outcome = await runBatch(db, [
    db
      .update(testRuns)
      .set({ state: 'in_progress', startedBy: actorId, startedAt: now, version: sql`${testRuns.version} + 1`, updatedAt: now })
      .where(and(eq(testRuns.id, run.id), eq(testRuns.state, 'open'), allowed))
      .returning({ id: testRuns.id }),
    auditStatement(db, { projectId: run.projectId, actorId, entity: 'run', entityId: run.id, action: 'started', detail: { by: 'result' } }, now, { afterChange: true }),
    auditStatement(db, { projectId: run.projectId, actorId, entity: 'result', entityId: runCase.id, action: 'recorded', detail: { runId: run.id, status: result.status, forced: force } }, now, { when: allowed }),
    db.all<{ id: number }>(
      sql`INSERT INTO ${testResults} (run_id, run_case_id, status, steps, comment, elapsed_ms, defects, retest, case_version, recorded_by, recorded_at)
        SELECT ${run.id}, ${runCase.id}, ${result.status}, ${JSON.stringify(result.steps)}, ${result.comment}, ${resultElapsedMs(result)}, ${JSON.stringify(result.defects)},
          ${result.retest ? 1 : 0}, ${runCase.caseVersion}, ${actorId}, ${now.getTime()}
        WHERE ${allowed}
        RETURNING id`,
    ),
  ])
  const started = (outcome[0] as unknown[]).length > 0
  const [inserted] = outcome[3] as Array<{ id: number }>
  if (inserted) return { ok: true, id: Number(inserted.id), started }
  const current = await runById(db, run.id)
  if (current?.state === 'completed') return { ok: false, reason: 'completed' }
  return { ok: false, reason: 'stale', latest: await latestResultOf(db, runCase.id) }
}

/**
 * A run's cases in order: the case as it was at the pinned version (title and priority from that version's
 * snapshot), whether it changed since, who it is assigned to, and its latest result.
 */
export async function runContent(db: Database, runId: string) {
  const rows = await db
    .select({
      id: testRunCases.id,
      position: testRunCases.position,
      sectionName: testRunCases.sectionName,
      caseId: testRunCases.caseId,
      caseVersion: testRunCases.caseVersion,
      currentVersion: testCases.version,
      number: testCases.number,
      title: sql<string>`coalesce(json_extract(${testCaseVersions.snapshot}, '$.title'), ${testCases.title})`,
      priority: sql<string>`coalesce(json_extract(${testCaseVersions.snapshot}, '$.priority'), ${testCases.priority})`,
      deleted: sql<boolean>`${testCases.deletedAt} IS NOT NULL`.mapWith(Boolean),
      assigneeId: testRunCases.assigneeId,
      folder: testCases.folder,
      type: sql<'manual' | 'automated'>`coalesce(json_extract(${testCaseVersions.snapshot}, '$.type'), ${testCases.type})`,
      checkState: testRunCases.checkState,
      latestId: sql<number | null>`r.id`,
      latestStatus: sql<ResultStatus | null>`r.status`,
      latestAt: sql<number | null>`r.recorded_at`,
      latestBy: sql<string | null>`(SELECT name FROM ${users} u WHERE u.id = r.recorded_by)`,
      latestComment: sql<string | null>`r.comment`,
      latestRetest: sql<number | null>`r.retest`,
      results: sql<number>`(SELECT count(*) FROM ${testResults} x WHERE x.run_case_id = test_run_case.id)`,
    })
    .from(testRunCases)
    .innerJoin(testCases, eq(testCases.id, testRunCases.caseId))
    .leftJoin(testCaseVersions, and(eq(testCaseVersions.caseId, testRunCases.caseId), eq(testCaseVersions.version, testRunCases.caseVersion)))
    .leftJoin(sql`${testResults} r`, sql`r.id = ${latestOf(sql`test_run_case.id`)}`)
    .where(eq(testRunCases.runId, runId))
    .orderBy(asc(testRunCases.position))
  return rows.map(({ latestId, latestStatus, latestAt, latestBy, latestComment, latestRetest, ...row }) => ({
    ...row,
    latest:
      latestId !== null && latestStatus !== null
        ? { id: Number(latestId), status: latestStatus, recordedAt: new Date(Number(latestAt)), recordedBy: latestBy, comment: latestComment ?? '', retest: Boolean(latestRetest) }
        : null,
  }))
}

/** A step of a case as a run pinned it: written in the case, or a shared step written out at the version it had then. */
export type PinnedStep = ({ kind: 'step'; id: string } & StepText) | { kind: 'shared'; id: string; title: string | null; steps: StepText[] }

/** The steps (and preconditions) of a case at the version a run pinned, shared steps written out, for executing it. */
export async function pinnedCaseOf(db: Database, caseId: string, version: number): Promise<{ preconditions: string; steps: PinnedStep[] }> {
  const [row] = await db
    .select({ snapshot: testCaseVersions.snapshot })
    .from(testCaseVersions)
    .where(and(eq(testCaseVersions.caseId, caseId), eq(testCaseVersions.version, version)))
    .limit(1)
  if (!row) return { preconditions: '', steps: [] }
  const snapshot = JSON.parse(row.snapshot) as CaseSnapshot
  const refs = Object.entries(snapshot.sharedSteps ?? {}).map(([id, number]) => ({ id, version: number }))
  const texts = await sharedStepTexts(db, refs)
  const steps = snapshot.steps.map((step): PinnedStep => {
    if (step.kind === 'step') return step
    const text = texts.get(`${step.sharedStepId}@${snapshot.sharedSteps?.[step.sharedStepId] ?? 0}`)
    return { kind: 'shared', id: step.id, title: text?.title ?? null, steps: text?.steps ?? [] }
  })
  return { preconditions: snapshot.preconditions ?? '', steps }
}

/** The step ids of a case at a version (own steps and shared-step references alike), as a result names them. */
export async function stepIdsAt(db: Database, caseId: string, version: number): Promise<Set<string>> {
  const rows = await db.all<{ id: string }>(
    sql`SELECT json_extract(s.value, '$.id') AS id FROM ${testCaseVersions} v, json_each(v.snapshot, '$.steps') s WHERE v.case_id = ${caseId} AND v.version = ${version}`,
  )
  return new Set(rows.map((row) => row.id))
}

/** How many results a run holds (all of them, not only the latest). */
export async function resultCountOf(db: Database, runId: string): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)` }).from(testResults).where(eq(testResults.runId, runId))
  return row?.count ?? 0
}

/** Every run of a project with its frozen cases and all their results, for the project export (people by e-mail). */
export async function runsExport(db: Database, projectId: string, projectKey: string) {
  const [runs, cases, results] = await Promise.all([
    db.all<{ id: string; name: string; source: string; suite_id: string | null; portal_id: string | null; assignees: string; environment: string; build: string | null; commit: string | null; state: string; created_at: number; started_at: number | null; completed_at: number | null }>(
      sql`SELECT id, name, source, suite_id, portal_id, assignees, environment, build, "commit", state, created_at, started_at, completed_at FROM ${testRuns} WHERE project_id = ${projectId} ORDER BY created_at, id`,
    ),
    db.all<{ id: string; run_id: string; position: number; number: number; case_version: number; section_name: string; assignee: string | null }>(
      sql`SELECT rc.id, rc.run_id, rc.position, c.number, rc.case_version, rc.section_name, u.email AS assignee FROM ${testRunCases} rc
        JOIN ${testRuns} r ON r.id = rc.run_id JOIN ${testCases} c ON c.id = rc.case_id LEFT JOIN ${users} u ON u.id = rc.assignee_id
        WHERE r.project_id = ${projectId} ORDER BY rc.run_id, rc.position`,
    ),
    db.all<{ run_case_id: string; id: number; status: string; steps: string; comment: string; elapsed_ms: number | null; defects: string; retest: number; case_version: number; recorded_by: string | null; recorded_at: number; evidence: string | null }>(
      sql`SELECT t.run_case_id, t.id, t.status, t.steps, t.comment, t.elapsed_ms, t.defects, t.retest, t.case_version, u.email AS recorded_by, t.recorded_at, t.evidence
        FROM ${testResults} t JOIN ${testRuns} r ON r.id = t.run_id LEFT JOIN ${users} u ON u.id = t.recorded_by WHERE r.project_id = ${projectId} ORDER BY t.id`,
    ),
  ])
  const emails = new Map((await db.select({ id: users.id, email: users.email }).from(users).where(sql`${users.id} IN (SELECT value FROM ${testRuns} r, json_each(r.assignees) WHERE r.project_id = ${projectId})`)).map((row) => [row.id, row.email]))
  const resultsByCase = new Map<string, typeof results>()
  for (const result of results) resultsByCase.set(result.run_case_id, [...(resultsByCase.get(result.run_case_id) ?? []), result])
  return runs.map((run) => ({
    id: run.id,
    name: run.name,
    source: run.source,
    suiteId: run.suite_id,
    portalId: run.portal_id,
    assignees: (JSON.parse(run.assignees) as string[]).map((id) => emails.get(id) ?? id),
    environment: run.environment,
    build: run.build,
    commit: run.commit,
    state: run.state,
    createdAt: new Date(run.created_at),
    startedAt: run.started_at === null ? null : new Date(run.started_at),
    completedAt: run.completed_at === null ? null : new Date(run.completed_at),
    cases: cases
      .filter((item) => item.run_id === run.id)
      .map((item) => ({
        key: caseKey(projectKey, item.number),
        caseVersion: item.case_version,
        section: item.section_name,
        assignee: item.assignee,
        results: (resultsByCase.get(item.id) ?? []).map((result) => ({
          status: result.status,
          steps: JSON.parse(result.steps) as unknown,
          comment: result.comment,
          elapsedSeconds: result.elapsed_ms === null ? null : Math.round(result.elapsed_ms / 1000),
          elapsedMs: result.elapsed_ms,
          defects: JSON.parse(result.defects) as unknown,
          retest: result.retest === 1,
          caseVersion: result.case_version,
          recordedBy: result.recorded_by,
          recordedAt: new Date(result.recorded_at),
          evidence: result.evidence === null ? null : (JSON.parse(result.evidence) as unknown),
        })),
      })),
  }))
}
