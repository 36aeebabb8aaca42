import { and, eq, isNull, sql } from 'drizzle-orm'
import { runBatch, type Database } from '../../db/client.server.ts'
import { testCases } from '../../db/schema/test-case.ts'
import { testResults } from '../../db/schema/test-result.ts'
import { testRunCases } from '../../db/schema/test-run-case.ts'
import { testRuns } from '../../db/schema/test-run.ts'
import { checkCustomValues } from '../../lib/domain/custom-field-checks.ts'
import {
  JUNIT_MAX_UNMATCHED_LISTED,
  junitCaseFolder,
  junitCaseTitle,
  junitComment,
  junitElapsed,
  junitEvidence,
  matchJunitCases,
  type JunitCase,
  type JunitReport,
} from '../../lib/domain/junit-import.ts'
import type { ResultStatus } from '../../lib/domain/test-runs.ts'
import { TestCaseFieldsSchema } from '../../lib/forms/test-management-schemas.ts'
import { randomId } from '../auth/tokens.server.ts'
import { caseContext } from './case-fields.server.ts'
import { auditStatement } from './projects.server.ts'
import { createCaseStatements, reserveCaseNumbers, versionStatement } from './test-cases.server.ts'
import type { RunRow } from './test-runs.server.ts'

// JUnit XML into a run (docs/junit-import.md): the report was read and checked before anything here runs; this
// matches it to the project's cases and writes in short slices (docs/decisions/012-database-writes.md): new cases,
// then the cases the run lacks appended to it in one statement, then the results a few hundred rows per batch.

/** Rows per batch, and the most JSON one batch binds (evidence carries up to a few kilobytes per text). */
const SLICE_ROWS = 250
const SLICE_BYTES = 2 * 1024 * 1024

export type JunitImportSummary = {
  cases: number
  recorded: number
  created: number
  addedToRun: number
  unmatched: string[]
  unmatchedCount: number
  counts: Record<ResultStatus, number>
  /** Message keys (locale group `junit`) with their values, translated where they are shown. */
  warnings: Array<{ code: string; params: Record<string, string | number> }>
}

/** Why writing stopped before the end: the run was completed meanwhile (what was written before stays). */
export type JunitImportOutcome = { ok: true; summary: JunitImportSummary } | { ok: false; reason: 'completed'; summary: JunitImportSummary }

async function liveCases(db: Database, projectId: string) {
  return db
    .select({ id: testCases.id, number: testCases.number, title: testCases.title })
    .from(testCases)
    .where(and(eq(testCases.projectId, projectId), isNull(testCases.deletedAt)))
}

async function runCaseRefs(db: Database, runId: string) {
  return db.select({ id: testRunCases.id, caseId: testRunCases.caseId }).from(testRunCases).where(eq(testRunCases.runId, runId))
}

/** Creates the unknown cases (automated, active, tagged `junit`, filed under their suite path); answers their ids in order. */
async function createCases(db: Database, projectId: string, reports: JunitCase[], actorId: string, now: Date): Promise<string[]> {
  const first = await reserveCaseNumbers(db, projectId, reports.length)
  const ids: string[] = []
  for (let start = 0; start < reports.length; start += SLICE_ROWS) {
    const saveId = randomId()
    const statements: unknown[] = []
    reports.slice(start, start + SLICE_ROWS).forEach((report, index) => {
      const fields = TestCaseFieldsSchema.parse({ title: junitCaseTitle(report), type: 'automated', state: 'active', tags: ['junit'], folder: junitCaseFolder(report.suitePath) })
      const created = createCaseStatements(db, projectId, first + start + index, fields, actorId, 'imported', saveId, now)
      ids.push(created.id)
      statements.push(...created.statements)
    })
    statements.push(versionStatement(db, saveId, 'imported', actorId, now))
    await runBatch(db, statements)
  }
  return ids
}

/** Appends cases to the end of a run, each at its current version, in one statement; answers how many were added. */
async function appendToRun(db: Database, run: RunRow, caseIds: string[], actorId: string, now: Date): Promise<number> {
  if (caseIds.length === 0) return 0
  const rows = JSON.stringify(caseIds.map((caseId) => ({ id: randomId(), caseId })))
  const [inserted] = await runBatch(db, [
    db.all(
      sql`INSERT INTO ${testRunCases} (id, run_id, position, case_id, case_version, section_name)
        SELECT json_extract(j.value, '$.id'), ${run.id}, (SELECT coalesce(max(position), -1) + 1 FROM ${testRunCases} WHERE run_id = ${run.id}) + j.key, c.id, c.version, ''
        FROM json_each(${rows}) j JOIN ${testCases} c ON c.id = json_extract(j.value, '$.caseId')
        WHERE c.project_id = ${run.projectId} AND c.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM ${testRunCases} x WHERE x.run_id = ${run.id} AND x.case_id = c.id)
          AND (SELECT state FROM ${testRuns} WHERE id = ${run.id}) <> 'completed'
        ORDER BY j.key
        RETURNING id`,
    ),
    auditStatement(db, { projectId: run.projectId, actorId, entity: 'run', entityId: run.id, action: 'cases-added', detail: { by: 'junit', cases: caseIds.length } }, now, { afterChange: true }),
  ])
  return (inserted as unknown[]).length
}

type ResultRow = { runCaseId: string; status: ResultStatus; comment: string; elapsed: number | null; evidence: unknown }

/**
 * Appends the results in slices. The first slice starts an open run, as a first result does; every slice is refused
 * by its own condition once the run is completed, and then writing stops.
 */
async function appendResults(db: Database, run: RunRow, rows: ResultRow[], file: string, actorId: string, now: Date): Promise<{ recorded: number; stopped: boolean }> {
  let recorded = 0
  let index = 0
  let first = true
  const notCompleted = sql`(SELECT state FROM ${testRuns} WHERE id = ${run.id}) <> 'completed'`
  while (index < rows.length) {
    const slice: string[] = []
    let size = 0
    while (index < rows.length && slice.length < SLICE_ROWS && (slice.length === 0 || size < SLICE_BYTES)) {
      const json = JSON.stringify(rows[index])
      slice.push(json)
      size += json.length
      index += 1
    }
    const last = index >= rows.length
    const statements: unknown[] = []
    if (first) {
      statements.push(
        db
          .update(testRuns)
          .set({ state: 'in_progress', startedBy: actorId, startedAt: now, version: sql`${testRuns.version} + 1`, updatedAt: now })
          .where(and(eq(testRuns.id, run.id), eq(testRuns.state, 'open')))
          .returning({ id: testRuns.id }),
        auditStatement(db, { projectId: run.projectId, actorId, entity: 'run', entityId: run.id, action: 'started', detail: { by: 'junit' } }, now, { afterChange: true }),
      )
    }
    const insertAt = statements.length
    statements.push(
      db.all(
        sql`INSERT INTO ${testResults} (run_id, run_case_id, status, steps, comment, elapsed_seconds, defects, retest, case_version, recorded_by, recorded_at, evidence)
          SELECT ${run.id}, rc.id, json_extract(j.value, '$.status'), '[]', json_extract(j.value, '$.comment'), json_extract(j.value, '$.elapsed'), '[]', 0,
            rc.case_version, ${actorId}, ${now.getTime()}, json(json_extract(j.value, '$.evidence'))
          FROM json_each(${`[${slice.join(',')}]`}) j JOIN ${testRunCases} rc ON rc.id = json_extract(j.value, '$.runCaseId') AND rc.run_id = ${run.id}
          WHERE ${notCompleted}
          ORDER BY j.key
          RETURNING id`,
      ),
    )
    if (last) {
      statements.push(auditStatement(db, { projectId: run.projectId, actorId, entity: 'result', entityId: run.id, action: 'imported', detail: { runId: run.id, file, results: recorded + slice.length } }, now, { when: notCompleted }))
    }
    const outcome = await runBatch(db, statements)
    const inserted = (outcome[insertAt] as unknown[]).length
    recorded += inserted
    first = false
    if (inserted === 0 && slice.length > 0) return { recorded, stopped: true }
  }
  return { recorded, stopped: false }
}

/**
 * Matches a report to the run's project and writes it: unknown cases created (`createUnknown`, else listed), matched
 * cases the run lacks appended to it, then one result per case, recorded by `actorId` at the version the run pinned.
 */
export async function importJunitReport(
  db: Database,
  run: RunRow,
  projectKey: string,
  report: JunitReport,
  options: { file: string; createUnknown: boolean; actorId: string; now?: Date },
): Promise<JunitImportOutcome> {
  const now = options.now ?? new Date()
  const [projectCases, runCases] = await Promise.all([liveCases(db, run.projectId), runCaseRefs(db, run.id)])
  const match = matchJunitCases(report.cases, projectKey, projectCases, runCases)
  const warnings: JunitImportSummary['warnings'] = report.warnings.map((warning) => ({ code: `junit.warning_${warning.code}`, params: { count: warning.count } }))
  const unmatched = match.unmatched.map((item) => item.report.fullName)
  for (const reason of ['pinOtherProject', 'pinMissing'] as const) {
    const count = match.unmatched.filter((item) => item.reason === reason).length
    if (count > 0) warnings.push({ code: `junit.warning_${reason}`, params: { count } })
  }

  let toCreate: JunitCase[] = []
  if (match.unknown.length > 0 && options.createUnknown) {
    // A project whose cases must have a value in some custom field gets no cases without one.
    const context = await caseContext(db, run.projectId)
    const { issues } = checkCustomValues(context.fields, {}, context.memberIds)
    if (Object.keys(issues).length > 0) {
      warnings.push({ code: 'junit.warning_requiredFields', params: { count: match.unknown.length } })
      unmatched.push(...match.unknown.map((item) => item.fullName))
    } else toCreate = match.unknown
  } else unmatched.push(...match.unknown.map((item) => item.fullName))

  const targets: Array<{ report: JunitCase; caseId: string }> = match.matched.map((item) => ({ report: item.report, caseId: item.caseId }))
  const createdIds = toCreate.length > 0 ? await createCases(db, run.projectId, toCreate, options.actorId, now) : []
  toCreate.forEach((report, index) => targets.push({ report, caseId: createdIds[index]! }))

  const missing = [...new Set(targets.map((item) => item.caseId))].filter((caseId) => !runCases.some((runCase) => runCase.caseId === caseId))
  const addedToRun = await appendToRun(db, run, missing, options.actorId, now)
  const runCaseOf = new Map((missing.length > 0 ? await runCaseRefs(db, run.id) : runCases).map((item) => [item.caseId, item.id]))

  const rows: ResultRow[] = []
  const counts: Record<ResultStatus, number> = { passed: 0, failed: 0, blocked: 0, skipped: 0 }
  for (const { report: item, caseId } of targets) {
    const runCaseId = runCaseOf.get(caseId)
    if (!runCaseId) continue
    counts[item.status] += 1
    rows.push({ runCaseId, status: item.status, comment: junitComment(item), elapsed: junitElapsed(item), evidence: junitEvidence(item, options.file, report.suiteOutputs) })
  }
  const written = await appendResults(db, run, rows, options.file, options.actorId, now)
  const summary: JunitImportSummary = {
    cases: report.cases.length,
    recorded: written.recorded,
    created: createdIds.length,
    addedToRun,
    unmatched: unmatched.slice(0, JUNIT_MAX_UNMATCHED_LISTED),
    unmatchedCount: unmatched.length,
    counts,
    warnings,
  }
  return written.stopped ? { ok: false, reason: 'completed', summary } : { ok: true, summary }
}
