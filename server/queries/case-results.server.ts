import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { testResults } from '../../db/schema/test-result.ts'
import { testRunCases } from '../../db/schema/test-run-case.ts'
import { testRuns } from '../../db/schema/test-run.ts'
import { users } from '../../db/schema/user.ts'
import { CASE_RESULTS_FILTER_OPTIONS, CASE_RESULTS_PAGE_SIZE, OUTCOME_STRIP_LENGTH, STALE_RUNS_LIMIT, type CaseResultsQuery } from '../../lib/domain/case-results.ts'
import type { ResultEvidence, ResultStatus, RunState, StepResult } from '../../lib/domain/test-runs.ts'

// A case's results across runs (the history on the case page) and the runs nobody touched for a while. Every read is
// bounded: a case can have thousands of results, so the history is a page of them, counted with the same filters.

type HistoryRow = {
  id: number
  run_case_id: string
  status: ResultStatus
  steps: string
  comment: string
  defects: string
  evidence: string | null
  case_version: number
  elapsed_ms: number | null
  recorded_at: number
  recorded_by: string | null
  run_id: string
  run_name: string
  run_state: RunState
  build: string | null
  environment: string
}

function filtersOf(caseId: string, query: Pick<CaseResultsQuery, 'status' | 'runId' | 'build'>): SQL {
  const parts: SQL[] = [sql`rc.case_id = ${caseId}`]
  if (query.status) parts.push(sql`t.status = ${query.status}`)
  if (query.runId) parts.push(sql`t.run_id = ${query.runId}`)
  if (query.build) parts.push(sql`r.build = ${query.build}`)
  return sql.join(parts, sql` AND `)
}

/**
 * A page of a case's results in every run, newest first, with the run each belongs to and the filters applied, and
 * how many match in all. The results are found through the case's run cases (test_run_case_of_case_idx), then each
 * run case's results by its index.
 */
export async function caseResultsPage(db: Database, caseId: string, query: CaseResultsQuery, pageSize: number = CASE_RESULTS_PAGE_SIZE) {
  const where = filtersOf(caseId, query)
  const from = sql`${testResults} t JOIN ${testRunCases} rc ON rc.id = t.run_case_id JOIN ${testRuns} r ON r.id = t.run_id`
  const [rows, [counted]] = await Promise.all([
    db.all<HistoryRow>(
      sql`SELECT t.id, t.run_case_id, t.status, t.steps, t.comment, t.defects, t.evidence, t.case_version, t.elapsed_ms, t.recorded_at,
          (SELECT name FROM ${users} u WHERE u.id = t.recorded_by) AS recorded_by, r.id AS run_id, r.name AS run_name, r.state AS run_state, r.build, r.environment
        FROM ${from} WHERE ${where} ORDER BY t.id DESC LIMIT ${pageSize} OFFSET ${(query.page - 1) * pageSize}`,
    ),
    db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${from} WHERE ${where}`),
  ])
  return {
    total: Number(counted?.n ?? 0),
    results: rows.map((row) => ({
      id: Number(row.id),
      runCaseId: row.run_case_id,
      status: row.status,
      steps: JSON.parse(row.steps) as StepResult[],
      comment: row.comment,
      defects: JSON.parse(row.defects) as string[],
      evidence: row.evidence === null ? null : (JSON.parse(row.evidence) as ResultEvidence),
      caseVersion: row.case_version,
      elapsedMs: row.elapsed_ms,
      recordedAt: new Date(Number(row.recorded_at)),
      recordedBy: row.recorded_by,
      run: { id: row.run_id, name: row.run_name, state: row.run_state, build: row.build, environment: row.environment },
    })),
  }
}

/**
 * The case's outcome in each of its newest runs (the latest result of its run case, null when untested), newest
 * first: the strip above the history.
 */
export async function caseOutcomeStrip(db: Database, caseId: string, length: number = OUTCOME_STRIP_LENGTH) {
  const rows = await db.all<{ run_id: string; run_name: string; created_at: number; status: ResultStatus | null; recorded_at: number | null }>(
    sql`SELECT r.id AS run_id, r.name AS run_name, r.created_at, t.status, t.recorded_at
      FROM ${testRunCases} rc JOIN ${testRuns} r ON r.id = rc.run_id
      LEFT JOIN ${testResults} t ON t.id = (SELECT max(x.id) FROM ${testResults} x WHERE x.run_case_id = rc.id)
      WHERE rc.case_id = ${caseId} ORDER BY r.created_at DESC, r.id DESC LIMIT ${length}`,
  )
  return rows.map((row) => ({ runId: row.run_id, runName: row.run_name, runCreatedAt: new Date(Number(row.created_at)), status: row.status, recordedAt: row.recorded_at === null ? null : new Date(Number(row.recorded_at)) }))
}

/** What the history's filters offer: the case's newest runs and the builds they tested (bounded). */
export async function caseResultsFilterOptions(db: Database, caseId: string, limit: number = CASE_RESULTS_FILTER_OPTIONS) {
  const [runs, builds] = await Promise.all([
    db.all<{ id: string; name: string }>(
      sql`SELECT r.id, r.name FROM ${testRunCases} rc JOIN ${testRuns} r ON r.id = rc.run_id WHERE rc.case_id = ${caseId} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit}`,
    ),
    db.all<{ build: string }>(
      sql`SELECT r.build FROM ${testRunCases} rc JOIN ${testRuns} r ON r.id = rc.run_id WHERE rc.case_id = ${caseId} AND r.build IS NOT NULL AND r.build <> ''
        GROUP BY r.build ORDER BY max(r.created_at) DESC LIMIT ${limit}`,
    ),
  ])
  return { runs, builds: builds.map((row) => row.build) }
}

/**
 * The project's runs that are not completed and that nobody touched since `before`: neither the run itself (a field,
 * its state) nor a result recorded in it. Longest untouched first.
 */
export async function staleRunsOf(db: Database, projectId: string, before: Date, limit: number = STALE_RUNS_LIMIT) {
  // The latest result of a run is its highest id (test_result_run_idx), so this reads one row per run.
  const rows = await db.all<{ id: string; name: string; state: RunState; version: number; touched: number; cases: number; untested: number }>(
    sql`SELECT * FROM (
        SELECT r.id, r.name, r.state, r.version,
          max(r.updated_at, coalesce((SELECT t.recorded_at FROM ${testResults} t WHERE t.run_id = r.id ORDER BY t.id DESC LIMIT 1), 0)) AS touched,
          (SELECT count(*) FROM ${testRunCases} rc WHERE rc.run_id = r.id) AS cases,
          (SELECT count(*) FROM ${testRunCases} rc WHERE rc.run_id = r.id AND NOT EXISTS (SELECT 1 FROM ${testResults} t WHERE t.run_case_id = rc.id)) AS untested
        FROM ${testRuns} r WHERE r.project_id = ${projectId} AND r.state <> 'completed'
      ) WHERE touched < ${before.getTime()} ORDER BY touched ASC, id LIMIT ${limit}`,
  )
  return rows.map((row) => ({ id: row.id, name: row.name, state: row.state, version: Number(row.version), touchedAt: new Date(Number(row.touched)), cases: Number(row.cases), untested: Number(row.untested) }))
}
