import { encodeBase64 } from '@oslojs/encoding'
import { sql, type SQL } from 'drizzle-orm'
import { type Database } from '../../db/client.server.ts'
import { decodeTile, type MapTile } from '../../lib/domain/map-tile.ts'
import { MAP_BANDS, MAP_CLUSTER_MAX_ZOOM, MAP_FAMILIES, MAP_INITIAL_BBOX, MAP_INITIAL_VIEW, tileZoomFor, tilesCovering, type BBox, type MapBand, type MapDatasetItem, type MapFamily, type TileAddress } from '../../lib/domain/map.ts'
import { ftsQuery } from './datasets.server.ts'

import { BUILD_STALE_MS, latestMapBuild } from './map-builds.server.ts'

// What the map's pages and API read (docs/map.md; server/trpc/routers/map.server.ts, the tile route): the newest
// finished build's tiles and the datasets in a viewport from map_point. The builds themselves: map-builds.server.ts.

export type MapMeta = {
  buildId: number | null
  builtAt: Date | null
  points: number
  building: boolean
  portals: Array<{ id: string; name: string; points: number }>
}

export async function mapMeta(db: Database, now = new Date()): Promise<MapMeta> {
  const latest = await latestMapBuild(db)
  const [unfinished] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM map_build WHERE finished_at IS NULL AND id > ${latest?.id ?? 0} AND started_at > ${now.getTime() - BUILD_STALE_MS}`,
  )
  const building = Number(unfinished?.n ?? 0) > 0
  if (!latest) return { buildId: null, builtAt: null, points: 0, building, portals: [] }
  // A scope's points are its zoom-0 tile's counts: one small row per portal, no scan of map_point.
  const rows = await db.all<{ scope: string; data: StoredBlob; name: string }>(
    sql`SELECT t.scope, t.data, p.name FROM map_tile t JOIN portal p ON p.id = t.scope WHERE t.build_id = ${latest.id} AND t.z = 0 AND t.x = 0 AND t.y = 0`,
  )
  const portals = rows
    .map((row) => ({ id: row.scope, name: row.name, points: totalOf(decodeTile(bytesOf(row.data)), null) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'cs') || a.id.localeCompare(b.id))
  return { buildId: latest.id, builtAt: latest.finishedAt, points: latest.points, building, portals }
}

type StoredBlob = ArrayBuffer | Uint8Array | number[]

/** A blob as libSQL (ArrayBuffer) or D1 (an array of byte values) hands it over. */
function bytesOf(data: StoredBlob): Uint8Array {
  if (Array.isArray(data)) return Uint8Array.from(data)
  return ArrayBuffer.isView(data) ? data : new Uint8Array(data)
}

/** Whether a point lies in the box (a box across the antimeridian has west > east). */
export function inBox(box: BBox, lon: number, lat: number): boolean {
  if (lat < box.south || lat > box.north) return false
  return box.west <= box.east ? lon >= box.west && lon <= box.east : lon >= box.west || lon <= box.east
}

/** Points a tile holds, all or only those in `box`. */
function totalOf(tile: MapTile, box: BBox | null, filter: { family?: number; band?: number } = {}): number {
  let total = 0
  for (let i = 0; i < tile.n; i++) {
    if (box && !inBox(box, tile.positions[2 * i]!, tile.positions[2 * i + 1]!)) continue
    if (tile.kind === 'points') {
      if ((filter.family === undefined || tile.families[i] === filter.family) && (filter.band === undefined || tile.bands[i] === filter.band)) total++
      continue
    }
    const count = tile.counts[i]!
    // With both filters the share of the one is applied to the count of the other: an estimate, which is what it is for.
    const families = filter.family === undefined ? count : tile.familyCounts[i * MAP_FAMILIES.length + filter.family]!
    const bands = filter.band === undefined ? count : tile.bandCounts[i * MAP_BANDS.length + filter.band]!
    total += filter.family !== undefined && filter.band !== undefined ? (families * bands) / Math.max(count, 1) : Math.min(families, bands)
  }
  return total
}

type StoredTile = TileAddress & { data: Uint8Array }

/** A build's stored tiles among `addresses` (all of one zoom); tiles without a row are empty. */
async function tilesAt(db: Database, buildId: number, scope: string, addresses: TileAddress[]): Promise<StoredTile[]> {
  if (addresses.length === 0) return []
  const z = addresses[0]!.z
  const xs = addresses.map((tile) => tile.x)
  const ys = addresses.map((tile) => tile.y)
  const wanted = new Set(addresses.map((tile) => `${tile.x}/${tile.y}`))
  // One range read over the primary key; a box across the antimeridian reads its two edges' columns and whatever lies
  // between, which the set then drops.
  const rows = await db.all<{ x: number; y: number; data: StoredBlob }>(sql`
    SELECT x, y, data FROM map_tile WHERE build_id = ${buildId} AND scope = ${scope} AND z = ${z}
      AND x BETWEEN ${Math.min(...xs)} AND ${Math.max(...xs)} AND y BETWEEN ${Math.min(...ys)} AND ${Math.max(...ys)}`)
  return rows.filter((row) => wanted.has(`${row.x}/${row.y}`)).map((row) => ({ z, x: row.x, y: row.y, data: bytesOf(row.data) }))
}

/** One stored tile, for the tile route: null when the build is gone (or never finished), an empty array for an empty tile. */
export async function mapTileData(db: Database, buildId: number, scope: string, address: TileAddress): Promise<Uint8Array | null> {
  const [row] = await db.all<{ data: StoredBlob | null }>(sql`
    SELECT t.data FROM map_build b LEFT JOIN map_tile t ON t.build_id = b.id AND t.scope = ${scope} AND t.z = ${address.z} AND t.x = ${address.x} AND t.y = ${address.y}
    WHERE b.id = ${buildId} AND b.finished_at IS NOT NULL`)
  if (!row) return null
  return row.data === null ? new Uint8Array(0) : bytesOf(row.data)
}

/** The largest cluster zoom at which at most `most` tiles cover the box: a few rows to estimate what is in view. */
function estimateZoom(box: BBox, most = 16): number {
  for (let z = MAP_CLUSTER_MAX_ZOOM; z > 0; z--) if (tilesCovering(box, z, most + 1).length <= most) return z
  return 0
}

/** How many points are in the box (all of them, and those matching the filters), from the newest build's clusters. */
async function pointsInView(db: Database, buildId: number, scope: string, box: BBox, filter: { family?: number; band?: number }): Promise<{ all: number; matching: number }> {
  const z = estimateZoom(box)
  const tiles = await tilesAt(db, buildId, scope, tilesCovering(box, z, 64))
  let all = 0
  let matching = 0
  for (const tile of tiles) {
    const decoded = decodeTile(tile.data)
    all += totalOf(decoded, box)
    matching += totalOf(decoded, box, filter)
  }
  return { all, matching }
}

export type MapDatasetsPage = { items: MapDatasetItem[]; nextCursor: number | null; matched: { count: number; capped: boolean } | null }

export type MapDatasetsQuery = {
  bbox: BBox
  portalId?: string | undefined
  family?: MapFamily | undefined
  band?: MapBand | undefined
  q?: string | undefined
  cursor?: number | null | undefined
  limit: number
}

/**
 * Two ways to find a page of the datasets in view, in key order:
 * - `key-walk`: along the primary key, testing each point against the box and filters, until a page is full. Fast
 *   when much of the map is in view (a whole country): the page fills after a few hundred rows.
 * - `lon-index`: the points in view through the (lon, lat) index, then sorted by key. Fast when few are in view (a
 *   city), whatever their keys.
 */
export type MapPlan = 'key-walk' | 'lon-index'

/** Matches counted at most, when the user searches. */
export const MAP_MATCHED_MAX = 1_000
/** Below this many points in view the index plan is cheap whatever else holds. */
const FEW_IN_VIEW = 2_000

/**
 * The cheaper plan for a box, from the newest build's cluster counts: walking keys costs about `limit` divided by the
 * share of all points that match in view; the index costs the points in view.
 */
export async function chooseMapPlan(db: Database, query: MapDatasetsQuery): Promise<MapPlan> {
  const build = await latestMapBuild(db)
  if (!build || build.points === 0) return 'lon-index'
  const filter = {
    ...(query.family ? { family: MAP_FAMILIES.indexOf(query.family) } : {}),
    ...(query.band ? { band: MAP_BANDS.indexOf(query.band) } : {}),
  }
  const { all, matching } = await pointsInView(db, build.id, query.portalId ?? '', query.bbox, filter)
  if (all <= FEW_IN_VIEW) return 'lon-index'
  const walk = ((query.limit + 1) * build.points) / Math.max(matching, 1)
  return all <= walk ? 'lon-index' : 'key-walk'
}

/** The conditions on map_point (alias p) for a query; `withCursor` false for counting all matches. */
function conditions(query: MapDatasetsQuery, match: string | null, lon: SQL, withCursor: boolean): SQL {
  const { south, north } = query.bbox
  const parts: SQL[] = [lon, sql`p.lat BETWEEN ${south} AND ${north}`]
  if (query.portalId) parts.push(sql`p.portal_id = ${query.portalId}`)
  if (query.family) parts.push(sql`p.family = ${MAP_FAMILIES.indexOf(query.family)}`)
  if (query.band) parts.push(sql`p.band = ${MAP_BANDS.indexOf(query.band)}`)
  // Evaluated once into a list of keys that the outer query then looks up (or walks in key order).
  if (match) parts.push(sql`p.dataset_key IN (SELECT rowid FROM dataset_fts WHERE dataset_fts MATCH ${match})`)
  if (withCursor && query.cursor) parts.push(sql`p.dataset_key > ${query.cursor}`)
  return sql.join(parts, sql` AND `)
}

/** The longitude ranges of a box: two when it crosses the antimeridian. */
function lonRanges({ west, east }: BBox): Array<[number, number]> {
  return west <= east ? [[west, east]] : [[west, 180], [-180, east]]
}

/** The keys of the matching points in key order, at most `limit`, by the given plan. */
export function mapKeysQuery(query: MapDatasetsQuery, plan: MapPlan, limit: number, options: { withCursor?: boolean } = {}): SQL {
  const match = ftsQuery(query.q)
  const withCursor = options.withCursor ?? true
  if (plan === 'key-walk') {
    const lon = lonRanges(query.bbox)
      .map(([from, to]) => sql`p.lon BETWEEN ${from} AND ${to}`)
      .reduce((a, b) => sql`(${a} OR ${b})`)
    // NOT INDEXED: the rowid (dataset_key) still drives the walk, and no index on lon tempts the planner into a sort.
    return sql`SELECT p.dataset_key FROM map_point AS p NOT INDEXED WHERE ${conditions(query, match, lon, withCursor)} ORDER BY p.dataset_key LIMIT ${limit}`
  }
  const parts = lonRanges(query.bbox).map(
    ([from, to]) => sql`SELECT p.dataset_key FROM map_point AS p INDEXED BY map_point_lon_idx WHERE ${conditions(query, match, sql`p.lon BETWEEN ${from} AND ${to}`, withCursor)}`,
  )
  return sql`SELECT dataset_key FROM (${sql.join(parts, sql` UNION ALL `)}) ORDER BY dataset_key LIMIT ${limit}`
}

const ITEM_COLUMNS = sql`p.dataset_key, d.id, d.title, (SELECT o.title FROM organization o WHERE o.id = d.organization_id) AS publisher, p.portal_id, p.family, p.band, p.lon, p.lat,
  (SELECT group_concat(DISTINCT r.canonical_format) FROM resource r WHERE r.dataset_key = p.dataset_key) AS formats`

type ItemRow = {
  dataset_key: number
  id: string
  title: string
  publisher: string | null
  portal_id: string
  family: number
  band: number
  lon: number
  lat: number
  formats: string | null
}

function itemOf(row: ItemRow): MapDatasetItem {
  return {
    key: Number(row.dataset_key),
    id: row.id,
    title: row.title,
    publisher: row.publisher,
    portalId: row.portal_id,
    formats: row.formats ? [...new Set(row.formats.split(','))].sort((a, b) => a.localeCompare(b, 'en')) : [],
    family: MAP_FAMILIES[row.family] ?? 'none',
    band: MAP_BANDS[row.band] ?? 'unrated',
    lon: row.lon,
    lat: row.lat,
  }
}

async function itemsByKey(db: Database, keys: number[]): Promise<MapDatasetItem[]> {
  if (keys.length === 0) return []
  const rows = await db.all<ItemRow>(sql`
    SELECT ${ITEM_COLUMNS} FROM map_point p JOIN dataset d ON d.key = p.dataset_key
    WHERE p.dataset_key IN (${sql.join(keys.map((key) => sql`${key}`), sql`, `)}) ORDER BY p.dataset_key`)
  return rows.map(itemOf)
}

/** A page of the datasets whose point is in the box, in key order, with the count of matches when the user searches. */
export async function mapDatasets(db: Database, query: MapDatasetsQuery): Promise<MapDatasetsPage> {
  const plan = await chooseMapPlan(db, query)
  const match = ftsQuery(query.q)
  const [keyRows, countRows] = await Promise.all([
    db.all<{ dataset_key: number }>(mapKeysQuery(query, plan, query.limit + 1)),
    match ? db.all<{ n: number }>(sql`SELECT count(*) AS n FROM (${mapKeysQuery(query, plan, MAP_MATCHED_MAX + 1, { withCursor: false })})`) : Promise.resolve(null),
  ])
  const keys = keyRows.slice(0, query.limit).map((row) => Number(row.dataset_key))
  const items = await itemsByKey(db, keys)
  const matchedCount = countRows ? Number(countRows[0]?.n ?? 0) : null
  return {
    items,
    nextCursor: keyRows.length > query.limit ? keys[keys.length - 1]! : null,
    matched: matchedCount === null ? null : { count: Math.min(matchedCount, MAP_MATCHED_MAX), capped: matchedCount > MAP_MATCHED_MAX },
  }
}

/** One dataset on the map (for its popup); null when it has no point. */
export async function mapDataset(db: Database, key: number): Promise<MapDatasetItem | null> {
  const [item] = await itemsByKey(db, [key])
  return item ?? null
}

export type MapExtent = { key: number; geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown } }

/** The polygon extents of datasets whose point is in the box (lines and points are drawn as points only). */
export async function mapExtents(db: Database, query: { bbox: BBox; portalId?: string | undefined; limit: number }): Promise<MapExtent[]> {
  const parts = lonRanges(query.bbox).map(
    ([from, to]) => sql`
      SELECT p.dataset_key, e.geometry FROM map_point AS p INDEXED BY map_point_lon_idx JOIN dataset_extent e ON e.dataset_key = p.dataset_key
      WHERE p.lon BETWEEN ${from} AND ${to} AND p.lat BETWEEN ${query.bbox.south} AND ${query.bbox.north}
        ${query.portalId ? sql`AND p.portal_id = ${query.portalId}` : sql``}
        AND json_extract(e.geometry, '$.type') IN ('Polygon', 'MultiPolygon')`,
  )
  const rows = await db.all<{ dataset_key: number; geometry: string }>(sql`${sql.join(parts, sql` UNION ALL `)} LIMIT ${query.limit}`)
  return rows.map((row) => ({ key: Number(row.dataset_key), geometry: JSON.parse(row.geometry) as MapExtent['geometry'] }))
}

export type MapFirstView = {
  buildId: number | null
  tiles: Array<{ z: number; x: number; y: number; data: string }>
  datasets: MapDatasetsPage
  total: number
}

/** What the home page renders before any script: the initial view's tiles (base64), its first page of datasets, and their total. */
export async function mapFirstView(db: Database, portalId: string | undefined): Promise<MapFirstView> {
  const build = await latestMapBuild(db)
  const box = MAP_INITIAL_BBOX
  const datasets = await mapDatasets(db, { bbox: box, portalId, limit: 50 })
  if (!build) return { buildId: null, tiles: [], datasets, total: 0 }
  const tiles = await tilesAt(db, build.id, portalId ?? '', tilesCovering(box, tileZoomFor(MAP_INITIAL_VIEW.zoom)))
  const total = tiles.reduce((sum, tile) => sum + totalOf(decodeTile(tile.data), box), 0)
  return { buildId: build.id, tiles: tiles.map((tile) => ({ z: tile.z, x: tile.x, y: tile.y, data: encodeBase64(tile.data) })), datasets, total }
}
