import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { regionById, regionsSummary } from '../../queries/regions.server.ts'
import { publicProcedure, router } from '../init.server.ts'
import { PortalIdsSchema, PageSchema, RegionIdSchema } from './analysis-input.server.ts'

export const regionsRouter = router({
  /** Datasets and average quality per Czech kraj or per country, with the datasets that have no extent. */
  summary: publicProcedure
    .input(z.object({ level: z.enum(['cz-kraj', 'country']), instanceIds: PortalIdsSchema }))
    .query(({ ctx, input }) => regionsSummary(ctx.db, input)),

  /** One region: its datasets, publishers, format mix and average quality. */
  byId: publicProcedure.input(z.object({ id: RegionIdSchema, instanceIds: PortalIdsSchema, ...PageSchema })).query(async ({ ctx, input }) => {
    const found = await regionById(ctx.db, input.id, input)
    if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('ckan.regionNotFound') })
    return found
  }),
})
