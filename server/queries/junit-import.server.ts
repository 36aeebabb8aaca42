import { and, eq, isNull, sql } from 'drizzle-orm'
import { busyErrorIn } from '../../db/busy.server.ts'
import { backgroundDbFor, runBatch, type Database } from '../../db/client.server.ts'
import { testCases } from '../../db/schema/test-case.ts'
import { testResults } from '../../db/schema/test-result.ts'
import { testRunCases } from '../../db/schema/test-run-case.ts'
import { testRuns } from '../../db/schema/test-run.ts'
import { checkCustomValues } from '../../lib/domain/custom-field-checks.ts'
import { JUNIT_MAX_UNMATCHED_LISTED, junitCaseFolder, junitCaseTitle, junitComment, junitElapsedMs, junitEvidence, matchJunitCases } from '../../lib/domain/junit-match.ts'
import type { JunitCase, JunitReport } from '../../lib/domain/junit-read.ts'
import type { ResultStatus } from '../../lib/domain/test-runs.ts'
import { TestCaseFieldsSchema } from '../../lib/forms/test-management-schemas.ts'
import { randomId } from '../auth/tokens.server.ts'
import { nextTurn } from '../next-turn.server.ts'
import { caseContext } from './case-fields.server.ts'
import { auditStatement } from './projects.server.ts'
import { versionStatement } from './case-versions.server.ts'
import { createCasesStatements, reserveCaseNumbers } from './test-cases.server.ts'
import type { RunRow } from './test-runs.server.ts'

// JUnit XML into a run (docs/junit-import.md): the report was read and checked before anything here runs; this
// matches it to the project's cases and writes as background work does (docs/decisions/012-database-writes.md,
// "Imports"): on a `background` connection, which gives way to a person's write waiting for the lock, in transactions
// of at most a hundred rows, with a turn of the event loop between them (nextTurn: without them, no save and no
// health check was answered during a 40,000-result import). New cases first, then the cases the run lacks appended to
// it, then the results. Each slice is atomic; the import as a whole is not (see the decision).

/** Rows per transaction, as a harvest's slice (STORE_SLICE): about 20 ms of the write lock. */
const SLICE_ROWS = 100
/** The most JSON one batch of results binds (evidence carries up to a few kilobytes per text; D1 takes up to 2 MB). */
const SLICE_CHARS = 512 * 1024

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

/**
 * Why writing stopped before the end: the run was completed meanwhile (what was written before stays). A database that
 * stayed locked for a background writer's two minutes once some slices were written stops the import too: the summary
 * says what was stored and carries the warning `junit.warning_stoppedBusy` (importing the file again completes it).
 */
export type JunitImportOutcome =
  | { ok: true; summary: JunitImportSummary }
  | { ok: false; reason: 'completed'; summary: JunitImportSummary }
  /** It would add `count` cases to the run (matched ones the run lacks, created ones) and `addCases` was not given: nothing was written. */
  | { ok: false; reason: 'needsAddCases'; count: number; summary: JunitImportSummary }

/** What the slices wrote so far, for the summary of an import that stopped midway. */
type Progress = { created: string[]; addedToRun: number; recorded: number; wrote: boolean }

async function liveCases(db: Database, projectId: string) {
  return db
    .select({ id: testCases.id, number: testCases.number, title: testCases.title })
    .from(testCases)
    .where(and(eq(testCases.projectId, projectId), isNull(testCases.deletedAt)))
}

async function runCaseRefs(db: Database, runId: string) {
  return db.select({ id: testRunCases.id, caseId: testRunCases.caseId }).from(testRunCases).where(eq(testRunCases.runId, runId))
}

/** Creates the unknown cases (automated, active, tagged `junit`, filed under their suite path), adding their ids in order. */
async function createCases(db: Database, projectId: string, reports: JunitCase[], actorId: string, now: Date, progress: Progress): Promise<void> {
  const first = await reserveCaseNumbers(db, projectId, reports.length)
  for (let start = 0; start < reports.length; start += SLICE_ROWS) {
    await nextTurn()
    const saveId = randomId()
    const fields = reports.slice(start, start + SLICE_ROWS).map((report) => TestCaseFieldsSchema.parse({ title: junitCaseTitle(report), type: 'automated', state: 'active', tags: ['junit'], folder: junitCaseFolder(report.suitePath) }))
    const created = await createCasesStatements(db, projectId, first + start, fields, actorId, 'imported', saveId, now)
    await runBatch(db, [...created.statements, versionStatement(db, saveId, 'imported', actorId, now)])
    progress.created.push(...created.ids)
    progress.wrote = true
  }
}

/** Appends cases to the end of a run, each at its current version, a slice per statement; counts them in `progress`. */
async function appendToRun(db: Database, run: RunRow, caseIds: string[], actorId: string, now: Date, progress: Progress): Promise<void> {
  for (let start = 0; start < caseIds.length; start += SLICE_ROWS) {
    await nextTurn()
    const rows = JSON.stringify(caseIds.slice(start, start + SLICE_ROWS).map((caseId) => ({ id: randomId(), caseId })))
    const [inserted] = await runBatch(db, [
      db.all(
        sql`INSERT INTO ${testRunCases} (id, run_id, position, case_id, case_version, section_name)
          SELECT json_extract(j.value, '$.id'), ${run.id}, (SELECT coalesce(max(position), -1) + 1 FROM ${testRunCases} WHERE run_id = ${run.id}) + j.key, c.id, c.version, ''
          FROM json_each(${rows}) j CROSS JOIN ${testCases} c ON c.id = json_extract(j.value, '$.caseId')
          WHERE c.project_id = ${run.projectId} AND c.deleted_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM ${testRunCases} x WHERE x.run_id = ${run.id} AND x.case_id = c.id)
            AND (SELECT state FROM ${testRuns} WHERE id = ${run.id}) <> 'completed'
          ORDER BY j.key
          RETURNING id`,
      ),
    ])
    progress.addedToRun += (inserted as unknown[]).length
    progress.wrote = true
  }
  if (progress.addedToRun > 0) {
    await runBatch(db, [auditStatement(db, { projectId: run.projectId, actorId, entity: 'run', entityId: run.id, action: 'cases-added', detail: { by: 'junit', cases: progress.addedToRun } }, now)])
  }
}

/** A result to write: its run case and the test case it records; its row is made when its slice is (`rowOf`). */
type ResultTarget = { runCaseId: string; report: JunitCase }

/**
 * Appends the results in slices. The first slice starts an open run, as a first result does; every slice is refused
 * by its own condition once the run is completed, and then writing stops. The last slice writes the import's audit
 * event, so an import that stopped midway has none.
 */
async function appendResults(
  db: Database,
  run: RunRow,
  rows: ResultTarget[],
  rowOf: (target: ResultTarget) => string,
  file: string,
  actorId: string,
  now: Date,
  progress: Progress,
): Promise<{ stopped: boolean }> {
  let index = 0
  let first = true
  const notCompleted = sql`(SELECT state FROM ${testRuns} WHERE id = ${run.id}) <> 'completed'`
  while (index < rows.length) {
    await nextTurn()
    const slice: string[] = []
    let size = 0
    while (index < rows.length && slice.length < SLICE_ROWS && (slice.length === 0 || size < SLICE_CHARS)) {
      const json = rowOf(rows[index]!)
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
        sql`INSERT INTO ${testResults} (run_id, run_case_id, status, steps, comment, elapsed_ms, defects, retest, case_version, recorded_by, recorded_at, evidence)
          SELECT ${run.id}, rc.id, json_extract(j.value, '$.status'), '[]', json_extract(j.value, '$.comment'), json_extract(j.value, '$.elapsed'), '[]', 0,
            rc.case_version, ${actorId}, ${now.getTime()}, json(json_extract(j.value, '$.evidence'))
          FROM json_each(${`[${slice.join(',')}]`}) j JOIN ${testRunCases} rc ON rc.id = json_extract(j.value, '$.runCaseId') AND rc.run_id = ${run.id}
          WHERE ${notCompleted}
          ORDER BY j.key
          RETURNING id`,
      ),
    )
    if (last) {
      statements.push(auditStatement(db, { projectId: run.projectId, actorId, entity: 'result', entityId: run.id, action: 'imported', detail: { runId: run.id, file, results: progress.recorded + slice.length } }, now, { when: notCompleted }))
    }
    const outcome = await runBatch(db, statements)
    const inserted = (outcome[insertAt] as unknown[]).length
    progress.recorded += inserted
    progress.wrote = true
    first = false
    if (inserted === 0 && slice.length > 0) return { stopped: true }
  }
  return { stopped: false }
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
  options: { file: string; createUnknown: boolean; addCases: boolean; actorId: string; now?: Date },
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
  if (match.namesMerged > 0) warnings.push({ code: 'junit.warning_namesMerged', params: { count: match.namesMerged } })

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

  // Written as background work (decision 012): people's writes made meanwhile go first. D1 has no roles: the same db.
  const writer = await backgroundDbFor(db)
  const progress: Progress = { created: [], addedToRun: 0, recorded: 0, wrote: false }
  const counts: Record<ResultStatus, number> = { passed: 0, failed: 0, blocked: 0, skipped: 0 }
  const summary = (): JunitImportSummary => ({
    cases: report.cases.length,
    recorded: progress.recorded,
    created: progress.created.length,
    addedToRun: progress.addedToRun,
    unmatched: unmatched.slice(0, JUNIT_MAX_UNMATCHED_LISTED),
    unmatchedCount: unmatched.length,
    counts,
    warnings,
  })
  // A run holds the cases it was planned with: adding more is asked for (the page confirms it, the command has a flag).
  const wouldAdd = new Set(match.matched.filter((item) => item.runCaseId === null).map((item) => item.caseId)).size + toCreate.length
  if (wouldAdd > 0 && !options.addCases) return { ok: false, reason: 'needsAddCases', count: wouldAdd, summary: summary() }
  try {
    const targets: Array<{ report: JunitCase; caseId: string }> = match.matched.map((item) => ({ report: item.report, caseId: item.caseId }))
    if (toCreate.length > 0) await createCases(writer, run.projectId, toCreate, options.actorId, now, progress)
    toCreate.forEach((report, index) => targets.push({ report, caseId: progress.created[index]! }))

    const inRun = new Set(runCases.map((runCase) => runCase.caseId))
    const missing = [...new Set(targets.map((item) => item.caseId))].filter((caseId) => !inRun.has(caseId))
    await appendToRun(writer, run, missing, options.actorId, now, progress)
    const runCaseOf = new Map((missing.length > 0 ? await runCaseRefs(writer, run.id) : runCases).map((item) => [item.caseId, item.id]))

    const rows: ResultTarget[] = []
    for (const { report: item, caseId } of targets) {
      const runCaseId = runCaseOf.get(caseId)
      if (!runCaseId) continue
      counts[item.status] += 1
      rows.push({ runCaseId, report: item })
    }
    // Each row's comment and evidence are made with its slice: for tens of thousands at once the server answered nothing.
    const rowOf = ({ runCaseId, report: item }: ResultTarget) =>
      JSON.stringify({ runCaseId, status: item.status, comment: junitComment(item), elapsed: junitElapsedMs(item), evidence: junitEvidence(item, options.file, report.suiteOutputs) })
    const written = await appendResults(writer, run, rows, rowOf, options.file, options.actorId, now, progress)
    return written.stopped ? { ok: false, reason: 'completed', summary: summary() } : { ok: true, summary: summary() }
  } catch (error) {
    // Nothing written yet: the error answers as it would (503 for a busy database, nothing stored). Once slices are
    // stored, saying "nothing was changed" would be false: the answer is what was stored, with the warning.
    if (!busyErrorIn(error) || !progress.wrote) throw error
    warnings.push({ code: 'junit.warning_stoppedBusy', params: { recorded: progress.recorded, count: report.cases.length } })
    return { ok: true, summary: summary() }
  }
}
