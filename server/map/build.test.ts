import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Database } from '../../db/client.server.ts'
import { appSettings } from '../../db/schema/app-setting.ts'
import { familyOfFormats, MAP_BANDS, MAP_CLUSTER_MAX_ZOOM, MAP_FAMILIES, MAP_POINT_ZOOM, mapBandOf, tileOf } from '../../lib/domain/map.ts'
import { decodeTile, type MapTile } from '../../lib/domain/map-tile.ts'
import type { CanonicalFormat } from '../../lib/domain/canonical-formats.ts'
import { harvestedDatabase, type HarvestedDatabase } from '../../tests/helpers/map-fixture.ts'
import { runJob } from '../jobs/registry.server.ts'
import { startMapWorker } from '../jobs/triggers.server.ts'
import type { SqliteFileClient } from '../../db/sqlite-file.server.ts'
import { latestMapBuild, mapSource, mapStaleness } from '../queries/map-builds.server.ts'
import { buildMap, buildMapIfStale } from './build.server.ts'

let testDb: HarvestedDatabase
let background: Database

beforeAll(async () => {
  testDb = await harvestedDatabase({ a: 600, b: 200 })
  // The build runs as the helper process runs it: a background writer that yields to people.
  background = await createDb({ url: testDb.url }, { role: 'background' })
}, 120_000)
afterAll(async () => {
  await testDb.close()
})

type Expected = { key: number; portal: string; lon: number; lat: number; family: number; band: number }

/** The points the map should show, computed independently from the harvested tables. */
async function expectedPoints(): Promise<Expected[]> {
  const rows = await testDb.db.all<{ key: number; portal_id: string; west: number; south: number; east: number; north: number; quality_scaled: number | null; formats: string | null }>(sql`
    SELECT d.key, d.portal_id, e.west, e.south, e.east, e.north, d.quality_scaled, (SELECT group_concat(r.canonical_format) FROM resource r WHERE r.dataset_key = d.key) AS formats
    FROM dataset d JOIN dataset_extent e ON e.dataset_key = d.key WHERE d.deleted_at IS NULL ORDER BY d.key`)
  return rows.map((row) => ({
    key: row.key,
    portal: row.portal_id,
    lon: (row.west + row.east) / 2,
    lat: (row.south + row.north) / 2,
    family: MAP_FAMILIES.indexOf(familyOfFormats((row.formats?.split(',') ?? []) as CanonicalFormat[])),
    band: MAP_BANDS.indexOf(mapBandOf(row.quality_scaled)),
  }))
}

async function tilesOf(buildId: number): Promise<Array<{ scope: string; z: number; x: number; y: number; tile: MapTile }>> {
  const rows = await testDb.db.all<{ scope: string; z: number; x: number; y: number; data: ArrayBuffer }>(sql`SELECT scope, z, x, y, data FROM map_tile WHERE build_id = ${buildId} ORDER BY scope, z, x, y`)
  return rows.map((row) => ({ ...row, tile: decodeTile(new Uint8Array(row.data)) }))
}

const sum = (values: ArrayLike<number>) => Array.from(values).reduce((a, b) => a + b, 0)

describe('the map build', () => {
  let first: Awaited<ReturnType<typeof buildMap>>

  it('makes one point per live dataset with an extent, with its centre, family and band, in map_point', async () => {
    const expected = await expectedPoints()
    expect(expected.length).toBeGreaterThan(100)
    expect(await mapStaleness(background)).toMatchObject({ stale: true, latest: null })
    const summary = await buildMapIfStale(background)
    expect(summary).not.toBeNull()
    first = summary!
    expect(first).toMatchObject({ points: expected.length, upserted: expected.length, deleted: 0, scopes: 3, source: await mapSource(testDb.db) })
    const stored = await testDb.db.all<{ dataset_key: number; portal_id: string; lon: number; lat: number; family: number; band: number }>(sql`SELECT * FROM map_point ORDER BY dataset_key`)
    // Positions are kept to 7 decimals (about a centimetre).
    const near = (value: number) => expect.closeTo(value, 7)
    expect(stored.map((row) => ({ key: row.dataset_key, portal: row.portal_id, lon: row.lon, lat: row.lat, family: row.family, band: row.band }))).toEqual(
      expected.map((point) => ({ ...point, lon: near(point.lon), lat: near(point.lat) })),
    )
    // Several families and bands occur, so the reductions below are not trivially one column.
    expect(new Set(expected.map((point) => point.family)).size).toBeGreaterThan(2)
    const latest = await latestMapBuild(testDb.db)
    expect(latest).toMatchObject({ id: first.buildId, points: expected.length, tiles: first.tiles })
    expect(latest!.finishedAt).not.toBeNull()
  })

  it('has clusters at every zoom that add up to the points, per scope, with family and band counts that add up to each cluster', async () => {
    const expected = await expectedPoints()
    const tiles = await tilesOf(first.buildId)
    expect(tiles).toHaveLength(first.tiles)
    const scopes = { '': expected, a: expected.filter((p) => p.portal === 'a'), b: expected.filter((p) => p.portal === 'b') }
    for (const [scope, points] of Object.entries(scopes)) {
      expect(points.length).toBeGreaterThan(0)
      for (let z = 0; z <= MAP_CLUSTER_MAX_ZOOM; z++) {
        let total = 0
        for (const { x, y, tile } of tiles.filter((t) => t.scope === scope && t.z === z)) {
          if (tile.kind !== 'clusters') throw new Error(`zoom ${z} holds points`)
          for (let i = 0; i < tile.n; i++) {
            const count = tile.counts[i]!
            expect(sum(tile.familyCounts.subarray(i * MAP_FAMILIES.length, (i + 1) * MAP_FAMILIES.length))).toBe(count)
            expect(sum(tile.bandCounts.subarray(i * MAP_BANDS.length, (i + 1) * MAP_BANDS.length))).toBe(count)
            // A cluster opens at a deeper zoom; a single point opens at the point zoom.
            expect(tile.expansionZoom[i]).toBeGreaterThan(z)
            expect(tile.expansionZoom[i]).toBeLessThanOrEqual(MAP_POINT_ZOOM)
            if (count === 1) expect(tile.expansionZoom[i]).toBe(MAP_POINT_ZOOM)
            // A cluster of one names its dataset (of this scope, with its family and band); a real cluster none.
            if (count === 1) {
              const point = points.find((p) => p.key === tile.datasetKeys[i])
              expect(point, `the dataset of a cluster of one at zoom ${z}`).toBeDefined()
              expect(tile.familyCounts[i * MAP_FAMILIES.length + point!.family]).toBe(1)
              expect(tile.bandCounts[i * MAP_BANDS.length + point!.band]).toBe(1)
            } else expect(tile.datasetKeys[i]).toBe(0)
            // Each cluster is in the tile its position falls in.
            expect(tileOf(tile.positions[2 * i]!, tile.positions[2 * i + 1]!, z)).toEqual({ z, x, y })
            total += count
          }
        }
        expect(total, `scope '${scope}' zoom ${z}`).toBe(points.length)
      }
      // The point zoom: every dataset once, with its own key, family and band, in its own tile.
      const single = tiles.filter((t) => t.scope === scope && t.z === MAP_POINT_ZOOM)
      const seen: Array<[number, number, number]> = []
      for (const { x, y, tile } of single) {
        if (tile.kind !== 'points') throw new Error('the point zoom holds clusters')
        for (let i = 0; i < tile.n; i++) {
          seen.push([tile.datasetKeys[i]!, tile.families[i]!, tile.bands[i]!])
          expect(tileOf(tile.positions[2 * i]!, tile.positions[2 * i + 1]!, MAP_POINT_ZOOM)).toEqual({ z: MAP_POINT_ZOOM, x, y })
        }
      }
      expect(seen.sort((p, q) => p[0] - q[0])).toEqual(points.map((p) => [p.key, p.family, p.band]))
    }
    // The family counts of the whole map's zoom-0 clusters are the families of the points.
    const world = tiles.filter((t) => t.scope === '' && t.z === 0)
    const families = MAP_FAMILIES.map((_, f) => sum(world.flatMap(({ tile }) => (tile.kind === 'clusters' ? Array.from({ length: tile.n }, (_, i) => tile.familyCounts[i * MAP_FAMILIES.length + f]!) : []))))
    expect(families).toEqual(MAP_FAMILIES.map((_, f) => expected.filter((p) => p.family === f).length))
  })

  it('does nothing while the rollups are unchanged, and builds again, writing only what changed, when they change', async () => {
    expect(await buildMapIfStale(background)).toBeNull()
    expect(await runJob('map-build', background, {})).toBeNull()
    // A dataset is withdrawn and the rollups refreshed, as at the end of a harvest.
    const [gone] = await testDb.db.all<{ dataset_key: number }>(sql`SELECT dataset_key FROM map_point ORDER BY dataset_key LIMIT 1`)
    await testDb.db.run(sql`UPDATE dataset SET deleted_at = ${Date.now()} WHERE key = ${gone!.dataset_key}`)
    await runJob('rollup-refresh', background, { all: true })
    expect((await mapStaleness(background)).stale).toBe(true)
    const second = await runJob('map-build', background, {})
    expect(second).toMatchObject({ points: first.points - 1, upserted: 0, deleted: 1 })
    expect(await testDb.db.all(sql`SELECT 1 FROM map_point WHERE dataset_key = ${gone!.dataset_key}`)).toEqual([])
    // The previous build stays for pages that still show it; a third build removes the first, tiles and all.
    const third = await runJob('map-build', background, { force: true })
    expect(third).toMatchObject({ upserted: 0, deleted: 0 })
    const builds = await testDb.db.all<{ id: number }>(sql`SELECT id FROM map_build ORDER BY id`)
    expect(builds.map((row) => row.id)).toEqual([second!.buildId, third!.buildId])
    expect(await testDb.db.all(sql`SELECT 1 FROM map_tile WHERE build_id = ${first.buildId} LIMIT 1`)).toEqual([])
    const kept = await testDb.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM map_tile WHERE build_id = ${second!.buildId}`)
    expect(kept[0]!.n).toBe(second!.tiles)
  })

  it('writes in short slices, so that a person saving something meanwhile gets in long before the build ends', async () => {
    await testDb.db.run(sql`DELETE FROM map_point`)
    let personStarted = false
    let personDone = false
    let slicesAfterPerson = 0
    const summary = await buildMap(background, await mapSource(background), {
      slices: { points: 25, tiles: 10 },
      onSlice: (stage) => {
        if (stage === 'tiles' && !personStarted) {
          personStarted = true
          // The web server's own connection, as a request would write.
          void testDb.db
            .insert(appSettings)
            .values({ key: 'during-map-build', value: 'saved', updatedAt: new Date() })
            .then(() => {
              personDone = true
            })
        } else if (personDone) slicesAfterPerson++
      },
    })
    expect(summary.upserted).toBe(summary.points)
    expect(summary.writes).toBeGreaterThanOrEqual(Math.ceil(summary.points / 25) + Math.ceil(summary.tiles / 10))
    expect(personDone).toBe(true)
    expect(slicesAfterPerson).toBeGreaterThan(10)
  })

  it('leaves no half-written build behind when it fails, and readers keep the last finished one', async () => {
    const before = await latestMapBuild(testDb.db)
    await expect(
      buildMap(background, 'failing', {
        slices: { tiles: 10 },
        onSlice: (stage) => {
          if (stage === 'tiles') throw new Error('disk full')
        },
      }),
    ).rejects.toThrow('disk full')
    expect(await latestMapBuild(testDb.db)).toEqual(before)
    expect(await testDb.db.all(sql`SELECT id FROM map_build WHERE source = 'failing'`)).toEqual([])
  })

  it('is kept fresh by the helper\'s map worker: one build when the rollups change, and idle polls that write nothing', async () => {
    const writes = () => (background as unknown as { $client: SqliteFileClient }).$client.stats.writes
    // Build ids are never reused (AUTOINCREMENT): the sequence counts the builds started.
    const started = async () => (await testDb.db.all<{ seq: number }>(sql`SELECT seq FROM sqlite_sequence WHERE name = 'map_build'`))[0]!.seq
    const before = await started()
    await runJob('rollup-refresh', background, { all: true })
    const stop = startMapWorker(async () => background, { tickMs: 20 })
    try {
      for (let wait = 0; (await mapStaleness(background)).stale; wait++) {
        if (wait > 500) throw new Error('the map worker did not build')
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      // Exactly one build, though the worker polled many times while it ran.
      expect(await started()).toBe(before + 1)
      expect((await latestMapBuild(background))!.id).toBe(before + 1)
      const idle = writes()
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(writes()).toBe(idle)
    } finally {
      stop()
    }
  })
})
