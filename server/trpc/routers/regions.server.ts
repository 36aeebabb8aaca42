import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { regionById, regionPoints, regionsSummary } from '../../queries/regions.server.ts'
import { publicProcedure, router } from '../init.server.ts'
import { PortalIdsSchema, PageSchema, RegionIdSchema, withPortalIds } from './analysis-input.server.ts'

export const regionsRouter = router({
  /**
   * Per Czech kraj or per country: datasets, average quality, the machine-readable share of resources and the most used
   * formats; with the datasets that have no extent.
   */
  summary: publicProcedure
    .input(z.object({ level: z.enum(['cz-kraj', 'country']), instanceIds: PortalIdsSchema }))
    .query(({ ctx, input }) => regionsSummary(ctx.db, withPortalIds(input))),

  /** One region: its datasets, publishers, format mix and average quality. */
  byId: publicProcedure.input(z.object({ id: RegionIdSchema, instanceIds: PortalIdsSchema, ...PageSchema })).query(async ({ ctx, input }) => {
    const found = await regionById(ctx.db, input.id, withPortalIds(input))
    if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('ckan.regionNotFound') })
    return found
  }),

  /** Where one region's datasets are: the centre of each extent with its quality band, newest first, up to `limit`. */
  points: publicProcedure
    .input(z.object({ id: RegionIdSchema, instanceIds: PortalIdsSchema, limit: z.number().int().min(1).max(2000).default(1000) }))
    .query(async ({ ctx, input }) => {
      const found = await regionPoints(ctx.db, input.id, withPortalIds(input))
      if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('ckan.regionNotFound') })
      return found
    }),
})
