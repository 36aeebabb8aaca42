import { TRPCError } from '@trpc/server'
import { MapDatasetInputSchema, MapDatasetsInputSchema, MapExtentsInputSchema, MapFirstViewInputSchema } from '../../../lib/forms/map-schemas.ts'
import { mapDataset, mapDatasets, mapExtents, mapFirstView, mapMeta } from '../../queries/map.server.ts'
import { publicProcedure, router } from '../init.server.ts'

// The map on the home page (docs/map.md): which build to read tiles from, the first view for the server-rendered
// page, and the datasets in a viewport. Tiles themselves come from GET /api/map/tiles/... (server/map/routes.server.ts).
export const mapRouter = router({
  /** The newest finished build (null before the first), whether a newer one is being built, and the portals on it. */
  meta: publicProcedure.query(({ ctx }) => mapMeta(ctx.db)),

  /** The initial view's tiles (base64), its first page of datasets and their total, for the home page's first paint. */
  firstView: publicProcedure.input(MapFirstViewInputSchema.optional()).query(({ ctx, input }) => mapFirstView(ctx.db, input?.portalId)),

  /** A page of the datasets whose point lies in the box, in key order (keyset paging by `cursor`). */
  datasets: publicProcedure.input(MapDatasetsInputSchema).query(({ ctx, input }) => mapDatasets(ctx.db, input)),

  /** One dataset on the map, for its popup. */
  dataset: publicProcedure.input(MapDatasetInputSchema).query(async ({ ctx, input }) => {
    const item = await mapDataset(ctx.db, input.key)
    if (!item) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('ckan.datasetNotFound') })
    return item
  }),

  /** The polygon extents of the datasets in the box, for drawing when few are in view. */
  extents: publicProcedure.input(MapExtentsInputSchema).query(({ ctx, input }) => mapExtents(ctx.db, input)),
})
