import type { Context } from 'hono'
import { z } from 'zod'
import { MAP_POINT_ZOOM } from '../../lib/domain/map.ts'
import { MapPortalIdSchema } from '../../lib/forms/map-schemas.ts'
import type { AppBindings } from '../app-bindings.server.ts'
import { isOutlineName, outlineFile } from './geo.server.ts'
import { mapPicture } from './picture.server.ts'
import { mapTileData } from '../queries/map.server.ts'

// The map's HTTP routes (docs/map.md), public and cacheable, the same on Node and Workers. They sit before the session
// middleware: a tile is the same for everyone, and its answer must carry no cookie for a shared cache to keep it.

/** A tile's address holds its build, so its content never changes: cached for a year, never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Outlines change only with a new version of the app: a day, then revalidated by ETag. */
const OUTLINES = 'public, max-age=86400'

const whole = z
  .string()
  .regex(/^(0|[1-9]\d{0,9})$/)
  .transform(Number)

const TileAddressSchema = z
  .object({ buildId: whole.pipe(z.number().min(1)), z: whole.pipe(z.number().max(MAP_POINT_ZOOM)), x: whole, y: whole })
  .refine((tile) => tile.x < 2 ** tile.z && tile.y < 2 ** tile.z, { message: 'x and y must lie within 0 to 2^z - 1' })

const TileQuerySchema = z.object({ portal: MapPortalIdSchema.optional() })

/** Whether an If-None-Match header names this ETag (weak or strong, alone or in a list, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((candidate) => {
    const value = candidate.trim()
    return value === '*' || value.replace(/^W\//, '') === etag
  })
}

function badRequest(c: Context<AppBindings>, message: string): Response {
  return c.json({ error: { message, code: 'BAD_REQUEST' } }, 400)
}

/**
 * GET /api/map/tiles/:buildId/:z/:x/:y?portal=: one stored tile (lib/domain/map-tile.ts) of a build, for all portals
 * or one. 204 for an empty tile (and a portal the build has no points of), 404 once the build is gone (the client asks
 * map.meta for the new one), 304 when the browser already has it.
 */
export async function mapTileResponse(c: Context<AppBindings>): Promise<Response> {
  const address = TileAddressSchema.safeParse(c.req.param())
  const query = TileQuerySchema.safeParse({ portal: c.req.query('portal') })
  if (!address.success) return badRequest(c, address.error.issues[0]?.message ?? 'Not a tile address')
  if (!query.success) return badRequest(c, 'Not a portal id')
  const { buildId, z: zoom, x, y } = address.data
  const scope = query.data.portal ?? ''
  const etag = `"map-${buildId}-${scope}-${zoom}-${x}-${y}"`
  const cacheHeaders = { ETag: etag, 'Cache-Control': IMMUTABLE }
  // The address says it all: an unchanged tile needs no database read.
  if (matchesEtag(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers: cacheHeaders })
  const data = await mapTileData(c.var.db, buildId, scope, { z: zoom, x, y })
  if (data === null) return c.json({ error: { message: 'This map build no longer exists; ask map.meta for the current one', code: 'NOT_FOUND' } }, 404, { 'Cache-Control': 'no-store' })
  if (data.byteLength === 0) return new Response(null, { status: 204, headers: cacheHeaders })
  return new Response(data as Uint8Array<ArrayBuffer>, { headers: { ...cacheHeaders, 'Content-Type': 'application/octet-stream', 'Content-Length': String(data.byteLength) } })
}

/** GET /api/map/geo/{kraje,countries}.json: outlines as GeoJSON with {id, nameEn, nameCs}. */
export function mapGeoResponse(c: Context<AppBindings>): Response {
  const name = (c.req.param('file') ?? '').replace(/\.json$/, '')
  if (!c.req.param('file')?.endsWith('.json') || !isOutlineName(name)) return c.json({ error: 'Not found' }, 404)
  const { body, etag } = outlineFile(name)
  const headers = { ETag: etag, 'Cache-Control': OUTLINES }
  if (matchesEtag(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers })
  return new Response(body, { headers: { ...headers, 'Content-Type': 'application/geo+json; charset=utf-8' } })
}

/**
 * GET /api/map/picture/{light,dark}.svg?v=: the offline basemap of the home map's opening view, drawn under the first
 * view's clusters until the interactive map has drawn. With the current version in the address it never changes.
 */
export function mapPictureResponse(c: Context<AppBindings>): Response {
  const picture = mapPicture(c.req.param('file') ?? '')
  if (!picture) return c.json({ error: 'Not found' }, 404)
  const headers = { ETag: picture.etag, 'Cache-Control': c.req.query('v') === picture.version ? IMMUTABLE : OUTLINES }
  if (matchesEtag(c.req.header('if-none-match'), picture.etag)) return new Response(null, { status: 304, headers })
  return new Response(picture.svg, { headers: { ...headers, 'Content-Type': 'image/svg+xml; charset=utf-8' } })
}
