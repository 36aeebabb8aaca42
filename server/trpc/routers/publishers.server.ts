import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { listPublishers, publisherById } from '../../queries/publishers.server.ts'
import { publicProcedure, router } from '../init.server.ts'
import { PageSchema, PortalIdsSchema, PublisherIdSchema, withPortalIds } from './analysis-input.server.ts'

export const publishersRouter = router({
  /** Publishers across portals, merged where they are the same (docs/organizations.md). */
  list: publicProcedure
    .input(
      z
        .object({
          instanceIds: PortalIdsSchema,
          q: z.string().trim().max(200).optional(),
          sort: z.enum(['datasets', 'name', 'quality']).default('datasets'),
          ...PageSchema,
        })
        .default({ sort: 'datasets', page: 1, pageSize: 20 }),
    )
    .query(({ ctx, input }) => listPublishers(ctx.db, withPortalIds(input))),

  /** A publisher by its merged id (or one organization by `<portal>:<name>`): members, quality, formats, datasets. */
  byId: publicProcedure.input(z.object({ id: PublisherIdSchema, ...PageSchema })).query(async ({ ctx, input }) => {
    const found = await publisherById(ctx.db, input.id, input)
    if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('ckan.organizationNotFound') })
    return found
  }),
})
