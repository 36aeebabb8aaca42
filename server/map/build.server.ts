import type { Database } from '../../db/client.server.ts'
import {
  createMapBuild,
  finishMapBuild,
  insertMapTiles,
  latestMapBuild,
  mapStaleness,
  readMapPoints,
  removeMapBuild,
  removeMapBuilds,
  syncMapPoints,
  type ScopedTile,
} from '../queries/map-builds.server.ts'
import { scopesOf, scopeTiles } from './tiles.server.ts'

// The map build (docs/map.md): every dataset with an extent becomes a point (its extent's centre, format family and
// quality band); map_point is brought up to date by a diff, and every scope's clusters and points are written as
// tiles under a new map_build. It runs in the Node helper process after the rollups change (a harvest, an analysis,
// a removed portal) and from `npm run ckan -- map-build`; never in a request or a Worker, which have neither the
// time nor the memory for a million points.
//
// The database has one writer (docs/decisions/012-database-writes.md): reads go first, then writes in slices of a few
// hundred rows, each its own short transaction, so that people's writes get in between. Readers keep using the
// previous build until the new one is finished (finished_at is written last), and a browser holding the previous
// build's tiles can keep them: that build is kept until the next one lands.

/** map_point rows per write transaction (a few milliseconds each). */
const POINT_SLICE = 500
/** map_tile rows, or bytes, per write transaction. */
const TILE_SLICE_ROWS = 200
const TILE_SLICE_BYTES = 1024 * 1024

export type MapBuildStage = 'points' | 'tiles' | 'cleanup'

export type MapBuildOptions = {
  /** Build even when the last build is as fresh as the rollups. */
  force?: boolean
  /** Rows per write transaction (tests make them small to see the slices). */
  slices?: { points?: number; tiles?: number }
  /** Called after each write transaction. */
  onSlice?: (stage: MapBuildStage) => void | Promise<void>
}

export type MapBuildSummary = {
  buildId: number
  source: string
  points: number
  /** map_point rows written (new or moved) and removed by the diff. */
  upserted: number
  deleted: number
  scopes: number
  tiles: number
  bytes: number
  ms: number
  /** Write transactions the build took. */
  writes: number
}

/** Builds the map when it is stale (or always, with `force`); null when it was fresh. */
export async function buildMapIfStale(db: Database, options: MapBuildOptions = {}): Promise<MapBuildSummary | null> {
  const { stale, source } = await mapStaleness(db)
  if (!stale && !options.force) return null
  return buildMap(db, source, options)
}

/** Builds the map for the rollups as they were at `source`. */
export async function buildMap(db: Database, source: string, options: MapBuildOptions = {}): Promise<MapBuildSummary> {
  const started = Date.now()
  let writes = 0
  const wrote = async (stage: MapBuildStage) => {
    writes++
    await options.onSlice?.(stage)
  }
  const previous = await latestMapBuild(db)
  const buildId = await createMapBuild(db, source, new Date(started))
  try {
    const { points, fresh } = await readMapPoints(db)
    const diff = await syncMapPoints(db, points, fresh, options.slices?.points ?? POINT_SLICE, () => wrote('points'))
    const tileSlice = options.slices?.tiles ?? TILE_SLICE_ROWS
    const pending: ScopedTile[] = []
    let pendingBytes = 0
    let tiles = 0
    let bytes = 0
    const flush = async () => {
      await insertMapTiles(db, buildId, pending.splice(0))
      pendingBytes = 0
      await wrote('tiles')
    }
    const scopes = scopesOf(points)
    for (const { scope, members } of scopes) {
      for (const zoom of scopeTiles(points, members)) {
        for (const tile of zoom.tiles) {
          pending.push({ scope, tile })
          pendingBytes += tile.data.byteLength
          tiles++
          bytes += tile.data.byteLength
          if (pending.length >= tileSlice || pendingBytes >= TILE_SLICE_BYTES) await flush()
        }
      }
    }
    const ms = Date.now() - started
    await finishMapBuild(db, buildId, pending.splice(0), { points: points.n, tiles, ms })
    await wrote('tiles')
    // Builds before the previous one (and any abandoned midway) go; the previous one stays for pages still showing it.
    await removeMapBuilds(db, buildId, previous?.id ?? null, () => wrote('cleanup'))
    return { buildId, source, points: points.n, ...diff, scopes: scopes.length, tiles, bytes, ms, writes }
  } catch (error) {
    await removeMapBuild(db, buildId, async () => undefined).catch(() => undefined)
    throw error
  }
}

