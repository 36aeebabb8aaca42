import type { Context } from 'hono'
import { filtersFromQuery, isReportExportFormat, REPORT_EXPORT_FORMATS, reportExportFilename, reportToCsv, reportToJson, type ReportSummary } from '../lib/domain/reports.ts'
import type { AppBindings } from './app-bindings.server.ts'
import { createContext, requestContextOptions } from './trpc/context.server.ts'
import { createCaller } from './trpc/router.server.ts'
import { refusalResponse } from './trpc/http-refusal.server.ts'

const TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' } as const

/**
 * GET /api/reports/export?project=<id>&format=csv|json&period=&suite=&portal=&state= (json when no format): the
 * report the page shows for the same filters, as a file. It goes through reports.summary, so the same rules answer:
 * 401 signed out, 404 for non-members, viewers may export.
 */
export async function reportExportResponse(c: Context<AppBindings>): Promise<Response> {
  const context = await createContext(requestContextOptions(c))
  const caller = createCaller(context)
  const format = c.req.query('format') ?? 'json'
  const filters = filtersFromQuery(c.req.query())
  let report: ReportSummary
  try {
    const { role: _role, limits: _limits, choices: _choices, ...summary } = await caller.reports.summary({ projectId: c.req.query('project') ?? '', ...filters })
    report = summary
    // Access first, so that a signed-out or outside caller learns nothing else (not even that the format is wrong).
    if (!isReportExportFormat(format)) {
      return c.json({ error: { message: context.t('reports.exportFormatUnknown', { format: format.slice(0, 40), formats: REPORT_EXPORT_FORMATS.join(', ') }), code: 'BAD_REQUEST' } }, 400)
    }
  } catch (error) {
    return refusalResponse(c, error)
  }
  const now = new Date()
  const body = format === 'csv' ? `\uFEFF${reportToCsv(report)}` : reportToJson(report, now)
  return new Response(body, {
    headers: {
      'Content-Type': TYPES[format],
      'Content-Disposition': `attachment; filename="${reportExportFilename(report.project.key, now, format)}"`,
      // A project's results: never kept by a shared cache or the browser's.
      'Cache-Control': 'private, no-store',
    },
  })
}
