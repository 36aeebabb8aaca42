import { encodeBase64 } from '@oslojs/encoding'
import { sql, type SQL } from 'drizzle-orm'
import { readRaw, runBatch, runRawBatch, type Database } from '../../db/client.server.ts'
import { mapBuilds, mapTiles } from '../../db/schema/map.ts'
import { CANONICAL_FORMATS, type CanonicalFormat } from '../../lib/domain/canonical-formats.ts'
import { decodeTile, MAP_TILE_VERSION, type MapTile } from '../../lib/domain/map-tile.ts'
import {
  familyOfFormats,
  MAP_BANDS,
  MAP_CLUSTER_MAX_ZOOM,
  MAP_FAMILIES,
  MAP_INITIAL_BBOX,
  MAP_INITIAL_VIEW,
  mapBandOf,
  tileZoomFor,
  tilesCovering,
  type BBox,
  type MapBand,
  type MapDatasetItem,
  type MapFamily,
  type TileAddress,
} from '../../lib/domain/map.ts'
import type { EncodedTile, MapPoints } from '../map/tiles.server.ts'
import { ftsQuery } from './datasets.server.ts'

// The map's reads and writes (docs/map.md). What its pages and API read (server/trpc/routers/map.server.ts, the tile
// route): the newest finished build, its tiles, and the datasets in a viewport from map_point. What the build
// (server/map/build.server.ts) reads and writes: the points from the harvested extents, map_point by a diff, its
// tiles, and the builds it replaces.

/** A build that has not finished within this time is taken for abandoned, not for one in progress. */
const BUILD_STALE_MS = 30 * 60 * 1000

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

// ---------------------------------------------------------------------------------------------- the build

/** Points read per query (as one text). */
const READ_PAGE = 10_000
/** map_tile rows removed per transaction when an old build goes. */
const DELETE_SLICE = 1_000

/** What the rollups are now: a different value than a build's `source` means that build is stale. */
export async function mapSource(db: Database): Promise<string> {
  const [row] = await readRaw(db, { sql: 'SELECT max(id), count(*) FROM rollup_run', args: [] })
  // The tile format too: a new format rebuilds the tiles once, even with the data unchanged.
  return `${Number(row?.[0] ?? 0)}:${Number(row?.[1] ?? 0)}:t${MAP_TILE_VERSION}`
}

export type MapBuildRow = { id: number; source: string; startedAt: Date; finishedAt: Date | null; points: number; tiles: number; ms: number }

/** The newest finished build, which readers use. */
export async function latestMapBuild(db: Database): Promise<MapBuildRow | null> {
  const [row] = await readRaw(db, {
    sql: 'SELECT id, source, started_at, finished_at, points, tiles, ms FROM map_build WHERE finished_at IS NOT NULL ORDER BY id DESC LIMIT 1',
    args: [],
  })
  return row ? buildRow(row) : null
}

function buildRow(row: unknown[]): MapBuildRow {
  return {
    id: Number(row[0]),
    source: String(row[1]),
    startedAt: new Date(Number(row[2])),
    finishedAt: row[3] === null ? null : new Date(Number(row[3])),
    points: Number(row[4]),
    tiles: Number(row[5]),
    ms: Number(row[6]),
  }
}

/** Two cheap reads, no write: whether the newest finished build is older than the rollups. */
export async function mapStaleness(db: Database): Promise<{ stale: boolean; source: string; latest: MapBuildRow | null }> {
  const [source, latest] = await Promise.all([mapSource(db), latestMapBuild(db)])
  return { stale: latest?.source !== source, source, latest }
}


/** A tile of one scope, as the build writes it. */
export type ScopedTile = { scope: string; tile: EncodedTile }

function tileRow(buildId: number, { scope, tile }: ScopedTile): typeof mapTiles.$inferInsert {
  return { buildId, scope, z: tile.z, x: tile.x, y: tile.y, data: Buffer.from(tile.data.buffer, tile.data.byteOffset, tile.data.byteLength) }
}

/** A new build, unfinished (readers keep using the previous one): its id. */
export async function createMapBuild(db: Database, source: string, startedAt: Date): Promise<number> {
  const [created] = await db.insert(mapBuilds).values({ source, startedAt }).returning({ id: mapBuilds.id })
  return created!.id
}

/** One transaction's worth of a build's tiles. */
export async function insertMapTiles(db: Database, buildId: number, tiles: ScopedTile[]): Promise<void> {
  await db.insert(mapTiles).values(tiles.map((tile) => tileRow(buildId, tile)))
}

/** The last tiles and the finish in one transaction: readers switch to the build only once all of it is there. */
export async function finishMapBuild(db: Database, buildId: number, lastTiles: ScopedTile[], figures: { points: number; tiles: number; ms: number }): Promise<void> {
  await runBatch(db, [
    ...(lastTiles.length ? [db.insert(mapTiles).values(lastTiles.map((tile) => tileRow(buildId, tile)))] : []),
    db.update(mapBuilds).set({ finishedAt: new Date(), ...figures }).where(sql`${mapBuilds.id} = ${buildId}`),
  ])
}

const KNOWN_FORMATS = new Set<string>(CANONICAL_FORMATS)
const FAMILY_INDEX = new Map(MAP_FAMILIES.map((family, index) => [family, index]))
const BAND_INDEX = new Map(MAP_BANDS.map((band, index) => [band, index]))

/**
 * Positions are kept to 7 decimals (about a centimetre): a number of at most 15 significant digits survives SQLite's
 * text form and JavaScript's parsing unchanged, so a point read back as text compares equal to the one computed.
 */
const COORDINATE_DECIMALS = 7

// The client turns each row into an object (with integers through BigInt), a few microseconds a row: at a million
// points that was 10 s of the build. So the bulk reads below ask SQLite for one text per page and split it here.
const FIELD = ';'
const LINE = '\n'

/**
 * Every live dataset with an extent, in key order, as columns, with whether map_point already holds it as it is
 * (`fresh`): the points and the first half of the diff in one pass.
 */
export async function readMapPoints(db: Database): Promise<{ points: MapPoints; fresh: Uint8Array }> {
  let capacity = 1 << 14
  let points: MapPoints = emptyPoints(capacity)
  let fresh = new Uint8Array(capacity)
  const portalIndex = new Map<string, number>()
  let after = 0
  for (;;) {
    const [row] = await readRaw(db, {
      sql: `SELECT count(*), max(key), group_concat(line, char(10) ORDER BY key) FROM (
              SELECT e.dataset_key AS key, e.dataset_key || '${FIELD}' || d.portal_id
                || '${FIELD}' || round((e.west + e.east) / 2, ${COORDINATE_DECIMALS}) || '${FIELD}' || round((e.south + e.north) / 2, ${COORDINATE_DECIMALS})
                || '${FIELD}' || coalesce(d.quality_scaled, '')
                || '${FIELD}' || coalesce((SELECT group_concat(DISTINCT r.canonical_format) FROM resource r WHERE r.dataset_key = e.dataset_key), '')
                || '${FIELD}' || coalesce(p.portal_id || '${FIELD}' || p.lon || '${FIELD}' || p.lat || '${FIELD}' || p.family || '${FIELD}' || p.band, '') AS line
              FROM dataset_extent e JOIN dataset d ON d.key = e.dataset_key LEFT JOIN map_point p ON p.dataset_key = e.dataset_key
              WHERE e.dataset_key > ? AND d.deleted_at IS NULL ORDER BY e.dataset_key LIMIT ?)`,
      args: [after, READ_PAGE],
    })
    const count = Number(row?.[0] ?? 0)
    if (count === 0) return { points, fresh }
    for (const line of String(row![2]).split(LINE)) {
      if (points.n === capacity) {
        capacity *= 2
        points = grown(points, capacity)
        const nextFresh = new Uint8Array(capacity)
        nextFresh.set(fresh)
        fresh = nextFresh
      }
      const [key, portalId = '', lon, lat, scaled, formatList, oldPortal, oldLon, oldLat, oldFamily, oldBand] = line.split(FIELD)
      const i = points.n++
      let portal = portalIndex.get(portalId)
      if (portal === undefined) {
        portal = points.portals.push(portalId) - 1
        portalIndex.set(portalId, portal)
      }
      const formats = formatList ? formatList.split(',').map((format) => (KNOWN_FORMATS.has(format) ? (format as CanonicalFormat) : 'unknown')) : []
      points.keys[i] = Number(key)
      points.lon[i] = Number(lon)
      points.lat[i] = Number(lat)
      points.portal[i] = portal
      points.family[i] = FAMILY_INDEX.get(familyOfFormats(formats))!
      points.band[i] = BAND_INDEX.get(mapBandOf(scaled ? Number(scaled) : null))!
      fresh[i] = Number(
        oldPortal === portalId && Number(oldLon) === points.lon[i] && Number(oldLat) === points.lat[i] && Number(oldFamily) === points.family[i] && Number(oldBand) === points.band[i],
      )
    }
    if (count < READ_PAGE) return { points, fresh }
    after = Number(row![1])
  }
}

function emptyPoints(capacity: number): MapPoints {
  return {
    n: 0,
    keys: new Float64Array(capacity),
    lon: new Float64Array(capacity),
    lat: new Float64Array(capacity),
    family: new Uint8Array(capacity),
    band: new Uint8Array(capacity),
    portal: new Uint16Array(capacity),
    portals: [],
  }
}

function grown(points: MapPoints, capacity: number): MapPoints {
  const next = emptyPoints(capacity)
  next.n = points.n
  next.portals = points.portals
  next.keys.set(points.keys)
  next.lon.set(points.lon)
  next.lat.set(points.lat)
  next.family.set(points.family)
  next.band.set(points.band)
  next.portal.set(points.portal)
  return next
}

/** map_point's keys that are not among the points (a dataset withdrawn, or its extent gone), in key order. */
async function staleMapPoints(db: Database, points: MapPoints): Promise<number[]> {
  const stale: number[] = []
  let i = 0
  let after = 0
  for (;;) {
    const [row] = await readRaw(db, {
      sql: `SELECT count(*), max(dataset_key), group_concat(dataset_key, ',' ORDER BY dataset_key) FROM (SELECT dataset_key FROM map_point WHERE dataset_key > ? ORDER BY dataset_key LIMIT ?)`,
      args: [after, READ_PAGE * 5],
    })
    const count = Number(row?.[0] ?? 0)
    if (count === 0) return stale
    for (const text of String(row![2]).split(',')) {
      const key = Number(text)
      while (i < points.n && points.keys[i]! < key) i++
      if (i >= points.n || points.keys[i] !== key) stale.push(key)
    }
    if (count < READ_PAGE * 5) return stale
    after = Number(row![1])
  }
}

/**
 * Brings map_point to `points` by a diff: after a harvest most points are unchanged, so only the new, moved and
 * removed ones are written. A dataset removed meanwhile (a portal deleted) is skipped, not an error.
 */
export async function syncMapPoints(db: Database, points: MapPoints, fresh: Uint8Array, slice: number, wrote: () => Promise<void>): Promise<{ upserted: number; deleted: number }> {
  const stale = await staleMapPoints(db, points)
  let upserted = 0
  let batch: number[] = []
  const flush = async () => {
    const rows = batch.map((i) => [points.keys[i]!, points.portals[points.portal[i]!]!, points.lon[i]!, points.lat[i]!, points.family[i]!, points.band[i]!])
    // One JSON text rather than VALUES with six parameters a row: the statement stays small and the same every time
    // (a prepared VALUES statement of 500 rows holds ~300 kB of native memory until the garbage collector runs).
    await runRawBatch(db, [
      {
        sql: `INSERT INTO map_point (dataset_key, portal_id, lon, lat, family, band)
              SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(?)
              WHERE EXISTS (SELECT 1 FROM dataset d WHERE d.key = value ->> 0)
              ON CONFLICT (dataset_key) DO UPDATE SET portal_id = excluded.portal_id, lon = excluded.lon, lat = excluded.lat, family = excluded.family, band = excluded.band`,
        args: [JSON.stringify(rows)],
      },
    ])
    upserted += batch.length
    batch = []
    await wrote()
  }
  for (let i = 0; i < points.n; i++) {
    if (fresh[i]) continue
    batch.push(i)
    if (batch.length >= slice) await flush()
  }
  if (batch.length) await flush()
  for (let from = 0; from < stale.length; from += slice) {
    const keys = stale.slice(from, from + slice)
    await runRawBatch(db, [{ sql: `DELETE FROM map_point WHERE dataset_key IN (${keys.map(() => '?').join(', ')})`, args: keys }])
    await wrote()
  }
  return { upserted, deleted: stale.length }
}

/** Every build before `keep` except `previous`, its tiles first in slices. */
export async function removeMapBuilds(db: Database, keep: number, previous: number | null, wrote: () => Promise<void>): Promise<void> {
  const old = await readRaw(db, { sql: 'SELECT id FROM map_build WHERE id < ? AND id IS NOT ? ORDER BY id', args: [keep, previous] })
  for (const [id] of old) await removeMapBuild(db, Number(id), wrote)
}

/** A build and its tiles, the tiles in slices of DELETE_SLICE rows. */
export async function removeMapBuild(db: Database, buildId: number, wrote: () => Promise<void>): Promise<void> {
  for (;;) {
    const rows = await readRaw(db, { sql: 'SELECT rowid FROM map_tile WHERE build_id = ? LIMIT ?', args: [buildId, DELETE_SLICE] })
    if (rows.length === 0) break
    await runRawBatch(db, [{ sql: `DELETE FROM map_tile WHERE rowid IN (${rows.map(() => '?').join(', ')})`, args: rows.map((row) => Number(row[0])) }])
    await wrote()
  }
  await runRawBatch(db, [{ sql: 'DELETE FROM map_build WHERE id = ?', args: [buildId] }])
  await wrote()
}
