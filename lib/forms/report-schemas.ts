import { z } from '../zod.ts'
import { DEFAULT_PERIOD, REPORT_PERIODS } from '../domain/reports.ts'
import { RUN_STATES } from '../domain/test-runs.ts'
import { IdSchema } from './test-management-schemas.ts'

// The report's filters, as the page's GET form and the export's query send them and as reports.summary takes them.

export const ReportSummarySchema = z.object({
  projectId: IdSchema,
  period: z.enum(REPORT_PERIODS).default(DEFAULT_PERIOD),
  suiteId: IdSchema.nullish(),
  portalId: z.string().trim().min(1).max(80).nullish(),
  state: z.enum(RUN_STATES).nullish(),
})
