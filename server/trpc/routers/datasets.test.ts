import { TRPCError } from '@trpc/server'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { portals } from '../../../db/schema/portal.ts'
import { startCkanFixture, type CkanFixture } from '../../../tests/ckan-fixture/server.ts'
import { rejection } from '../../../tests/helpers/rejection.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { testContext } from '../../../tests/helpers/trpc-context.ts'
import { createUser } from '../../queries/accounts.server.ts'
import { runHarvest, startHarvest } from '../../ckan/harvest/harvest.server.ts'
import { refreshRollups } from '../../queries/rollups.server.ts'
import type { AuthState } from '../../session.server.ts'
import { createCaller } from '../router.server.ts'

let fixture: CkanFixture
let testDb: TestDatabase
let member: AuthState
const PORTAL = 'kraj'
const SIZE = 1_500

beforeAll(async () => {
  fixture = await startCkanFixture({ portals: [{ slug: PORTAL, datasets: SIZE }, { slug: 'mesto', datasets: 400 }] })
  testDb = await createTestDatabase()
  for (const slug of [PORTAL, 'mesto']) {
    await testDb.db.insert(portals).values({ id: slug, name: slug, baseUrl: fixture.portalUrl(slug), apiBase: fixture.apiBase(slug), createdAt: new Date() })
  }
  await testDb.db.insert(portals).values({ id: 'demo-a', name: 'Demo', baseUrl: 'https://demo.invalid/a', apiBase: 'https://demo.invalid/a/api/3', isDemo: true, createdAt: new Date() })
  const { run } = await startHarvest(testDb.db, PORTAL, { mode: 'full', trigger: 'cli' })
  await runHarvest(testDb.db, run.id, { client: { gate: { politenessDelayMs: 0 } } })
  const user = await createUser(testDb.db, { name: 'Member', email: 'member@example.cz', password: 'x'.repeat(12) })
  member = { via: 'cookie', user: { ...user, locale: null, theme: null }, session: { id: 's', expiresAt: new Date(Date.now() + 1e6), createdAt: new Date() }, tokenId: null }
})
afterAll(async () => {
  await fixture.close()
  await testDb.cleanup()
})

const anonymous = async (clientAddress = '198.51.100.1') => createCaller(await testContext(testDb.db, { clientAddress }))
const snapshot = { source: 'snapshot' as const, instanceIds: [PORTAL] }

describe('datasets.search on the snapshot', () => {
  it('pages through the harvested datasets with facets and per-portal counts', async () => {
    const caller = await anonymous()
    const first = await caller.datasets.search({ ...snapshot, sort: 'modified' })
    expect(first.total).toBe(SIZE)
    expect(first.items).toHaveLength(20)
    expect(first.portals).toEqual([expect.objectContaining({ instanceId: PORTAL, ok: true, count: SIZE })])
    const modified = first.items.map((item) => item.modified ?? '')
    expect(modified).toEqual([...modified].sort().reverse())
    const second = await caller.datasets.search({ ...snapshot, sort: 'modified', page: 2 })
    expect(second.items.some((item) => first.items.some((other) => other.id === item.id))).toBe(false)
    for (const facet of ['organization', 'tags', 'formats', 'license'] as const) expect(first.facets[facet].length).toBeGreaterThan(0)
  })

  it.each(['formats', 'tags', 'organization', 'license', 'groups'] as const)('filters by a %s facet value to exactly its count', async (facet) => {
    const caller = await anonymous()
    const all = await caller.datasets.search(snapshot)
    const value = all.facets[facet][0]!
    const key = { formats: 'formats', tags: 'tags', organization: 'organizationIds', license: 'licenses', groups: 'groups' }[facet]
    const filtered = await caller.datasets.search({ ...snapshot, [key]: [value.value] })
    expect(filtered.total).toBe(value.count)
    expect(filtered.total).toBeLessThan(SIZE)
  })

  it('finds words regardless of diacritics and case, and reads nothing a user types as search syntax', async () => {
    const caller = await anonymous()
    const [row] = await testDb.db.all<{ title: string }>(sql`SELECT title FROM dataset WHERE title GLOB '*[ěščřžýáíéůú]*' LIMIT 1`)
    const word = row!.title.split(/[^\p{L}]+/u).find((part) => /[ěščřžýáíéůú]/.test(part))!
    const folded = word.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase()
    const result = await caller.datasets.search({ ...snapshot, q: folded })
    expect(result.total).toBeGreaterThan(0)
    expect(result.total).toBeLessThan(SIZE)
    expect(result.items.some((item) => `${item.title} ${item.notes}`.toLowerCase().includes(word.toLowerCase()))).toBe(true)
    for (const q of ['"NEAR(', 'title:x OR', 'AND *', ')']) await expect(caller.datasets.search({ ...snapshot, q })).resolves.toBeDefined()
  })

  it('filters by a bounding box through the stored extents', async () => {
    const caller = await anonymous()
    const czechia: [number, number, number, number] = [12.09, 48.55, 18.86, 51.06]
    const [expected] = await testDb.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM dataset_extent e JOIN dataset d ON d.key = e.dataset_key WHERE d.portal_id = ${PORTAL} AND e.west <= 18.86 AND e.east >= 12.09 AND e.south <= 51.06 AND e.north >= 48.55`,
    )
    const result = await caller.datasets.search({ ...snapshot, bbox: czechia })
    expect(result.total).toBe(expected!.n)
    expect(result.total).toBeGreaterThan(0)
  })

  it('leaves out datasets deleted on their portal and includes demo portals by default', async () => {
    const caller = await anonymous()
    const [victim] = await testDb.db.all<{ id: string }>(sql`SELECT id FROM dataset WHERE portal_id = ${PORTAL} LIMIT 1`)
    await testDb.db.run(sql`UPDATE dataset SET deleted_at = 1 WHERE id = ${victim!.id}`)
    // As a harvest that marks a deletion ends: with the rollup refresh the first view is counted from.
    await refreshRollups(testDb.db, PORTAL)
    try {
      expect((await caller.datasets.search(snapshot)).total).toBe(SIZE - 1)
      const everywhere = await caller.datasets.search({ source: 'snapshot' })
      expect(everywhere.portals.map((portal) => portal.instanceId).sort()).toEqual(['demo-a', PORTAL, 'mesto'].sort())
    } finally {
      await testDb.db.run(sql`UPDATE dataset SET deleted_at = NULL WHERE id = ${victim!.id}`)
      await refreshRollups(testDb.db, PORTAL)
    }
  })
})

describe('datasets.byId', () => {
  it('answers the canonical id and the name form with the whole dataset, and a clear 404 otherwise', async () => {
    const caller = await anonymous()
    const { items } = await caller.datasets.search({ ...snapshot, sort: 'name' })
    const hit = items.find((item) => item.formats.length > 0)!
    const byUuid = await caller.datasets.byId({ id: hit.id })
    expect(byUuid).toMatchObject({ id: hit.id, title: hit.title, portal: { id: PORTAL, isDemo: false } })
    expect(byUuid.resources.length).toBeGreaterThan(0)
    // Results name formats canonically ("csv", ".csv" and "CSV" are one format), as the format facet does.
    expect(byUuid.resources.map((resource) => resource.canonicalFormat)).toEqual(expect.arrayContaining(hit.formats))
    expect(byUuid.portalUrl).toBe(`${fixture.portalUrl(PORTAL)}/dataset/${encodeURIComponent(hit.name)}`)
    const byName = await caller.datasets.byId({ id: `${PORTAL}:${hit.name}` })
    expect(byName.id).toBe(hit.id)
    const missing = await rejection(caller.datasets.byId({ id: `${PORTAL}:no-such-dataset` }), TRPCError)
    expect(missing).toMatchObject({ code: 'NOT_FOUND', message: 'No such dataset.' })
  })
})

describe('live search limits', () => {
  it('limits anonymous live searches per client and says when to come back; signed-in users are not limited', async () => {
    const ctx = await testContext(testDb.db, { clientAddress: '198.51.100.99' })
    const caller = createCaller(ctx)
    for (let i = 0; i < 30; i++) await caller.datasets.search({ instanceIds: ['mesto'], pageSize: 1 })
    const limited = await rejection(caller.datasets.search({ instanceIds: ['mesto'], pageSize: 1 }), TRPCError)
    expect(limited.code).toBe('TOO_MANY_REQUESTS')
    expect(limited.message).toMatch(/Too many live searches\. Try again in \d+ seconds?/)
    expect(Number(ctx.resHeaders.get('retry-after'))).toBeGreaterThan(0)
    // The snapshot stays available, and other clients are not affected.
    expect((await caller.datasets.search({ ...snapshot, pageSize: 1 })).total).toBe(SIZE)
    expect((await (await anonymous('198.51.100.100')).datasets.search({ instanceIds: ['mesto'], pageSize: 1 })).total).toBe(400)
    const signedIn = createCaller(await testContext(testDb.db, { clientAddress: '198.51.100.99', auth: member }))
    expect((await signedIn.datasets.search({ instanceIds: ['mesto'], pageSize: 1 })).total).toBe(400)
  })
})

describe('harvest.start and harvest.status', () => {
  it('needs a signed-in user, refuses demo portals, and reports progress until the run succeeds', async () => {
    expect((await rejection((await anonymous()).harvest.start({ instanceId: 'mesto', mode: 'full' }), TRPCError)).code).toBe('UNAUTHORIZED')
    const caller = createCaller(await testContext(testDb.db, { auth: member }))
    const demo = await rejection(caller.harvest.start({ instanceId: 'demo-a', mode: 'full' }), TRPCError)
    expect(demo).toMatchObject({ code: 'BAD_REQUEST', message: 'Demo catalogues hold generated data and are not harvested.' })
    expect((await rejection(caller.harvest.start({ instanceId: 'nowhere' }), TRPCError)).code).toBe('NOT_FOUND')

    const { started, run } = await caller.harvest.start({ instanceId: 'mesto', mode: 'full' })
    expect(started).toBe(true)
    expect(run).toMatchObject({ status: 'running', mode: 'full', done: 0 })
    let status = await caller.harvest.status({ instanceId: 'mesto' })
    for (let i = 0; i < 100 && !status.lastSucceeded; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      status = await caller.harvest.status({ instanceId: 'mesto' })
    }
    expect(status).toMatchObject({ datasets: 400, running: null, lastSucceeded: { runId: run.runId, done: 400, total: 400, created: 400, etaSeconds: null } })
    expect(status.lastSucceeded!.ratePerSecond).toBeGreaterThan(0)
    expect(status.runs[0]!.trigger).toBe('user')
  })
})

describe('outside keys are data', () => {
  it('shows a dataset whose CKAN fields and extras use the key __proto__, keeping it as data', async () => {
    const { PackageSchema } = await import('../../ckan/schemas.server.ts')
    const { storePackages } = await import('../../ckan/harvest/ingest.server.ts')
    // As a portal sends it: JSON whose keys include __proto__ and constructor, at the top and in the extras.
    const raw = JSON.parse(
      '{"id":"0f0f0f0f-1111-2222-3333-444455556666","name":"proto-keys","title":"Proto keys","metadata_modified":"2026-01-01T00:00:00","__proto__":{"polluted":"yes"},"constructor":"x",' +
        '"extras":[{"key":"__proto__","value":"{\\"polluted\\":\\"yes\\"}"},{"key":"constructor","value":"c"},{"key":"spatial_resolution","value":"1 km"}],"resources":[],"tags":[]}',
    )
    const parsed = PackageSchema.parse(raw)
    await storePackages(testDb.db, 'mesto', [parsed], { runId: null, now: new Date() })
    const dataset = await (await anonymous()).datasets.byId({ id: 'mesto:0f0f0f0f-1111-2222-3333-444455556666' })
    expect(dataset.title).toBe('Proto keys')
    const extras = (dataset.extra as ReadonlyMap<string, unknown>).get('extras') as ReadonlyMap<string, unknown>
    expect([...extras.keys()]).toEqual(expect.arrayContaining(['__proto__', 'constructor', 'spatial_resolution']))
    expect(extras.get('__proto__')).toBe('{"polluted":"yes"}')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('harvest.status after a run of failures', () => {
  it('still names the last harvest that succeeded when ten failed since', async () => {
    const { harvestRuns } = await import('../../../db/schema/harvest-run.ts')
    const caller = await anonymous()
    const before = await caller.harvest.status({ instanceId: PORTAL })
    expect(before.lastSucceeded).not.toBeNull()
    const now = new Date()
    for (let i = 0; i < 11; i++) {
      await testDb.db.insert(harvestRuns).values({ portalId: PORTAL, mode: 'incremental', status: 'failed', trigger: 'schedule', startedAt: now, finishedAt: now })
    }
    const after = await caller.harvest.status({ instanceId: PORTAL })
    expect(after.runs.every((run) => run.status === 'failed')).toBe(true)
    expect(after.lastSucceeded).toMatchObject({ runId: before.lastSucceeded!.runId, status: 'succeeded' })
  })
})
