import { z } from '../zod.ts'
import type { MessageKey } from '../i18n/catalog.ts'
import { MAP_BANDS, MAP_FAMILIES } from '../domain/map.ts'

// The map's API input (server/trpc/routers/map.server.ts, docs/map.md), shared with the browser so that a viewport
// the client sends is the viewport the server accepts.

const invalid = 'validation.invalidFormat' satisfies MessageKey

/** A portal id as the registry makes them (a slug). */
export const MapPortalIdSchema = z.string().trim().min(1).max(80)

/**
 * The visible box. A view across the antimeridian has west > east (maplibre's getBounds() wraps them into
 * -180..180); south must not be north of north.
 */
export const MapBBoxSchema = z
  .object({
    west: z.number().min(-180, invalid).max(180, invalid),
    south: z.number().min(-90, invalid).max(90, invalid),
    east: z.number().min(-180, invalid).max(180, invalid),
    north: z.number().min(-90, invalid).max(90, invalid),
  })
  .refine((box) => box.south <= box.north, { message: invalid, path: ['north'] })

export const MapDatasetsInputSchema = z.object({
  bbox: MapBBoxSchema,
  portalId: MapPortalIdSchema.optional(),
  family: z.enum(MAP_FAMILIES).optional(),
  band: z.enum(MAP_BANDS).optional(),
  q: z.string().trim().max(200, 'validation.maxLength' satisfies MessageKey).optional(),
  /** The last dataset key of the previous page (keyset paging); null or absent for the first page. */
  cursor: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
  limit: z.number().int().min(1).max(100).default(50),
})
export type MapDatasetsInput = z.input<typeof MapDatasetsInputSchema>

export const MapExtentsInputSchema = z.object({
  bbox: MapBBoxSchema,
  portalId: MapPortalIdSchema.optional(),
  limit: z.number().int().min(1).max(300).default(200),
})

export const MapFirstViewInputSchema = z.object({ portalId: MapPortalIdSchema.optional() })

export const MapDatasetInputSchema = z.object({ key: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) })
