import { TRPCError } from '@trpc/server'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Database } from '../../../db/client.server.ts'
import { decodeTile } from '../../../lib/domain/map-tile.ts'
import { MAP_BANDS, MAP_FAMILIES, MAP_INITIAL_BBOX, type BBox } from '../../../lib/domain/map.ts'
import { harvestedDatabase, type HarvestedDatabase } from '../../../tests/helpers/map-fixture.ts'
import { rejection } from '../../../tests/helpers/rejection.ts'
import { testContext } from '../../../tests/helpers/trpc-context.ts'
import { storePackages } from '../../ckan/harvest/ingest.server.ts'
import { runJob } from '../../jobs/registry.server.ts'
import { chooseMapPlan, inBox, mapKeysQuery, type MapDatasetsQuery } from '../../queries/map.server.ts'
import { createCaller } from '../router.server.ts'

let testDb: HarvestedDatabase
let background: Database
const CZECHIA: BBox = { west: 12, south: 48.5, east: 19, north: 51.1 }

const caller = async () => createCaller(await testContext(testDb.db))
const build = () => runJob('map-build', background, { force: true })

type PointRow = { dataset_key: number; portal_id: string; lon: number; lat: number; family: number; band: number }
const points = () => testDb.db.all<PointRow>(sql`SELECT * FROM map_point ORDER BY dataset_key`)

/** Every page of map.datasets for the input, following nextCursor. */
async function allPages(input: Omit<Parameters<Awaited<ReturnType<typeof caller>>['map']['datasets']>[0], 'cursor'>) {
  const api = await caller()
  const keys: number[] = []
  let cursor: number | null = null
  for (let page = 0; page < 1_000; page++) {
    const result = await api.map.datasets({ ...input, cursor })
    keys.push(...result.items.map((item) => item.key))
    if (result.nextCursor === null) return keys
    expect(result.items).toHaveLength(input.limit ?? 50)
    expect(result.nextCursor).toBe(result.items.at(-1)!.key)
    cursor = result.nextCursor
  }
  throw new Error('paging did not end')
}

beforeAll(async () => {
  testDb = await harvestedDatabase({ a: 600, b: 200 })
  background = await createDb({ url: testDb.url }, { role: 'background' })
  // Two datasets either side of the antimeridian (Fiji) and one on the meridian, beside the fixture's Czech extents.
  const bbox = (west: number, south: number, east: number, north: number) => [
    { key: 'bbox-west-long', value: String(west) },
    { key: 'bbox-south-lat', value: String(south) },
    { key: 'bbox-east-long', value: String(east) },
    { key: 'bbox-north-lat', value: String(north) },
  ]
  await storePackages(
    testDb.db,
    'b',
    [
      { id: 'fiji-east', name: 'fiji-east', title: 'Taveuni reefs', extras: bbox(179.8, -16.9, 179.9, -16.7), resources: [{ url: 'https://b.example/reefs.geojson', format: 'GeoJSON' }] },
      { id: 'fiji-west', name: 'fiji-west', title: 'Lau islands', extras: bbox(-179.9, -17.9, -179.7, -17.6), resources: [] },
      { id: 'greenwich', name: 'greenwich', title: 'Greenwich meridian', extras: bbox(-0.01, 51.47, 0.01, 51.48), resources: [] },
    ],
    { runId: null, now: new Date() },
  )
}, 120_000)
afterAll(async () => {
  await testDb.close()
})

describe('map.meta', () => {
  it('says there is no build yet, then which build to read, with each portal and its points', async () => {
    const api = await caller()
    expect(await api.map.meta()).toEqual({ buildId: null, builtAt: null, points: 0, building: false, portals: [] })
    const summary = await build()
    const meta = await api.map.meta()
    expect(meta).toMatchObject({ buildId: summary!.buildId, points: summary!.points, building: false })
    expect(meta.builtAt).toEqual(expect.any(Date))
    const stored = await points()
    expect(meta.portals).toEqual([
      { id: 'a', name: 'Portal A', points: stored.filter((p) => p.portal_id === 'a').length },
      { id: 'b', name: 'Portal B', points: stored.filter((p) => p.portal_id === 'b').length },
    ])
  })

  it('says a build is under way while a newer one is unfinished', async () => {
    await testDb.db.run(sql`INSERT INTO map_build (source, started_at) VALUES ('in progress', ${Date.now()})`)
    expect((await (await caller()).map.meta()).building).toBe(true)
    await testDb.db.run(sql`DELETE FROM map_build WHERE source = 'in progress'`)
  })
})

describe('map.datasets', () => {
  it('pages through every dataset in view exactly once, in key order', async () => {
    const expected = (await points()).filter((p) => inBox(CZECHIA, p.lon, p.lat)).map((p) => p.dataset_key)
    expect(expected.length).toBeGreaterThan(100)
    const keys = await allPages({ bbox: CZECHIA, limit: 37 })
    expect(keys).toEqual(expected)
  })

  it('lists each item with its title, publisher, portal, distinct formats, family, band and position', async () => {
    const api = await caller()
    const { items } = await api.map.datasets({ bbox: { west: 179, south: -20, east: 180, north: -10 } })
    expect(items).toEqual([
      expect.objectContaining({ id: 'b:fiji-east', title: 'Taveuni reefs', publisher: null, portalId: 'b', formats: ['GeoJSON'], family: 'geo', band: expect.any(String) }),
    ])
    expect(items[0]!.lon).toBeCloseTo(179.85, 6)
    const [withPublisher] = await testDb.db.all<{ key: number; title: string }>(sql`
      SELECT p.dataset_key AS key, o.title FROM map_point p JOIN dataset d ON d.key = p.dataset_key JOIN organization o ON o.id = d.organization_id LIMIT 1`)
    const item = await api.map.dataset({ key: withPublisher!.key })
    expect(item.publisher).toBe(withPublisher!.title)
    expect(item.formats).toEqual([...new Set(item.formats)].sort())
  })

  it('filters by portal, family and band, and pages through the filtered set alone', async () => {
    const stored = (await points()).filter((p) => inBox(CZECHIA, p.lon, p.lat))
    const family = MAP_FAMILIES[stored[0]!.family]!
    const band = MAP_BANDS[stored[0]!.band]!
    expect(await allPages({ bbox: CZECHIA, portalId: 'b', limit: 10 })).toEqual(stored.filter((p) => p.portal_id === 'b').map((p) => p.dataset_key))
    expect(await allPages({ bbox: CZECHIA, family, limit: 10 })).toEqual(stored.filter((p) => p.family === stored[0]!.family).map((p) => p.dataset_key))
    expect(await allPages({ bbox: CZECHIA, band, portalId: 'a', limit: 10 })).toEqual(
      stored.filter((p) => p.band === stored[0]!.band && p.portal_id === 'a').map((p) => p.dataset_key),
    )
  })

  it('searches titles and keywords, and counts the matches in view', async () => {
    const api = await caller()
    const [sample] = await testDb.db.all<{ title: string }>(sql`SELECT d.title FROM map_point p JOIN dataset d ON d.key = p.dataset_key ORDER BY p.dataset_key LIMIT 1`)
    const word = sample!.title.split(/\s+/).find((w) => w.length > 3)!
    const matching = await testDb.db.all<{ dataset_key: number }>(sql`
      SELECT p.dataset_key FROM map_point p WHERE p.dataset_key IN (SELECT rowid FROM dataset_fts WHERE dataset_fts MATCH ${`"${word}"*`}) ORDER BY p.dataset_key`)
    const first = await api.map.datasets({ bbox: { west: -180, south: -90, east: 180, north: 90 }, q: `  ${word}  `, limit: 5 })
    expect(first.matched).toEqual({ count: matching.length, capped: false })
    expect(await allPages({ bbox: { west: -180, south: -90, east: 180, north: 90 }, q: word, limit: 5 })).toEqual(matching.map((row) => row.dataset_key))
    // Without a search there is no count: the client adds up the clusters in view.
    expect((await api.map.datasets({ bbox: CZECHIA })).matched).toBeNull()
    expect((await api.map.datasets({ bbox: CZECHIA, q: 'žádnétakovéslovo' })).items).toEqual([])
  })

  it('takes a box across the antimeridian (west > east) as the view over it, not the world between', async () => {
    const api = await caller()
    const { items } = await api.map.datasets({ bbox: { west: 179, south: -20, east: -179, north: -10 } })
    expect(items.map((item) => item.id).sort()).toEqual(['b:fiji-east', 'b:fiji-west'])
    const extents = await api.map.extents({ bbox: { west: 179, south: -20, east: -179, north: -10 } })
    expect(extents).toHaveLength(2)
    expect(extents.every((extent) => extent.geometry.type === 'Polygon')).toBe(true)
  })

  it('answers BAD_REQUEST for a box off the globe, a page too large, a long search or an unknown family, and changes nothing', async () => {
    const api = await caller()
    const [before] = await testDb.db.all<{ n: number }>(sql`SELECT (SELECT count(*) FROM map_point) + (SELECT count(*) FROM map_build) AS n`)
    for (const input of [
      { bbox: { ...CZECHIA, north: 91 } },
      { bbox: { ...CZECHIA, west: -181 } },
      { bbox: { ...CZECHIA, south: 52 } },
      { bbox: CZECHIA, limit: 101 },
      { bbox: CZECHIA, limit: 0 },
      { bbox: CZECHIA, q: 'x'.repeat(201) },
      { bbox: CZECHIA, family: 'spreadsheet' },
      { bbox: CZECHIA, band: 'great' },
      { bbox: CZECHIA, cursor: 1.5 },
    ]) {
      const error = await rejection(api.map.datasets(input as never), TRPCError)
      expect(error.code, JSON.stringify(input)).toBe('BAD_REQUEST')
    }
    expect((await rejection(api.map.extents({ bbox: CZECHIA, limit: 301 }), TRPCError)).code).toBe('BAD_REQUEST')
    expect((await rejection(api.map.dataset({ key: -1 }), TRPCError)).code).toBe('BAD_REQUEST')
    expect((await rejection(api.map.dataset({ key: 999_999 }), TRPCError)).code).toBe('NOT_FOUND')
    const [after] = await testDb.db.all<{ n: number }>(sql`SELECT (SELECT count(*) FROM map_point) + (SELECT count(*) FROM map_build) AS n`)
    expect(after).toEqual(before)
  })
})

describe('map.firstView', () => {
  it('gives the initial view its tiles, its first page and the total in view, for all portals or one', async () => {
    const api = await caller()
    const view = await api.map.firstView()
    const meta = await api.map.meta()
    expect(view.buildId).toBe(meta.buildId)
    expect(view.tiles.length).toBeGreaterThan(0)
    const inView = (await points()).filter((p) => inBox(MAP_INITIAL_BBOX, p.lon, p.lat))
    let total = 0
    for (const tile of view.tiles) {
      const decoded = decodeTile(Uint8Array.from(atob(tile.data), (c) => c.charCodeAt(0)))
      if (decoded.kind === 'clusters') for (let i = 0; i < decoded.n; i++) total += decoded.counts[i]!
    }
    // The clusters of the tiles add up to the points in them, and the box's own total to the points in the box.
    expect(total).toBeGreaterThanOrEqual(inView.length)
    expect(view.total).toBe(inView.length)
    expect(view.datasets.items.map((item) => item.key)).toEqual(inView.slice(0, 50).map((p) => p.dataset_key))
    const forB = await api.map.firstView({ portalId: 'b' })
    expect(forB.total).toBe(inView.filter((p) => p.portal_id === 'b').length)
    expect(forB.datasets.items.every((item) => item.portalId === 'b')).toBe(true)
  })
})

describe('map.datasets query plans', () => {
  const detail = async (query: MapDatasetsQuery, plan: 'key-walk' | 'lon-index') => {
    const rows = await testDb.db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${mapKeysQuery(query, plan, query.limit + 1)}`)
    return rows.map((row) => row.detail).join('\n')
  }

  it('walks the primary key for a whole country and searches the lon/lat index for a city', async () => {
    // Enough points for the choice to matter: 20,000 spread over Czechia, a fifth of them around Brno.
    await testDb.db.run(sql`
      INSERT INTO dataset (id, portal_id, ckan_id, name, title)
      SELECT 'a:synthetic-' || x, 'a', 'synthetic-' || x, 'synthetic-' || x, 'Synthetic ' || x
      FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 20000) SELECT x FROM c)`)
    await testDb.db.run(sql`
      INSERT INTO dataset_extent (dataset_key, source, west, south, east, north, geometry)
      SELECT key, 'bbox-extras', lon, lat, lon, lat, '{"type":"Point","coordinates":[0,0]}' FROM (
        SELECT key, CASE WHEN key % 5 = 0 THEN 16.5 + (key % 97) / 1000.0 ELSE 12.2 + (key % 6700) / 1000.0 END AS lon,
               CASE WHEN key % 5 = 0 THEN 49.15 + (key % 89) / 1000.0 ELSE 48.7 + (key % 2300) / 1000.0 END AS lat
        FROM dataset WHERE name LIKE 'synthetic-%')`)
    await runJob('rollup-refresh', background, { all: true })
    expect(await runJob('map-build', background, {})).toMatchObject({ points: expect.any(Number) })

    const country: MapDatasetsQuery = { bbox: CZECHIA, limit: 50 }
    const [town] = await testDb.db.all<{ lon: number; lat: number }>(sql`SELECT p.lon, p.lat FROM map_point p JOIN dataset d ON d.key = p.dataset_key WHERE d.name = 'synthetic-1234'`)
    const city: MapDatasetsQuery = { bbox: { west: town!.lon - 0.05, south: town!.lat - 0.03, east: town!.lon + 0.05, north: town!.lat + 0.03 }, limit: 50 }
    expect(await chooseMapPlan(testDb.db, country)).toBe('key-walk')
    expect(await chooseMapPlan(testDb.db, city)).toBe('lon-index')
    // A rare family across the whole country: a walk would pass thousands of rows per match, the index is cheaper.
    const geo = (await points()).filter((p) => p.family === MAP_FAMILIES.indexOf('geo') && inBox(CZECHIA, p.lon, p.lat)).length
    expect(geo).toBeLessThan(100)
    expect(await chooseMapPlan(testDb.db, { ...country, family: 'geo' })).toBe('lon-index')
    const whole = await detail(country, 'key-walk')
    expect(whole).toMatch(/SCAN p|SEARCH p USING INTEGER PRIMARY KEY/)
    expect(whole).not.toMatch(/TEMP B-TREE|map_point_lon_idx/)
    expect(await detail({ ...country, cursor: 1000 }, 'key-walk')).toMatch(/SEARCH p USING INTEGER PRIMARY KEY \(rowid>\?\)/)
    // With a search, the walk goes through the matches' keys (in order, no sort) rather than through every point.
    const searched = await detail({ ...country, q: 'synthetic' }, 'key-walk')
    expect(searched).toMatch(/SEARCH p USING INTEGER PRIMARY KEY \(rowid=\?\)/)
    expect(searched).toMatch(/LIST SUBQUERY/)
    expect(searched).not.toMatch(/TEMP B-TREE/)
    const local = await detail(city, 'lon-index')
    expect(local).toMatch(/SEARCH p USING (COVERING )?INDEX map_point_lon_idx \(lon>\? AND lon<\?\)/)
    // Both plans answer the same pages.
    const api = await caller()
    const viaWalk = await api.map.datasets({ bbox: CZECHIA, limit: 100 })
    const inCountry = (await points()).filter((p) => inBox(CZECHIA, p.lon, p.lat)).slice(0, 100)
    expect(viaWalk.items.map((item) => item.key)).toEqual(inCountry.map((p) => p.dataset_key))
    const inCity = (await points()).filter((p) => inBox(city.bbox, p.lon, p.lat))
    expect(inCity.length).toBeGreaterThan(0)
    expect(await allPages({ bbox: city.bbox, limit: 7 })).toEqual(inCity.map((p) => p.dataset_key))
  })
})
