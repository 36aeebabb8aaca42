import { TRPCError } from '@trpc/server'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { portals } from '../../../db/schema/portal.ts'
import { linkChecks } from '../../../db/schema/link-check.ts'
import { startCkanFixture, type CkanFixture } from '../../../tests/ckan-fixture/server.ts'
import { rejection } from '../../../tests/helpers/rejection.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { testContext } from '../../../tests/helpers/trpc-context.ts'
import { MQA_INDICATORS } from '../../../lib/domain/mqa.ts'
import { refreshRollups } from '../../queries/rollups.server.ts'
import { runHarvest, startHarvest } from '../../ckan/harvest/harvest.server.ts'
import { createCaller } from '../router.server.ts'

// The analysis API answers from rollups; every figure here is checked against a direct count over the snapshot.

let fixture: CkanFixture
let testDb: TestDatabase
const PORTALS = [
  { slug: 'narodni', datasets: 1_200 },
  { slug: 'mesto', datasets: 500 },
]

async function harvest(slug: string, mode: 'full' | 'incremental' = 'full') {
  const { run } = await startHarvest(testDb.db, slug, { mode, trigger: 'cli' })
  return runHarvest(testDb.db, run.id, { client: { gate: { politenessDelayMs: 0 } } })
}

beforeAll(async () => {
  fixture = await startCkanFixture({ portals: PORTALS })
  testDb = await createTestDatabase()
  for (const { slug } of PORTALS) {
    await testDb.db
      .insert(portals)
      .values({ id: slug, name: `Portal ${slug}`, baseUrl: fixture.portalUrl(slug), apiBase: fixture.apiBase(slug), country: 'CZ', createdAt: new Date() })
    const run = await harvest(slug)
    expect(run?.status).toBe('succeeded')
  }
}, 60_000)
afterAll(async () => {
  await fixture.close()
  await testDb.cleanup()
})

const caller = async () => createCaller(await testContext(testDb.db, { clientAddress: '198.51.100.7' }))
const count = async (query: ReturnType<typeof sql>) => (await testDb.db.all<{ n: number }>(query))[0]!.n

describe('quality.summary', () => {
  it('counts every live dataset once, with bands and an average that match the snapshot', async () => {
    const summary = await (await caller()).quality.summary({})
    const total = await count(sql`SELECT count(*) AS n FROM dataset WHERE deleted_at IS NULL`)
    expect(total).toBe(1_700)
    expect(summary.datasets).toBe(total)
    expect(summary.bands.excellent + summary.bands.good + summary.bands.sufficient + summary.bands.bad).toBe(total)
    const average = await count(sql`SELECT round(avg(quality_scaled)) AS n FROM dataset WHERE deleted_at IS NULL`)
    expect(summary.averageScore).toBe(average)
    expect(summary.byPortal.map((portal) => [portal.instanceId, portal.datasets])).toEqual([
      ['mesto', 500],
      ['narodni', 1_200],
    ])
    // No link was checked: scores are partial, out of 405 less the reachability indicators that could not be checked.
    const partial = await count(sql`SELECT count(*) AS n FROM dataset WHERE deleted_at IS NULL AND quality_max < 405`)
    expect(partial).toBeGreaterThan(total / 2)
    expect(summary.partial).toBe(partial)
    expect(summary.averageMaxReachable).toBeGreaterThanOrEqual(325)
    expect(summary.averageMaxReachable).toBeLessThan(405)
    for (const ratio of Object.values(summary.portalWatch)) expect(ratio).toBeGreaterThan(0)
  })

  it('ranks the most-failed indicators with counts that match the stored failure bits', async () => {
    const summary = await (await caller()).quality.summary({ instanceIds: ['narodni'] })
    expect(summary.mostFailed.length).toBeGreaterThan(0)
    for (const item of summary.mostFailed.slice(0, 5)) {
      const bit = MQA_INDICATORS.findIndex((indicator) => indicator.id === item.indicator)
      const failing = await count(sql`SELECT count(*) AS n FROM dataset WHERE portal_id = 'narodni' AND deleted_at IS NULL AND (quality_failed >> ${bit}) & 1`)
      expect(item.failed).toBe(failing)
    }
    const failed = summary.mostFailed.map((item) => item.failed)
    expect(failed).toEqual([...failed].sort((a, b) => b - a))
  })

  it('filters by publisher and by region, and by both at once, to exactly the matching datasets', async () => {
    const api = await caller()
    const { items } = await api.publishers.list({ sort: 'datasets' })
    const publisher = items[0]!
    const members = await testDb.db.all<{ id: string }>(sql`SELECT id FROM organization WHERE publisher_id = ${publisher.id}`)
    const inList = sql.join(members.map((member) => sql`${member.id}`), sql`, `)
    const ofPublisher = await count(sql`SELECT count(*) AS n FROM dataset WHERE deleted_at IS NULL AND organization_id IN (${inList})`)
    expect((await api.quality.summary({ organizationId: publisher.id })).datasets).toBe(ofPublisher)
    expect(publisher.datasets).toBe(ofPublisher)

    const inPrague = await count(sql`SELECT count(*) AS n FROM dataset_region r JOIN dataset d ON d.key = r.dataset_key WHERE r.region_id = 'CZ010' AND d.deleted_at IS NULL`)
    expect(inPrague).toBeGreaterThan(0)
    expect((await api.quality.summary({ regionId: 'CZ010' })).datasets).toBe(inPrague)

    const both = await count(sql`SELECT count(*) AS n FROM dataset_region r JOIN dataset d ON d.key = r.dataset_key
      WHERE r.region_id = 'CZ' AND d.deleted_at IS NULL AND d.organization_id IN (${inList})`)
    expect((await api.quality.summary({ organizationId: publisher.id, regionId: 'CZ' })).datasets).toBe(both)
  })

  it('keeps each harvest as a point of the trend', async () => {
    fixture.modify('mesto', { updated: 20, added: 5, deleted: 0 })
    const run = await harvest('mesto', 'incremental')
    expect(run?.status).toBe('succeeded')
    const summary = await (await caller()).quality.summary({ instanceIds: ['mesto'] })
    expect(summary.trend.map((point) => point.datasets)).toEqual([500, 505])
    expect(summary.datasets).toBe(505)
  })
})

describe('formats', () => {
  it('summarises resources per canonical format exactly as stored', async () => {
    const summary = await (await caller()).formats.summary({})
    const resources = await count(sql`SELECT count(*) AS n FROM resource r JOIN dataset d ON d.key = r.dataset_key WHERE d.deleted_at IS NULL`)
    expect(summary.resources).toBe(resources)
    expect(summary.stars.reduce((total, item) => total + item.resources, 0)).toBe(resources)
    const csv = await count(sql`SELECT count(*) AS n FROM resource r JOIN dataset d ON d.key = r.dataset_key WHERE d.deleted_at IS NULL AND r.canonical_format = 'CSV'`)
    expect(summary.formats.find((item) => item.format === 'CSV')?.resources).toBe(csv)
    expect(summary.machineReadableShare).toBeGreaterThan(0)
    expect(summary.byPortal.reduce((total, portal) => total + portal.resources, 0)).toBe(resources)
  })

  it('drills into a format: the raw values behind it and datasets that have it', async () => {
    const detail = await (await caller()).formats.byFormat({ format: 'CSV', pageSize: 10 })
    expect(detail.rawValues.length).toBeGreaterThan(1)
    expect(detail.rawValues.reduce((total, item) => total + item.resources, 0)).toBe(detail.resources)
    expect(detail.items).toHaveLength(10)
    for (const item of detail.items) {
      const csv = await count(sql`SELECT count(*) AS n FROM resource r JOIN dataset d ON d.key = r.dataset_key WHERE d.id = ${item.id} AND r.canonical_format = 'CSV'`)
      expect(csv).toBeGreaterThan(0)
    }
  })

  it('refuses a format that is not canonical', async () => {
    const error = await rejection((await caller()).formats.byFormat({ format: 'csv' as never }), TRPCError)
    expect(error.code).toBe('BAD_REQUEST')
  })
})

describe('regions', () => {
  it('counts datasets per kraj, and those without an extent or wider than any kraj', async () => {
    const summary = await (await caller()).regions.summary({ level: 'cz-kraj' })
    expect(summary.regions).toHaveLength(14)
    for (const region of summary.regions.slice(0, 3)) {
      const n = await count(sql`SELECT count(*) AS n FROM dataset_region r JOIN dataset d ON d.key = r.dataset_key WHERE r.region_id = ${region.id} AND d.deleted_at IS NULL`)
      expect(region.datasets).toBe(n)
    }
    const noExtent = await count(sql`SELECT count(*) AS n FROM dataset d WHERE d.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM dataset_extent e WHERE e.dataset_key = d.key)`)
    expect(summary.noExtent).toBe(noExtent)
    expect(summary.noExtent + summary.placed + summary.unplaced).toBe(summary.datasets)
  })

  it('describes one region: datasets, publishers, formats and quality', async () => {
    const region = await (await caller()).regions.byId({ id: 'CZ010' })
    expect(region).toMatchObject({ level: 'cz-kraj', nameCs: 'Hlavní město Praha' })
    expect(region.quality.datasets).toBeGreaterThan(0)
    expect(region.items.length).toBeGreaterThan(0)
    expect(region.publishers.reduce((total, item) => total + item.datasets, 0)).toBeLessThanOrEqual(region.quality.datasets)
    expect(region.formats.resources).toBeGreaterThan(0)
  })

  it('answers an unknown region with 404 and a malformed id with 400', async () => {
    const api = await caller()
    expect((await rejection(api.regions.byId({ id: 'QQ' }), TRPCError)).code).toBe('NOT_FOUND')
    expect((await rejection(api.regions.byId({ id: 'cz010' }), TRPCError)).code).toBe('BAD_REQUEST')
  })
})

describe('publishers', () => {
  it('merges one publisher across portals and shows both portals', async () => {
    const { items, total } = await (await caller()).publishers.list({ sort: 'name', pageSize: 100 })
    expect(total).toBeGreaterThan(0)
    const merged = items.find((item) => item.portals.length === 2)
    expect(merged).toBeDefined()
    expect(merged!.organizations).toBe(2)
    const detail = await (await caller()).publishers.byId({ id: merged!.id })
    expect(detail.organizations.map((org) => org.instanceId).sort()).toEqual(['mesto', 'narodni'])
    expect(detail.quality.datasets).toBe(detail.organizations.reduce((total, org) => total + org.datasets, 0))
    // The organization's own id answers as its publisher.
    expect((await (await caller()).publishers.byId({ id: detail.organizations[0]!.id })).id).toBe(merged!.id)
  })

  it('searches without diacritics and sorts by quality', async () => {
    const api = await caller()
    const all = await api.publishers.list({ sort: 'quality', pageSize: 100 })
    const scores = all.items.map((item) => item.averageScore ?? -1)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    const sample = all.items.find((item) => /[áčďéěíňóřšťúůýž]/i.test(item.title))
    if (sample) {
      const plain = sample.title.normalize('NFD').replace(/\p{Diacritic}/gu, '').split(' ')[0]!
      const found = await api.publishers.list({ q: plain, sort: 'name' })
      expect(found.items.map((item) => item.id)).toContain(sample.id)
    }
  })

  it('answers an unknown publisher with 404', async () => {
    expect((await rejection((await caller()).publishers.byId({ id: 'cz-nobody-at-all' }), TRPCError)).code).toBe('NOT_FOUND')
  })

  it('answers under its deprecated name, organizations, for scripts written against it', async () => {
    const api = await caller()
    expect(await api.organizations.list({ sort: 'name', pageSize: 100 })).toEqual(await api.publishers.list({ sort: 'name', pageSize: 100 }))
  })
})

describe('quality.dataset', () => {
  it('explains a score indicator by indicator, adding up to the stored points', async () => {
    const [row] = await testDb.db.all<{ id: string; quality_points: number }>(sql`SELECT id, quality_points FROM dataset WHERE portal_id = 'narodni' AND resource_count > 0 LIMIT 1`)
    const breakdown = await (await caller()).quality.dataset({ id: row!.id })
    expect(breakdown.score.indicators).toHaveLength(MQA_INDICATORS.length)
    expect(breakdown.score.points).toBe(row!.quality_points)
    const notChecked = breakdown.score.indicators.filter((item) => item.status === 'not-checked')
    expect(breakdown.score.maxReachable).toBe(405 - notChecked.reduce((total, item) => total + item.weight, 0))
    for (const item of breakdown.score.indicators) expect(item.reason.code).toBeTruthy()
  })

  it('uses link checks once they exist: reachability is scored and the score is no longer partial', async () => {
    const [row] = await testDb.db.all<{ id: string; key: number }>(sql`SELECT d.id, d.key FROM dataset d WHERE d.portal_id = 'narodni'
      AND d.resource_count > 0 AND NOT EXISTS (SELECT 1 FROM resource r WHERE r.dataset_key = d.key AND (r.url IS NULL OR r.download_url IS NULL)) LIMIT 1`)
    const urls = await testDb.db.all<{ url: string; download_url: string | null }>(sql`SELECT url, download_url FROM resource WHERE dataset_key = ${row!.key}`)
    const checked = [...new Set(urls.flatMap((item) => [item.url, item.download_url].filter((url): url is string => !!url)))]
    await testDb.db.insert(linkChecks).values(checked.map((url) => ({ url, ok: true, status: 200, checkedAt: new Date(), ms: 5 }))).onConflictDoNothing()
    await refreshRollups(testDb.db, 'narodni')
    const breakdown = await (await caller()).quality.dataset({ id: row!.id })
    expect(breakdown.score.partial).toBe(false)
    expect(breakdown.score.maxReachable).toBe(405)
    expect(breakdown.score.indicators.find((item) => item.id === 'accessUrlReachable')).toMatchObject({ status: 'pass', points: 50 })
    const [stored] = await testDb.db.all<{ quality_max: number }>(sql`SELECT quality_max FROM dataset WHERE id = ${row!.id}`)
    expect(stored!.quality_max).toBe(405)
  })

  it('answers an unknown dataset with 404', async () => {
    expect((await rejection((await caller()).quality.dataset({ id: 'narodni:no-such-dataset' }), TRPCError)).code).toBe('NOT_FOUND')
  })
})

describe('links', () => {
  it('lets only signed-in users ask for link checks', async () => {
    const api = await caller()
    expect((await rejection(api.links.checkDataset({ id: 'narodni:anything' }), TRPCError)).code).toBe('UNAUTHORIZED')
    expect((await rejection(api.links.checkPortal({ instanceId: 'narodni' }), TRPCError)).code).toBe('UNAUTHORIZED')
  })
})

describe('harvest.overview', () => {
  it('gives every portal its latest run and the count its latest rollup took, in one call', async () => {
    const overview = await (await caller()).harvest.overview()
    expect(overview.map((item) => item.instanceId).sort()).toEqual(['mesto', 'narodni'])
    for (const item of overview) {
      const live = await count(sql`SELECT count(*) AS n FROM dataset WHERE portal_id = ${item.instanceId} AND deleted_at IS NULL`)
      expect(item.datasets).toBe(live)
      expect(item.runs).toHaveLength(1)
      expect(item.lastSucceeded).toMatchObject({ status: 'succeeded' })
      expect(item.running).toBeNull()
    }
    // The incremental harvest of mesto above is its latest run.
    expect(overview.find((item) => item.instanceId === 'mesto')!.runs[0]).toMatchObject({ mode: 'incremental' })
  })
})
