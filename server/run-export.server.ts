import type { Context } from 'hono'
import {
  isRunExportFormat,
  RUN_EXPORT_FORMATS,
  RUN_EXPORT_TYPES,
  runExportFilename,
  runToCsv,
  runToJson,
  runToJunit,
  type ReportCase,
  type ReportResult,
  type ReportRun,
} from '../lib/domain/run-report.ts'
import type { AppBindings } from './app-bindings.server.ts'
import { createContext, requestContextOptions } from './trpc/context.server.ts'
import { createCaller } from './trpc/router.server.ts'
import { refusalResponse } from './trpc/http-refusal.server.ts'

/**
 * GET /api/test-runs/:runId/export?format=junit|csv|json (json when absent): a run as a file download, for CI
 * dashboards (JUnit XML), spreadsheets (CSV) and scripts (JSON with the whole result history). It goes through
 * testRuns.byId and testRuns.history, so the same rules answer: 401 signed out, 404 for non-members, viewers may export.
 */
export async function runExportResponse(c: Context<AppBindings>): Promise<Response> {
  const context = await createContext(requestContextOptions(c))
  const caller = createCaller(context)
  const id = c.req.param('runId') ?? ''
  const format = c.req.query('format') ?? 'json'
  let detail: Awaited<ReturnType<typeof caller.testRuns.byId>>
  let history: Awaited<ReturnType<typeof caller.testRuns.history>>
  try {
    detail = await caller.testRuns.byId({ id })
    // Access first, so that a signed-out or outside caller learns nothing else (not even that the format is wrong).
    if (!isRunExportFormat(format)) {
      return c.json({ error: { message: context.t('runs.exportFormatUnknown', { format: format.slice(0, 40), formats: RUN_EXPORT_FORMATS.join(', ') }), code: 'BAD_REQUEST' } }, 400)
    }
    history = await caller.testRuns.history({ id })
  } catch (error) {
    return refusalResponse(c, error)
  }
  const resultsByCase = new Map<string, ReportResult[]>()
  for (const result of history.results) {
    const list = resultsByCase.get(result.runCaseId) ?? []
    list.push({
      id: result.id,
      status: result.status,
      comment: result.comment,
      elapsedSeconds: result.elapsedSeconds,
      elapsedMs: result.elapsedMs,
      defects: result.defects,
      steps: result.steps,
      retest: result.retest,
      caseVersion: result.caseVersion,
      recordedBy: result.recordedBy,
      recordedAt: result.recordedAt,
      evidence: result.evidence,
    })
    resultsByCase.set(result.runCaseId, list)
  }
  const { run, project } = detail
  const report: ReportRun = {
    id: run.id,
    name: run.name,
    projectKey: project.key,
    state: run.state,
    environment: run.environment,
    build: run.build,
    commit: run.commit,
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    completedAt: run.completedAt,
  }
  const cases: ReportCase[] = detail.cases.map((item) => ({
    key: item.key,
    title: item.title,
    section: item.sectionName,
    caseVersion: item.caseVersion,
    results: resultsByCase.get(item.id) ?? [],
  }))
  const body = format === 'junit' ? runToJunit(report, cases) : format === 'csv' ? `\uFEFF${runToCsv(cases)}` : runToJson(report, cases)
  return new Response(body, {
    headers: {
      'Content-Type': RUN_EXPORT_TYPES[format].contentType,
      'Content-Disposition': `attachment; filename="${runExportFilename(report, format)}"`,
      // Results and comments of a project's members: never kept by a shared cache or the browser's.
      'Cache-Control': 'private, no-store',
    },
  })
}
