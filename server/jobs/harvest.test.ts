import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { portals } from '../../db/schema/portal.ts'
import { harvestRuns } from '../../db/schema/harvest-run.ts'
import { startCkanFixture, type CkanFixture } from '../../tests/ckan-fixture/server.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db.ts'
import { storePackages } from '../ckan/harvest/ingest.server.ts'
import { dueHarvests, harvestTick } from './harvest.server.ts'

let fixture: CkanFixture
let testDb: TestDatabase
const DAY = 24 * 60 * 60 * 1000

beforeAll(async () => {
  fixture = await startCkanFixture({ portals: [{ slug: 'a', datasets: 1_200 }, { slug: 'b', datasets: 50 }, { slug: 'long', datasets: 4_000 }] })
  testDb = await createTestDatabase()
  const now = new Date()
  await testDb.db.insert(portals).values([
    { id: 'a', name: 'A', baseUrl: fixture.portalUrl('a'), apiBase: fixture.apiBase('a'), createdAt: now },
    { id: 'b', name: 'B', baseUrl: fixture.portalUrl('b'), apiBase: fixture.apiBase('b'), createdAt: now },
    { id: 'off', name: 'Off', baseUrl: 'https://off.invalid', apiBase: 'https://off.invalid/api/3', enabled: false, createdAt: now },
    { id: 'demo', name: 'Demo', baseUrl: 'https://demo.invalid', apiBase: 'https://demo.invalid/api/3', isDemo: true, createdAt: now },
  ])
})
afterAll(async () => {
  await fixture.close()
  await testDb.cleanup()
})

describe('scheduled harvesting', () => {
  it('harvests every enabled, real portal once per interval: full first, then incremental', async () => {
    expect(await dueHarvests(testDb.db, { intervalMs: DAY })).toEqual([
      { portalId: 'a', mode: 'full' },
      { portalId: 'b', mode: 'full' },
    ])
    const first = await harvestTick(testDb.db, { intervalMs: DAY })
    expect(first.started.map((run) => [run.portalId, run.status, run.done])).toEqual([
      ['a', 'succeeded', 1_200],
      ['b', 'succeeded', 50],
    ])
    expect(first.started.every((run) => run.trigger === 'schedule')).toBe(true)
    // Nothing is due again within the interval, whatever happened.
    expect(await dueHarvests(testDb.db, { intervalMs: DAY })).toEqual([])
    // A day later they are due, incrementally; a week after the last full harvest, fully again.
    expect(await dueHarvests(testDb.db, { intervalMs: DAY, now: new Date(Date.now() + DAY + 1) })).toEqual([
      { portalId: 'a', mode: 'incremental' },
      { portalId: 'b', mode: 'incremental' },
    ])
    expect((await dueHarvests(testDb.db, { intervalMs: DAY, now: new Date(Date.now() + 8 * DAY) }))[0]).toEqual({ portalId: 'a', mode: 'full' })
  })

  it('works in slices under a budget and continues where the last slice stopped', async () => {
    await testDb.db.delete(harvestRuns)
    // A budget shorter than one page of 1,000: the slice stores that page and stops.
    const sliced = await harvestTick(testDb.db, { intervalMs: DAY, budgetMs: 60 })
    expect(sliced.started).toHaveLength(1)
    expect(sliced.started[0]).toMatchObject({ portalId: 'a', status: 'running', nextStart: 1_000, leaseUntil: null })
    const next = await harvestTick(testDb.db, { intervalMs: DAY })
    expect(next.resumed.map((run) => [run.portalId, run.status, run.done])).toEqual([['a', 'succeeded', 1_200]])
    expect(next.started.map((run) => run.portalId)).toEqual(['b'])
    const [rowA] = await testDb.db.select().from(harvestRuns).where(eq(harvestRuns.portalId, 'a'))
    expect(rowA).toMatchObject({ status: 'succeeded', trigger: 'schedule' })
  })

  it('gives every due portal its turn: a long harvest does not hold the others up', async () => {
    await testDb.db.delete(harvestRuns)
    // Listed first (by name), and four pages long; the others need two pages and one.
    await testDb.db.insert(portals).values({ id: 'long', name: '0 Long', baseUrl: fixture.portalUrl('long'), apiBase: fixture.apiBase('long'), createdAt: new Date() })
    // Slices of one page each, taken in turn.
    const tick = await harvestTick(testDb.db, { intervalMs: DAY, sliceMs: 0 })
    expect(tick.started.map((run) => [run.portalId, run.status, run.done])).toEqual([
      ['long', 'succeeded', 4_000],
      ['a', 'succeeded', 1_200],
      ['b', 'succeeded', 50],
    ])
    const finished = new Map(tick.started.map((run) => [run.portalId, run.finishedAt!.getTime()]))
    expect(finished.get('b')).toBeLessThan(finished.get('long')!)
    expect(finished.get('a')).toBeLessThan(finished.get('long')!)
    await testDb.db.delete(portals).where(eq(portals.id, 'long'))
  })

  it('analyses and rolls up a snapshot that has no rollups, such as a demo catalogue stored before analysis existed', async () => {
    await storePackages(testDb.db, 'demo', [{ id: 'd-1', name: 'd-1', title: 'Demo 1', resources: [{ url: 'https://demo.invalid/1.csv', format: 'CSV' }] }], { runId: null, now: new Date() })
    // As an older version left it: no score, no rollups.
    await testDb.db.run(sql`UPDATE dataset SET quality_points = NULL, quality_max = NULL, quality_scaled = NULL, quality_failed = NULL WHERE portal_id = 'demo'`)
    await harvestTick(testDb.db, { intervalMs: DAY })
    const [rollup] = await testDb.db.all<{ datasets: number }>(sql`SELECT datasets FROM rollup_run WHERE portal_id = 'demo'`)
    expect(rollup).toEqual({ datasets: 1 })
    const [row] = await testDb.db.all<{ quality_points: number | null }>(sql`SELECT quality_points FROM dataset WHERE portal_id = 'demo'`)
    expect(row!.quality_points).toBeGreaterThan(0)
  })
})
