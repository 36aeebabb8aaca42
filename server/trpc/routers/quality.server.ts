import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { datasetQuality, qualitySummary, worstDatasets } from '../../queries/quality.server.ts'
import { publicProcedure, router } from '../init.server.ts'
import { AnalysisFiltersSchema, withPortalIds } from './analysis-input.server.ts'

export const qualityRouter = router({
  /** MQA score, rating bands, dimensions, Portal Watch ratios, most-failed indicators, per portal and over time. */
  summary: publicProcedure.input(AnalysisFiltersSchema.default({})).query(({ ctx, input }) => qualitySummary(ctx.db, withPortalIds(input))),

  /** The lowest-scoring datasets with the indicators they fail. */
  worst: publicProcedure
    .input(AnalysisFiltersSchema.extend({ limit: z.number().int().min(1).max(100).default(10) }))
    .query(({ ctx, input }) => worstDatasets(ctx.db, withPortalIds(input))),

  /** One dataset's score, indicator by indicator: passed, failed or not checked, and why. */
  dataset: publicProcedure.input(z.object({ id: z.string().trim().min(3).max(300) })).query(async ({ ctx, input }) => {
    const found = await datasetQuality(ctx.db, input.id)
    if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('ckan.datasetNotFound') })
    return found
  }),
})
