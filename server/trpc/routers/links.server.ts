import { TRPCError } from '@trpc/server'
import { backgroundDbFor } from '../../../db/client.server.ts'
import { z } from 'zod'
import { checkDatasetLinks, checkPortalLinks } from '../../jobs/link-check.server.ts'
import { summariseChecks } from '../../outbound/link-check.server.ts'
import { findPortal } from '../../queries/portals.server.ts'
import { serverEnv } from '../../env.server.ts'
import { adminProcedure, protectedProcedure, router } from '../init.server.ts'
import { joinRunning, QUOTAS, takeQuota } from '../quotas.server.ts'

// Checking links calls other people's servers: only signed-in users may ask for it, and the checker is polite
// (server/outbound/link-check.server.ts, docs/link-check.md) whoever asks.
const PORTAL_LINKS_PER_REQUEST = 500

export const linksRouter = router({
  /** Checks one dataset's resource URLs now and re-scores it; answers the results. */
  checkDataset: protectedProcedure.input(z.object({ id: z.string().trim().min(3).max(300) })).mutation(async ({ ctx, input }) => {
    const { promise } = joinRunning(`dataset ${input.id}`, async () => {
      await takeQuota(ctx, QUOTAS.datasetLinks)
      return checkDatasetLinks(ctx.db, input.id, { allowPrivate: serverEnv().PORTALSCOPE_ALLOW_PRIVATE_HOSTS })
    })
    const run = await promise
    if (!run) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('ckan.datasetNotFound') })
    return { summary: summariseChecks(run.results), results: run.results }
  }),

  /**
   * Starts checking a portal's due URLs in the background; its rollups are refreshed when done. Administrators only
   * (up to 500 URLs on other people's servers); a check of the portal already running is not started again.
   */
  checkPortal: adminProcedure.input(z.object({ instanceId: z.string().trim().min(1).max(80) })).mutation(async ({ ctx, input }) => {
    const portal = await findPortal(ctx.db, input.instanceId)
    if (!portal) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('ckan.portalNotFound') })
    if (portal.isDemo) throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('ckan.harvestDemo') })
    const allowPrivate = serverEnv().PORTALSCOPE_ALLOW_PRIVATE_HOSTS
    const { promise, joined } = joinRunning(`portal ${portal.id}`, () =>
      backgroundDbFor(ctx.db).then((db) => checkPortalLinks(db, portal.id, { limit: PORTAL_LINKS_PER_REQUEST, allowPrivate })),
    )
    if (!joined) ctx.background(promise)
    return { started: !joined }
  }),
})
