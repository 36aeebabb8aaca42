import { sql } from 'drizzle-orm'
import { readRaw, runBatch, runRawBatch, type Database } from '../../db/client.server.ts'
import { mapBuilds, mapTiles } from '../../db/schema/map.ts'
import { CANONICAL_FORMATS, type CanonicalFormat } from '../../lib/domain/canonical-formats.ts'
import { MAP_TILE_VERSION } from '../../lib/domain/map-tile.ts'
import { familyOfFormats, MAP_BANDS, MAP_FAMILIES, mapBandOf } from '../../lib/domain/map.ts'
import type { EncodedTile, MapPoints } from '../map/tiles.server.ts'

// What the map's build (server/map/build.server.ts) reads and writes (docs/map.md): the points from the harvested
// extents, map_point by a diff, the tiles, and the builds it replaces; and which build is the newest.

/** A build that has not finished within this time is taken for abandoned, not for one in progress. */
export const BUILD_STALE_MS = 30 * 60 * 1000

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
