import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { decodeCursor, snapshotSearch } from '../../queries/dataset-search.server.ts'
import { datasetDetail } from '../../queries/datasets.server.ts'
import { liveSearch } from '../../outbound/federated-search.server.ts'
import { listPortals } from '../../queries/portals.server.ts'
import { createRateLimiter } from '../../rate-limit.server.ts'
import { publicProcedure, router } from '../init.server.ts'

const Values = z.array(z.string().trim().min(1).max(200)).max(50).optional()

export const DatasetSearchSchema = z.object({
  q: z.string().trim().max(500).optional(),
  instanceIds: z.array(z.string().min(1).max(80)).max(50).optional(),
  formats: Values,
  organizationIds: Values,
  tags: Values,
  groups: Values,
  licenses: Values,
  /** Snapshot only: region ids as the analysis places datasets (NUTS3 kraj `CZ010`, country `CZ`). */
  regions: z.array(z.string().regex(/^[A-Z]{2}[0-9A-Z]{0,3}$/)).max(50).optional(),
  /** Snapshot only: the previous answer's `nextCursor`, for the next page by keyset. */
  cursor: z.string().max(200).optional(),
  bbox: z
    .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90), z.number().min(-180).max(180), z.number().min(-90).max(90)])
    .refine(([west, south, east, north]) => west < east && south < north, 'validation.invalidFormat')
    .optional(),
  sort: z.enum(['relevance', 'name', 'modified']).default('relevance'),
  page: z.number().int().min(1).max(100).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  source: z.enum(['live', 'snapshot']).default('live'),
})

// A live search fans out to every chosen portal: anonymous clients get a budget per minute (signed-in users are
// accountable and unlimited here). Snapshot searches touch only our own database.
const ANONYMOUS_LIVE_SEARCHES_PER_MINUTE = 30
const liveLimiter = createRateLimiter({ limit: ANONYMOUS_LIVE_SEARCHES_PER_MINUTE, windowMs: 60_000 })

export const datasetsRouter = router({
  /**
   * `source: 'live'`: federated package_search across the chosen (default: every enabled, non-demo) portal, with a
   * per-portal deadline and partial results. `source: 'snapshot'`: full-text search over the harvested data, demo
   * portals included.
   */
  search: publicProcedure.input(DatasetSearchSchema).query(async ({ ctx, input }) => {
    const registered = await listPortals(ctx.db)
    const chosen = registered.filter((row) => row.enabled && (!input.instanceIds?.length || input.instanceIds.includes(row.id)))
    if (input.source === 'snapshot') {
      if (input.cursor !== undefined && !decodeCursor(input.cursor)) throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('validation.invalidFormat') })
      return snapshotSearch(ctx.db, chosen.map((row) => row.id), input, { everyPortal: chosen.length === registered.length })
    }
    // The portals' own search knows neither our regions nor our cursors.
    if (input.regions?.length || input.cursor !== undefined) throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('validation.invalidFormat') })
    if (!ctx.user) {
      const { allowed, retryAfterSeconds } = liveLimiter.take(ctx.clientAddress ?? 'unknown')
      if (!allowed) {
        ctx.resHeaders.set('Retry-After', String(retryAfterSeconds))
        throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: ctx.t('ckan.liveSearchLimited', { seconds: retryAfterSeconds }) })
      }
    }
    // Demo portals exist only in the snapshot.
    const live = chosen.filter((row) => !row.isDemo)
    return liveSearch(
      live.map((row) => ({ id: row.id, apiBase: row.apiBase })),
      { ...input, sort: input.sort, page: input.page, pageSize: input.pageSize },
    )
  }),

  /** One dataset as harvested: `<portal slug>:<CKAN UUID>`, or `<portal slug>:<CKAN name>` (answered with the canonical id). */
  byId: publicProcedure.input(z.object({ id: z.string().trim().min(3).max(300) })).query(async ({ ctx, input }) => {
    let found = await datasetDetail(ctx.db, input.id)
    if (found.kind === 'moved') found = await datasetDetail(ctx.db, found.id)
    if (found.kind !== 'found') throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('ckan.datasetNotFound') })
    return found.dataset
  }),
})
