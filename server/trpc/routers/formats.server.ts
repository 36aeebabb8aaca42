import { z } from 'zod'
import { CANONICAL_FORMATS } from '../../../lib/domain/canonical-formats.ts'
import { formatDetail, formatsSummary } from '../../queries/formats.server.ts'
import { publicProcedure, router } from '../init.server.ts'
import { AnalysisFiltersSchema, PageSchema, withPortalIds } from './analysis-input.server.ts'

export const formatsRouter = router({
  /** The format mix (resources and datasets per canonical format), openness stars and machine-readable share. */
  summary: publicProcedure.input(AnalysisFiltersSchema.default({})).query(({ ctx, input }) => formatsSummary(ctx.db, withPortalIds(input))),

  /** One canonical format: the raw values behind it, its portals and a page of its datasets. */
  byFormat: publicProcedure
    .input(AnalysisFiltersSchema.extend({ format: z.enum(CANONICAL_FORMATS), ...PageSchema }))
    .query(({ ctx, input }) => formatDetail(ctx.db, input.format, withPortalIds(input))),
})
