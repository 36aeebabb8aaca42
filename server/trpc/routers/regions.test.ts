import { TRPCError } from '@trpc/server'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { portals } from '../../../db/schema/portal.ts'
import { startCkanFixture, type CkanFixture } from '../../../tests/ckan-fixture/server.ts'
import { rejection } from '../../../tests/helpers/rejection.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { testContext } from '../../../tests/helpers/trpc-context.ts'
import { isMachineReadable } from '../../../lib/domain/formats.ts'
import { CANONICAL_FORMATS } from '../../../lib/domain/canonical-formats.ts'
import { runHarvest, startHarvest } from '../../ckan/harvest/harvest.server.ts'
import { createCaller } from '../router.server.ts'

// What the regional analysis draws: every figure of regions.summary checked against a direct count over the snapshot.

let fixture: CkanFixture
let testDb: TestDatabase
const SLUG = 'krajsky'

beforeAll(async () => {
  fixture = await startCkanFixture({ portals: [{ slug: SLUG, datasets: 900 }] })
  testDb = await createTestDatabase()
  await testDb.db.insert(portals).values({ id: SLUG, name: 'Portal krajsky', baseUrl: fixture.portalUrl(SLUG), apiBase: fixture.apiBase(SLUG), country: 'CZ', createdAt: new Date() })
  const { run } = await startHarvest(testDb.db, SLUG, { mode: 'full', trigger: 'cli' })
  const done = await runHarvest(testDb.db, run.id, { client: { gate: { politenessDelayMs: 0 } } })
  expect(done?.status).toBe('succeeded')
}, 60_000)
afterAll(async () => {
  await fixture.close()
  await testDb.cleanup()
})

const caller = async () => createCaller(await testContext(testDb.db))
const MACHINE_READABLE = CANONICAL_FORMATS.filter((format) => isMachineReadable(format))

type Direct = { datasets: number; resources: number; readable: number; formats: Array<{ format: string; datasets: number }> }

/** The region's figures counted over the stored datasets and resources, not the rollups. */
async function direct(regionId: string): Promise<Direct> {
  const inRegion = sql`d.deleted_at IS NULL AND d.key IN (SELECT dataset_key FROM dataset_region WHERE region_id = ${regionId})`
  const [counts] = await testDb.db.all<{ datasets: number }>(sql`SELECT count(*) AS datasets FROM dataset d WHERE ${inRegion}`)
  const [resources] = await testDb.db.all<{ resources: number; readable: number }>(sql`
    SELECT count(*) AS resources, total(r.canonical_format IN (${sql.join(MACHINE_READABLE.map((format) => sql`${format}`), sql`, `)})) AS readable
    FROM resource r JOIN dataset d ON d.key = r.dataset_key WHERE ${inRegion}`)
  const formats = await testDb.db.all<{ format: string; datasets: number; resources: number }>(sql`
    SELECT r.canonical_format AS format, count(DISTINCT r.dataset_key) AS datasets, count(*) AS resources
    FROM resource r JOIN dataset d ON d.key = r.dataset_key WHERE ${inRegion} AND r.canonical_format <> 'unknown'
    GROUP BY r.canonical_format ORDER BY datasets DESC, resources DESC, format LIMIT 5`)
  return { datasets: counts!.datasets, resources: resources!.resources, readable: resources!.readable, formats: formats.map(({ format, datasets }) => ({ format, datasets })) }
}

describe('regions.summary', () => {
  it('gives every kraj its datasets, machine-readable share of resources and top formats as the snapshot has them', async () => {
    const summary = await (await caller()).regions.summary({ level: 'cz-kraj' })
    expect(summary.regions).toHaveLength(14)
    const withData = summary.regions.filter((region) => region.datasets > 0)
    expect(withData.length).toBeGreaterThan(10)
    for (const region of summary.regions) {
      const counted = await direct(region.id)
      expect(region.datasets, region.id).toBe(counted.datasets)
      expect(region.resources, region.id).toBe(counted.resources)
      expect(region.machineReadableShare, region.id).toBe(counted.resources ? Math.round((counted.readable / counted.resources) * 10_000) / 10_000 : null)
      expect(region.topFormats.map(({ format, datasets }) => ({ format, datasets })), region.id).toEqual(counted.formats)
      if (region.datasets) expect(region.band).not.toBeNull()
    }
    // Some region mixes machine-readable and other resources, so the share is not trivially 0 or 1.
    expect(withData.some((region) => region.machineReadableShare! > 0 && region.machineReadableShare! < 1)).toBe(true)
    expect(withData.every((region) => region.topFormats.length > 0 && region.topFormats[0]!.label.length > 0)).toBe(true)
  })

  it('lists the countries the datasets are about, each with the same figures', async () => {
    const summary = await (await caller()).regions.summary({ level: 'country' })
    const ids = summary.regions.map((region) => region.id)
    expect(ids).toContain('CZ')
    expect(ids.length).toBeGreaterThan(1)
    const czechia = summary.regions.find((region) => region.id === 'CZ')!
    const counted = await direct('CZ')
    expect(czechia).toMatchObject({ datasets: counted.datasets, resources: counted.resources, nameCs: 'Česko' })
    expect(summary.regions.map((region) => region.datasets)).toEqual([...summary.regions.map((region) => region.datasets)].sort((a, b) => b - a))
  })

  it('answers for a portal without analysis with empty regions, not an error', async () => {
    const summary = await (await caller()).regions.summary({ level: 'cz-kraj', instanceIds: ['nowhere'] })
    expect(summary.datasets).toBe(0)
    expect(summary.regions.every((region) => region.datasets === 0 && region.machineReadableShare === null && region.topFormats.length === 0)).toBe(true)
  })
})

describe('regions.points', () => {
  it('places the newest datasets of a region at the centre of their extents, up to the limit', async () => {
    const api = await caller()
    const region = (await api.regions.summary({ level: 'cz-kraj' })).regions[0]!
    const points = await api.regions.points({ id: region.id, limit: 5 })
    expect(points.total).toBe(region.datasets)
    expect(points.items).toHaveLength(Math.min(5, region.datasets))
    for (const point of points.items) {
      const [extent] = await testDb.db.all<{ west: number; south: number; east: number; north: number }>(sql`
        SELECT e.west, e.south, e.east, e.north FROM dataset_extent e JOIN dataset d ON d.key = e.dataset_key WHERE d.id = ${point.id}`)
      expect(point.lon).toBeCloseTo((extent!.west + extent!.east) / 2, 4)
      expect(point.lat).toBeCloseTo((extent!.south + extent!.north) / 2, 4)
    }
    const all = await api.regions.points({ id: region.id })
    expect(all.items.length).toBe(Math.min(1000, region.datasets))
    expect(new Set(all.items.map((item) => item.id)).size).toBe(all.items.length)
  })

  it('answers an unknown region with 404 and a malformed id with 400', async () => {
    const api = await caller()
    expect((await rejection(api.regions.points({ id: 'QQ' }), TRPCError)).code).toBe('NOT_FOUND')
    expect((await rejection(api.regions.points({ id: 'cz010' }), TRPCError)).code).toBe('BAD_REQUEST')
  })
})
