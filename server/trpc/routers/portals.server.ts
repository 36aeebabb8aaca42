import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { AddPortalSchema } from '../../../lib/forms/portal-schemas.ts'
import type { Translate } from '../../../lib/i18n/intl.ts'
import { isCkanError } from '../../outbound/errors.server.ts'
import { addPortal, checkPortalHealth, searchDirectory } from '../../ckan/portal-registry.server.ts'
import { findPortal, listPortals, removePortal, type PortalRow } from '../../queries/portals.server.ts'
import { serverEnv } from '../../env.server.ts'
import { fieldError } from '../field-error.server.ts'
import { joinRunning, QUOTAS, takeQuota } from '../quotas.server.ts'
import { adminProcedure, protectedProcedure, publicProcedure, router } from '../init.server.ts'

const PortalIdSchema = z.string().trim().min(1).max(80)

/** What the interface and scripts see of a portal (never who added it beyond a flag). */
function portalDto(row: PortalRow, t: Translate) {
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    apiBase: row.apiBase,
    country: row.country,
    languages: row.languages,
    enabled: row.enabled,
    featured: row.featured,
    isDemo: row.isDemo,
    health: {
      status: healthStatus(row),
      lastCheckedAt: row.lastCheckedAt,
      lastOkAt: row.lastOkAt,
      ckanVersion: row.ckanVersion,
      datasetCount: row.datasetCount,
      responseMs: row.responseMs,
      errorKind: row.lastErrorKind,
      // The reason in the user's language; the technical detail stays for operators.
      error: row.lastErrorKind ? t(`ckan.error_${row.lastErrorKind.replace(/-/g, '_')}` as Parameters<Translate>[0]) : null,
      errorDetail: row.lastErrorMessage,
    },
  }
}

const SLOW_MS = 3000

function healthStatus(row: PortalRow): 'up' | 'slow' | 'down' | 'unknown' | 'demo' {
  if (row.isDemo) return 'demo'
  if (!row.lastCheckedAt) return 'unknown'
  if (row.lastErrorKind) return 'down'
  return (row.responseMs ?? 0) > SLOW_MS ? 'slow' : 'up'
}

export const portalsRouter = router({
  list: publicProcedure.query(async ({ ctx }) => (await listPortals(ctx.db)).map((row) => portalDto(row, ctx.t))),

  /** The 1,771 known CKAN portals, to enable more from. */
  directory: publicProcedure
    .input(z.object({ q: z.string().max(200).default(''), country: z.string().length(2).toUpperCase().optional(), page: z.number().int().min(1).max(1000).default(1), pageSize: z.number().int().min(1).max(100).default(25) }))
    .query(async ({ ctx, input }) => {
      const registered = new Set((await listPortals(ctx.db)).map((row) => row.apiBase.replace(/\/+$/, '')))
      const { total, items } = searchDirectory(input.q, { country: input.country, limit: input.pageSize, offset: (input.page - 1) * input.pageSize })
      return { total, items: items.map(({ source, ...portal }) => ({ ...portal, source, registered: registered.has(portal.apiBase.replace(/\/+$/, '')) })) }
    }),

  add: protectedProcedure
    .input(AddPortalSchema)
    .mutation(async ({ ctx, input }) => {
      await takeQuota(ctx, QUOTAS.portalAdd)
      try {
        const { portal, created } = await addPortal(ctx.db, { url: input.url, name: input.name, country: input.country, addedBy: ctx.user.id }, { allowPrivate: serverEnv().PORTALSCOPE_ALLOW_PRIVATE_HOSTS })
        return { instance: portalDto(portal, ctx.t), created }
      } catch (error) {
        if (isCkanError(error)) {
          const reason = ctx.t(`ckan.error_${error.kind.replace(/-/g, '_')}` as Parameters<Translate>[0])
          throw fieldError('BAD_REQUEST', 'url', ctx.t('ckan.addFailed', { reason }))
        }
        throw error
      }
    }),

  remove: adminProcedure.input(z.object({ instanceId: PortalIdSchema })).mutation(async ({ ctx, input }) => {
    if (!(await removePortal(ctx.db, input.instanceId))) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('ckan.portalNotFound') })
    return { ok: true as const }
  }),

  /** Checks the portal now (status_show and a zero-row search) and returns its health; a check already running is joined. */
  health: protectedProcedure.input(z.object({ instanceId: PortalIdSchema })).mutation(async ({ ctx, input }) => {
    const portal = await findPortal(ctx.db, input.instanceId)
    if (!portal) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('ckan.portalNotFound') })
    const { promise } = joinRunning(`health ${portal.id}`, async () => {
      await takeQuota(ctx, QUOTAS.portalHealth)
      return checkPortalHealth(ctx.db, portal)
    })
    return portalDto(await promise, ctx.t).health
  }),
})
