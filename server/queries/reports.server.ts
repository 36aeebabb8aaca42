import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { FINDING_MESSAGE_CODES } from '../../lib/domain/checks.ts'
import { portals } from '../../db/schema/portal.ts'
import { testCaseVersions } from '../../db/schema/test-case-version.ts'
import { testCases } from '../../db/schema/test-case.ts'
import { testResults } from '../../db/schema/test-result.ts'
import { testRunCases } from '../../db/schema/test-run-case.ts'
import { testRuns } from '../../db/schema/test-run.ts'
import { testSuites } from '../../db/schema/test-suite.ts'
import { REPORT_LIMITS, type CauseSource, type FlakyInput, type ReportFilters } from '../../lib/domain/reports.ts'
import type { Priority } from '../../lib/domain/test-management.ts'
import { emptyCounts, type ResultStatus, type RunState } from '../../lib/domain/test-runs.ts'
import { countsOfRuns } from './test-runs.server.ts'

// The aggregates of a project's reports (docs/reports.md). Everything is counted over the latest result of each run
// case of the report's runs (the newest runs that match the filters, at most REPORT_LIMITS.runs), the case as the run
// pinned it (its version's snapshot; the case row for versions older than snapshots).

/** The report's runs as one bound JSON parameter (D1 binds at most 100 parameters per statement). */
const inRuns = (column: SQL, runIds: readonly string[]) => sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(runIds)}))`

const FINDINGS = JSON.stringify(FINDING_MESSAGE_CODES)
const decides = (message: SQL) => sql`json_extract(${message}, '$.code') NOT IN (SELECT value FROM json_each(${FINDINGS}))`

/** A check evidence's deciding message as JSON, as `decidingMessage` (lib/domain/checks.ts) picks it. */
function decidingMessageSql(evidence: SQL, status: SQL): SQL {
  return sql`coalesce(
    (SELECT m.value FROM json_each(${evidence}, '$.messages') m WHERE ${decides(sql`m.value`)} ORDER BY m.key LIMIT 1),
    (SELECT m.value FROM json_each(${evidence}, '$.items') i, json_each(i.value, '$.messages') m
      WHERE json_extract(i.value, '$.outcome') = ${status} AND ${decides(sql`m.value`)} ORDER BY i.key, m.key LIMIT 1),
    json_extract(${evidence}, '$.messages[0]'))`
}

/**
 * The run cases of the report's runs, one row each, with what the reports group by: the case as pinned, the latest
 * result's status, and the parts of its evidence that an automated check leaves (kind, check type, first message
 * code, duration).
 */
function factsOf(runIds: readonly string[]): SQL {
  return sql`SELECT rc.id AS run_case_id, rc.run_id, rc.case_id, c.number,
      coalesce(json_extract(v.snapshot, '$.title'), c.title) AS title,
      coalesce(json_extract(v.snapshot, '$.priority'), c.priority) AS priority,
      coalesce(json_extract(v.snapshot, '$.folder'), c.folder) AS folder,
      CASE WHEN v.snapshot IS NULL THEN c.target ELSE json_extract(v.snapshot, '$.target') END AS target,
      CASE WHEN v.snapshot IS NULL OR json_type(v.snapshot, '$.check') IS NULL THEN c."check" ELSE json_extract(v.snapshot, '$.check') END AS case_check,
      r.status, r.comment, r.recorded_at,
      CASE WHEN json_valid(r.evidence) THEN json_extract(r.evidence, '$.kind') END AS evidence_kind,
      CASE WHEN json_valid(r.evidence) THEN json_extract(r.evidence, '$.check') END AS check_type,
      CASE WHEN json_valid(r.evidence) AND json_extract(r.evidence, '$.kind') = 'check' THEN ${decidingMessageSql(sql`r.evidence`, sql`r.status`)} END AS deciding_message,
      CASE WHEN json_valid(r.evidence) THEN json_extract(r.evidence, '$.durationMs') END AS duration_ms
    FROM ${testRunCases} rc
    JOIN ${testCases} c ON c.id = rc.case_id
    LEFT JOIN ${testCaseVersions} v ON v.case_id = rc.case_id AND v.version = rc.case_version
    LEFT JOIN ${testResults} r ON r.id = (SELECT max(x.id) FROM ${testResults} x WHERE x.run_case_id = rc.id)
    WHERE ${inRuns(sql`rc.run_id`, runIds)}`
}

/** The newest runs of a project that match the filters (at most `limit`), with their counts, suite and portal. */
export async function reportRuns(db: Database, projectId: string, filters: ReportFilters, since: Date | null, limit: number = REPORT_LIMITS.runs) {
  const conditions: SQL[] = [sql`t.project_id = ${projectId}`]
  if (since) conditions.push(sql`t.created_at >= ${since.getTime()}`)
  if (filters.suiteId) conditions.push(sql`t.suite_id = ${filters.suiteId}`)
  if (filters.portalId) conditions.push(sql`t.portal_id = ${filters.portalId}`)
  if (filters.state) conditions.push(sql`t.state = ${filters.state}`)
  const where = sql.join(conditions, sql` AND `)
  const [rows, [matching], [all]] = await Promise.all([
    db.all<{ id: string; name: string; state: RunState; created_at: number; suite_id: string | null; suite_name: string | null; portal_id: string | null; portal_name: string | null }>(
      sql`SELECT t.id, t.name, t.state, t.created_at, t.suite_id, s.name AS suite_name, t.portal_id, p.name AS portal_name
        FROM ${testRuns} t LEFT JOIN ${testSuites} s ON s.id = t.suite_id LEFT JOIN ${portals} p ON p.id = t.portal_id
        WHERE ${where} ORDER BY t.created_at DESC, t.id DESC LIMIT ${limit}`,
    ),
    db.all<{ count: number }>(sql`SELECT count(*) AS count FROM ${testRuns} t WHERE ${where}`),
    db.all<{ count: number }>(sql`SELECT count(*) AS count FROM ${testRuns} t WHERE t.project_id = ${projectId}`),
  ])
  const counts = await countsOfRuns(
    db,
    rows.map((row) => row.id),
  )
  return {
    matching: Number(matching?.count ?? 0),
    all: Number(all?.count ?? 0),
    runs: rows.map((row) => ({
      id: row.id,
      name: row.name,
      state: row.state,
      createdAt: new Date(Number(row.created_at)),
      suiteId: row.suite_id,
      suiteName: row.suite_name,
      portalId: row.portal_id,
      portalName: row.portal_name,
      counts: counts.get(row.id) ?? emptyCounts(),
    })),
  }
}

type StatusCount<K> = { key: K; status: ResultStatus | null; count: number }

/** Latest results per case priority, folder and dataset (a dataset target, or the dataset its check looks at). */
export async function reportGroups(db: Database, runIds: readonly string[]) {
  const facts = factsOf(runIds)
  const [priority, folder, dataset] = await Promise.all([
    db.all<StatusCount<Priority>>(sql`SELECT priority AS key, status, count(*) AS count FROM (${facts}) GROUP BY priority, status`),
    // The biggest folders: the rest would make the chart unreadable, and the export has the report's runs anyway.
    db.all<StatusCount<string>>(
      sql`WITH f AS (${facts}), top AS (SELECT folder FROM f GROUP BY folder ORDER BY count(*) DESC, folder LIMIT ${REPORT_LIMITS.groups})
        SELECT f.folder AS key, f.status, count(*) AS count FROM f JOIN top ON top.folder = f.folder GROUP BY f.folder, f.status`,
    ),
    db.all<StatusCount<string> & { label: string }>(
      sql`WITH f AS (${facts}), d AS (
          SELECT CASE WHEN json_extract(target, '$.kind') = 'dataset' THEN json_extract(target, '$.id')
              WHEN coalesce(json_extract(case_check, '$.dataset'), '') <> '' THEN json_extract(case_check, '$.dataset') END AS key,
            CASE WHEN json_extract(target, '$.kind') = 'dataset' THEN coalesce(nullif(json_extract(target, '$.label'), ''), json_extract(target, '$.id'))
              ELSE json_extract(case_check, '$.dataset') END AS label,
            status
          FROM f),
        top AS (SELECT key FROM d WHERE key IS NOT NULL GROUP BY key ORDER BY count(*) DESC, key LIMIT ${REPORT_LIMITS.groups})
        SELECT d.key, max(d.label) AS label, d.status, count(*) AS count FROM d JOIN top ON top.key = d.key GROUP BY d.key, d.status`,
    ),
  ])
  return { priority, folder, dataset }
}

/** Blocked latest results by cause (an automated check's deciding message as JSON, else the comment's first line). */
export async function blockedCauseRows(db: Database, runIds: readonly string[]) {
  return db.all<{ source: CauseSource; cause: string | null; count: number }>(
    sql`SELECT CASE WHEN evidence_kind = 'check' THEN 'check' ELSE 'comment' END AS source,
        CASE WHEN evidence_kind = 'check' THEN deciding_message ELSE substr(comment, 1, instr(comment || char(10), char(10)) - 1) END AS cause,
        count(*) AS count
      FROM (${factsOf(runIds)}) WHERE status = 'blocked' GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 500`,
  )
}

/** Automated checks' latest results per check type: how many, and how many failed or were blocked. */
export async function checkOutcomes(db: Database, runIds: readonly string[]) {
  const rows = await db.all<{ check: string; failed: number; blocked: number; total: number }>(
    sql`SELECT coalesce(check_type, '') AS "check", sum(status = 'failed') AS failed, sum(status = 'blocked') AS blocked, count(*) AS total
      FROM (${factsOf(runIds)}) WHERE evidence_kind = 'check' GROUP BY 1 ORDER BY 2 + 3 DESC, 1`,
  )
  return rows.map((row) => ({ check: row.check, failed: Number(row.failed), blocked: Number(row.blocked), total: Number(row.total) }))
}

/** The automated checks that took longest, by their latest result's duration. */
export async function slowestChecks(db: Database, runIds: readonly string[], limit: number = REPORT_LIMITS.slowest) {
  const rows = await db.all<{ case_id: string; number: number; title: string; run_id: string; run_name: string; check: string; status: ResultStatus; duration_ms: number }>(
    sql`SELECT f.case_id, f.number, f.title, f.run_id, t.name AS run_name, coalesce(f.check_type, '') AS "check", f.status, f.duration_ms
      FROM (${factsOf(runIds)}) f JOIN ${testRuns} t ON t.id = f.run_id
      WHERE f.evidence_kind = 'check' AND typeof(f.duration_ms) IN ('integer', 'real')
      ORDER BY f.duration_ms DESC, f.run_case_id LIMIT ${limit}`,
  )
  return rows.map((row) => ({ caseId: row.case_id, number: Number(row.number), title: row.title, runId: row.run_id, runName: row.run_name, check: row.check, status: row.status, durationMs: Number(row.duration_ms) }))
}

/**
 * The latest results of the cases that may be flaky: among each case's `window` newest runs of the report, those with
 * both a pass and a failure (the flips are counted by lib/domain/reports.ts).
 */
export async function flakyCandidates(db: Database, runIds: readonly string[], window: number = REPORT_LIMITS.flakyWindow) {
  const rows = await db.all<{ case_id: string; run_id: string; created_at: number; status: ResultStatus | null; number: number; title: string }>(
    sql`WITH f AS (
        SELECT rc.case_id, rc.run_id, t.created_at, r.status,
          row_number() OVER (PARTITION BY rc.case_id ORDER BY t.created_at DESC, t.id DESC) AS n
        FROM ${testRunCases} rc
        JOIN ${testRuns} t ON t.id = rc.run_id
        LEFT JOIN ${testResults} r ON r.id = (SELECT max(x.id) FROM ${testResults} x WHERE x.run_case_id = rc.id)
        WHERE ${inRuns(sql`rc.run_id`, runIds)}),
      w AS (SELECT * FROM f WHERE n <= ${window}),
      flaky AS (SELECT case_id FROM w GROUP BY case_id HAVING sum(status = 'passed') > 0 AND sum(status = 'failed') > 0)
      SELECT w.case_id, w.run_id, w.created_at, w.status, c.number, c.title
      FROM w JOIN flaky ON flaky.case_id = w.case_id JOIN ${testCases} c ON c.id = w.case_id
      ORDER BY w.case_id, w.n LIMIT 10000`,
  )
  const cases = new Map(rows.map((row) => [row.case_id, { number: Number(row.number), title: row.title }]))
  const results: FlakyInput[] = rows.map((row) => ({ caseId: row.case_id, runId: row.run_id, runCreatedAt: new Date(Number(row.created_at)), status: row.status }))
  return { cases, results }
}

/** How many results (all of them, not only the latest) were recorded per UTC day in the report's runs. */
export async function resultsPerDay(db: Database, runIds: readonly string[]) {
  const rows = await db.all<{ day: string; count: number }>(
    sql`SELECT strftime('%Y-%m-%d', recorded_at / 1000, 'unixepoch') AS day, count(*) AS count FROM ${testResults} WHERE ${inRuns(sql`run_id`, runIds)} GROUP BY 1`,
  )
  return rows.map((row) => ({ day: row.day, count: Number(row.count) }))
}

/** The suites of a project, for the report's filter. */
export async function suiteChoices(db: Database, projectId: string) {
  return db.all<{ id: string; name: string }>(sql`SELECT id, name FROM ${testSuites} WHERE project_id = ${projectId} ORDER BY name COLLATE NOCASE, id`)
}
