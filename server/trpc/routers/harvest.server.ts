import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { findPortal } from '../../queries/portals.server.ts'
import { HarvestError, progressOf, startHarvest } from '../../ckan/harvest/harvest.server.ts'
import { harvestHistory, harvestOverview, lastSucceededRun, snapshotCount } from '../../queries/harvest-runs.server.ts'
import { harvestInBackground } from '../../jobs/harvest.server.ts'
import { readDemoLoad } from '../../queries/demo-load.server.ts'
import { QUOTAS, takeQuota } from '../quotas.server.ts'
import { protectedProcedure, publicProcedure, router } from '../init.server.ts'
import { madeBy } from '../../../lib/made-by.ts'

const PortalInput = z.object({ instanceId: z.string().trim().min(1).max(80) })

export const harvestRouter = router({
  /** The first-start demo catalogue load in progress, `{ done, total }`, or null: the pages' loading banner polls it. */
  demoLoad: publicProcedure.query(({ ctx }) => readDemoLoad(ctx.db)),
  /** Starts (or joins) a harvest of one portal; it runs after the answer, and harvest.status follows it. */
  start: protectedProcedure
    .input(PortalInput.extend({ mode: z.enum(['incremental', 'full']).default('incremental') }))
    .mutation(async ({ ctx, input }) => {
      // A full harvest downloads the whole catalogue again and marks what is gone: administrators only. An incremental
      // one is counted against the member's quota; a harvest already running is joined, not started twice.
      if (input.mode === 'full' && ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: ctx.t('auth.adminOnly') })
      await takeQuota(ctx, QUOTAS.harvest)
      try {
        const { run, started } = await startHarvest(ctx.db, input.instanceId, { mode: input.mode, trigger: 'user', requestedBy: ctx.user.id })
        if (started) harvestInBackground(ctx.db, run, ctx)
        return { started, run: progressOf(run) }
      } catch (error) {
        if (!madeBy(error, HarvestError)) throw error
        const message = { 'not-found': ctx.t('ckan.portalNotFound'), demo: ctx.t('ckan.harvestDemo'), disabled: ctx.t('ckan.harvestDisabled') }[error.code]
        throw new TRPCError({ code: error.code === 'not-found' ? 'NOT_FOUND' : 'BAD_REQUEST', message })
      }
    }),

  /** The harvest in progress (done, total, rate, ETA) and the portal's harvest log, newest first. */
  status: publicProcedure.input(PortalInput).query(async ({ ctx, input }) => {
    const portal = await findPortal(ctx.db, input.instanceId)
    if (!portal) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('ckan.portalNotFound') })
    const runs = (await harvestHistory(ctx.db, portal.id)).map(progressOf)
    return {
      instanceId: portal.id,
      datasets: await snapshotCount(ctx.db, portal.id),
      running: runs.find((run) => run.status === 'running') ?? null,
      // Ten failures in a row push the last success out of the log; the data it brought is still there.
      lastSucceeded: runs.find((run) => run.status === 'succeeded') ?? (await lastSucceededRun(ctx.db, portal.id).then((run) => run && progressOf(run))),
      runs,
    }
  }),

  /**
   * Every portal's latest run, the run in progress and the last success, in one call (the registry page): the
   * dataset count is the latest rollup's. `harvest.status` has one portal's whole log and a live count.
   */
  overview: publicProcedure.query(async ({ ctx }) =>
    (await harvestOverview(ctx.db)).map((item) => ({
      instanceId: item.portalId,
      datasets: item.datasets ?? 0,
      running: item.running && progressOf(item.running),
      lastSucceeded: item.lastSucceeded && progressOf(item.lastSucceeded),
      runs: item.latest ? [progressOf(item.latest)] : [],
    })),
  ),
})
