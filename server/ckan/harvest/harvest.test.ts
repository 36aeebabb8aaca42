import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { readRaw } from '../../../db/client.server.ts'
import { portals } from '../../../db/schema/portal.ts'
import { rollupRuns } from '../../../db/schema/rollup.ts'
import { datasetExtents } from '../../../db/schema/dataset-extent.ts'
import { datasetTags } from '../../../db/schema/dataset-tag.ts'
import { datasets } from '../../../db/schema/dataset.ts'
import { harvestRuns } from '../../../db/schema/harvest-run.ts'
import { organizations } from '../../../db/schema/organization.ts'
import { resources } from '../../../db/schema/resource.ts'
import { OVERCOUNT, startCkanFixture, type CkanFixture } from '../../../tests/ckan-fixture/server.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { resetGates } from '../../outbound/portal-gate.server.ts'
import { refreshRollups } from '../../queries/rollups.server.ts'
import { removePortal } from '../../queries/portals.server.ts'
import { servedFewer } from '../../../features/portals/harvest-progress.ts'
import { activeRun, progressOf, runHarvest, startHarvest, type HarvestLimits, type HarvestRun } from './harvest.server.ts'
import { createWorkerStore } from './worker-store.server.ts'

let fixture: CkanFixture
let testDb: TestDatabase
const client = { gate: { politenessDelayMs: 0 }, timeoutMs: 2000, retries: 1, backoffBaseMs: 10, backoffCapMs: 20 }

beforeAll(async () => {
  fixture = await startCkanFixture({
    portals: [
      { slug: 'krajsky', datasets: 2_345, organizations: 60 },
      { slug: 'mestsky', datasets: 1_500 },
      { slug: 'rozbity', datasets: 300 },
      { slug: 'okresni', datasets: 1_800, organizations: 40 },
      { slug: 'obecni', datasets: 700, organizations: 12 },
      // Hostile and odd portals (issue 30): one that claims 1e12 datasets and ignores `start`, an old CKAN whose
      // organization_list ignores `offset`, one larger than the ceilings the tests set, one removed mid-harvest.
      { slug: 'nekonecny', datasets: 1_500, fault: 'endless-search' },
      { slug: 'stary', datasets: 1_500, organizations: 60, fault: 'org-list-ignores-offset' },
      { slug: 'velky', datasets: 5_000, organizations: 60 },
      { slug: 'zruseny', datasets: 3_000, organizations: 200 },
      { slug: 'nafouknuty', datasets: 10, fault: 'overcount' },
    ],
  })
  testDb = await createTestDatabase()
  for (const slug of ['krajsky', 'mestsky', 'rozbity', 'okresni', 'obecni', 'nekonecny', 'stary', 'velky', 'zruseny', 'nafouknuty']) {
    await testDb.db.insert(portals).values({ id: slug, name: slug, baseUrl: fixture.portalUrl(slug), apiBase: fixture.apiBase(slug), createdAt: new Date() })
  }
})
afterAll(async () => {
  await fixture.close()
  await testDb.cleanup()
})
afterEach(() => {
  resetGates()
})

async function harvest(slug: string, mode: 'full' | 'incremental', budgetMs?: number, limits?: Partial<HarvestLimits>): Promise<HarvestRun> {
  const { run } = await startHarvest(testDb.db, slug, { mode, trigger: 'cli' })
  const result = await runHarvest(testDb.db, run.id, { client, ...(budgetMs === undefined ? {} : { budgetMs }), ...(limits ? { limits } : {}) })
  if (!result) throw new Error('run was held by another worker')
  return result
}

async function live(slug: string): Promise<number> {
  const [row] = await testDb.db.select({ count: sql<number>`count(*)` }).from(datasets).where(and(eq(datasets.portalId, slug), isNull(datasets.deletedAt)))
  return row!.count
}

describe('harvesting a portal', () => {
  it('stores every dataset with its resources, tags, organizations and extents, and logs the run', async () => {
    const run = await harvest('krajsky', 'full')
    expect(run).toMatchObject({ status: 'succeeded', mode: 'full', total: 2_345, done: 2_345, created: 2_345, updated: 0, deleted: 0 })
    expect(run.finishedAt).toEqual(expect.any(Date))
    expect(run.rate).toBeGreaterThan(0)
    expect(await live('krajsky')).toBe(2_345)
    const [portal] = await testDb.db.select().from(portals).where(eq(portals.id, 'krajsky'))
    expect(portal).toMatchObject({ datasetCount: 2_345, lastErrorKind: null })
    expect(portal!.lastOkAt).toEqual(expect.any(Date))
    // Three pages of 1,000 and the organization list, paged past its 25-object cap.
    const [orgs] = await testDb.db.select({ count: sql<number>`count(*)` }).from(organizations).where(eq(organizations.portalId, 'krajsky'))
    expect(orgs!.count).toBe(60)
    const [res] = await testDb.db.select({ count: sql<number>`count(*)` }).from(resources)
    expect(res!.count).toBeGreaterThan(2_345)
    const [tags] = await testDb.db.select({ count: sql<number>`count(*)` }).from(datasetTags)
    expect(tags!.count).toBeGreaterThan(1_000)
    const extents = await testDb.db.select().from(datasetExtents).limit(50)
    expect(extents.length).toBeGreaterThan(10)
    for (const extent of extents) {
      expect(extent.west).toBeLessThanOrEqual(extent.east)
      expect(extent.south).toBeLessThanOrEqual(extent.north)
    }
    const [sample] = await testDb.db.select().from(datasets).where(eq(datasets.portalId, 'krajsky')).limit(1)
    expect(sample!.id).toBe(`krajsky:${sample!.ckanId}`)
    expect(sample!.metadataModified).toEqual(expect.any(Date))
  })

  it('takes only what changed on an incremental harvest and marks vanished datasets on a full one', async () => {
    fixture.modify('krajsky', { updated: 40, added: 7, deleted: 5 })
    const incremental = await harvest('krajsky', 'incremental')
    expect(incremental.status).toBe('succeeded')
    expect(incremental.mode).toBe('incremental')
    expect(incremental.since).toMatch(/^\d{4}-\d\d-\d\dT/)
    // The boundary dataset is asked for again (inclusive range), never the whole portal.
    expect(incremental.done).toBeGreaterThanOrEqual(47)
    expect(incremental.done).toBeLessThan(60)
    expect(incremental.created).toBe(7)
    expect(await live('krajsky')).toBe(2_352)

    const full = await harvest('krajsky', 'full')
    expect(full).toMatchObject({ status: 'succeeded', deleted: 5, created: 0, total: 2_347 })
    expect(await live('krajsky')).toBe(2_347)
    const gone = await testDb.db.select().from(datasets).where(and(eq(datasets.portalId, 'krajsky'), isNotNull(datasets.deletedAt)))
    expect(gone).toHaveLength(5)
  })

  it('resumes from the checkpoint after running out of budget, without starting over', async () => {
    const first = await harvest('mestsky', 'full', 1)
    expect(first.status).toBe('running')
    expect(first.nextStart).toBe(1_000)
    expect(first.leaseUntil).toBeNull()
    const requestsBefore = fixture.requestCount('mestsky')
    const finished = await runHarvest(testDb.db, first.id, { client })
    expect(finished).toMatchObject({ status: 'succeeded', done: 1_500, created: 1_500 })
    // One page of 500 (and no second organization list) was all that was left.
    expect(fixture.requestCount('mestsky') - requestsBefore).toBe(1)
  })

  it('keeps one harvest per portal: a second start answers the running one, a held run is not taken', async () => {
    const { run, started } = await startHarvest(testDb.db, 'mestsky', { mode: 'full', trigger: 'user' })
    expect(started).toBe(true)
    const again = await startHarvest(testDb.db, 'mestsky', { mode: 'incremental', trigger: 'schedule' })
    expect(again).toMatchObject({ started: false, run: { id: run.id } })
    await testDb.db.update(harvestRuns).set({ leaseUntil: new Date(Date.now() + 60_000) }).where(eq(harvestRuns.id, run.id))
    expect(await runHarvest(testDb.db, run.id, { client })).toBeNull()
    // The holder died: its lease lapses and the run is taken over and finished.
    await testDb.db.update(harvestRuns).set({ leaseUntil: new Date(Date.now() - 1) }).where(eq(harvestRuns.id, run.id))
    expect(await runHarvest(testDb.db, run.id, { client })).toMatchObject({ status: 'succeeded' })
    expect(await activeRun(testDb.db, 'mestsky')).toBeNull()
  })

  it.each(['http500', 'malformed-json', 'html-200', 'truncated', 'rate-limit'] as const)(
    'survives a portal answering %s: records the error, keeps the last good snapshot',
    async (fault) => {
      await harvest('rozbity', 'full')
      expect(await live('rozbity')).toBe(300)
      fixture.setFault('rozbity', fault, { retryAfterSeconds: 0 })
      try {
        const failed = await harvest('rozbity', 'full')
        expect(failed.status).toBe('failed')
        expect(failed.errorCount).toBeGreaterThan(0)
        expect(failed.errors.at(-1)?.kind).toMatch(/http|malformed|not-ckan|rate-limited|circuit-open/)
        expect(await live('rozbity')).toBe(300)
        // The registry shows why, in the same terms as a health check.
        const [portal] = await testDb.db.select().from(portals).where(eq(portals.id, 'rozbity'))
        expect(portal!.lastErrorKind).toBe(failed.errors.at(-1)?.kind)
      } finally {
        fixture.setFault('rozbity', 'none')
      }
    },
  )

  it('continues a failed harvest from its checkpoint once the portal is back', async () => {
    const first = await harvest('krajsky', 'full', 1)
    expect(first.nextStart).toBe(1_000)
    fixture.setFault('krajsky', 'http500')
    const failed = await runHarvest(testDb.db, first.id, { client })
    expect(failed).toMatchObject({ status: 'failed', nextStart: 1_000 })
    fixture.setFault('krajsky', 'none')
    resetGates()
    const { run, started } = await startHarvest(testDb.db, 'krajsky', { mode: 'full', trigger: 'cli' })
    expect(started).toBe(true)
    expect(run.id).toBe(first.id)
    const resumed = await runHarvest(testDb.db, run.id, { client })
    expect(resumed).toMatchObject({ status: 'succeeded', done: 2_347, deleted: 0 })
    expect(resumed!.errors.map((error) => error.kind)).toContain('http')
  })

  it('writes the same snapshot through the worker-thread store, while this thread fetches ahead', async () => {
    await testDb.db.insert(portals).values({ id: 'vlakno', name: 'Vlákno', baseUrl: fixture.portalUrl('mestsky'), apiBase: fixture.apiBase('mestsky'), createdAt: new Date() })
    const writer = createWorkerStore(testDb.url)
    try {
      const { run } = await startHarvest(testDb.db, 'vlakno', { mode: 'full', trigger: 'cli' })
      const result = await runHarvest(testDb.db, run.id, { client, store: writer.store })
      expect(result).toMatchObject({ status: 'succeeded', done: 1_500, created: 1_500, nextStart: 1_500 })
      expect(await live('vlakno')).toBe(1_500)
      const [children] = await testDb.db.all<{ inThread: number; inWorker: number }>(sql`
        SELECT (SELECT count(*) FROM resource r JOIN dataset d ON d.key = r.dataset_key WHERE d.portal_id = 'mestsky') AS inThread,
               (SELECT count(*) FROM resource r JOIN dataset d ON d.key = r.dataset_key WHERE d.portal_id = 'vlakno') AS inWorker`)
      expect(children!.inWorker).toBe(children!.inThread)
      // Ready once, and it stays so.
      await expect(writer.ready).resolves.toBeUndefined()
    } finally {
      await writer.close()
    }
  })

  it("says the store thread is ready once it opened the database, and fails `ready` when it cannot", async () => {
    const writer = createWorkerStore(testDb.url)
    await expect(writer.ready).resolves.toBeUndefined()
    await writer.close()
    const broken = createWorkerStore('file:/nonexistent-directory/none.db')
    await expect(broken.ready).rejects.toThrow()
    await broken.close()
  })

  it('stops a portal that claims 1e12 datasets and ignores start, says why, and starts afresh next time', async () => {
    const before = fixture.requestCount('nekonecny')
    const run = await harvest('nekonecny', 'full')
    expect(run).toMatchObject({ status: 'failed', stopReason: 'repeated-page', done: 1_000, created: 1_000, deleted: 0 })
    expect(run.errors.at(-1)?.kind).toBe('repeated-page')
    expect(await live('nekonecny')).toBe(1_000)
    // organization_list, the first page, the page that repeated it and at most one asked for ahead meanwhile.
    expect(fixture.requestCount('nekonecny') - before).toBeLessThanOrEqual(4)
    // A stopped harvest is not continued from its checkpoint (that would go on with the endless listing).
    const { run: next, started } = await startHarvest(testDb.db, 'nekonecny', { mode: 'full', trigger: 'schedule' })
    expect(started).toBe(true)
    expect(next.id).not.toBe(run.id)
    expect(next.nextStart).toBe(0)
    expect(await runHarvest(testDb.db, next.id, { client })).toMatchObject({ status: 'failed', stopReason: 'repeated-page' })
  })

  it('harvests an old CKAN whose organization_list ignores offset: the repeated page ends the listing', async () => {
    const before = fixture.requestCount('stary')
    const run = await harvest('stary', 'full')
    expect(run).toMatchObject({ status: 'succeeded', stopReason: null, done: 1_500, created: 1_500 })
    // The first page of the list and the publishers the datasets carry: every organization.
    const [orgs] = await testDb.db.select({ count: sql<number>`count(*)` }).from(organizations).where(eq(organizations.portalId, 'stary'))
    expect(orgs!.count).toBe(60)
    // Two pages of organizations (the second repeated the first) and two of datasets.
    expect(fixture.requestCount('stary') - before).toBe(4)
  })

  it('harvests a portal that reports more datasets than it serves, and its run says how many of each', async () => {
    const run = await harvest('nafouknuty', 'full')
    expect(run).toMatchObject({ status: 'succeeded', stopReason: null, total: 10 + OVERCOUNT, done: 10, created: 10 })
    expect(servedFewer(progressOf(run))).toEqual({ reported: 38, served: 10 })
  })

  it('stops at the dataset ceiling: keeps and analyses what it stored, asks for nothing beyond, marks nothing deleted', async () => {
    const before = fixture.requestCount('velky')
    const run = await harvest('velky', 'full', undefined, { maxDatasets: 2_000 })
    expect(run).toMatchObject({ status: 'failed', stopReason: 'dataset-limit', done: 2_000, created: 2_000, deleted: 0 })
    expect(run.errors.at(-1)).toMatchObject({ kind: 'dataset-limit', message: expect.stringContaining('PORTALSCOPE_HARVEST_MAX_DATASETS') })
    expect(await live('velky')).toBe(2_000)
    expect(await latestRollup('velky')).toEqual(expect.any(Number))
    // Three pages of organizations and two of datasets.
    expect(fixture.requestCount('velky') - before).toBe(5)
  })

  it('stops at the page ceiling, organization pages included', async () => {
    const before = fixture.requestCount('velky')
    const run = await harvest('velky', 'full', undefined, { maxPages: 4 })
    expect(run).toMatchObject({ status: 'failed', stopReason: 'page-limit', done: 1_000, pages: 4 })
    expect(run.errors.at(-1)?.message).toContain('PORTALSCOPE_HARVEST_MAX_PAGES')
    expect(fixture.requestCount('velky') - before).toBe(4)
    expect(await live('velky')).toBe(2_000)
  })

  it('stops when its time budget is spent, counting the work of every slice', async () => {
    const first = await harvest('velky', 'full', 0)
    expect(first).toMatchObject({ status: 'running', nextStart: 1_000 })
    expect(first.activeMs).toBeGreaterThan(1)
    const before = fixture.requestCount('velky')
    const stopped = await runHarvest(testDb.db, first.id, { client, limits: { maxActiveMs: 1 } })
    expect(stopped).toMatchObject({ status: 'failed', stopReason: 'time-limit', done: 1_000 })
    expect(stopped!.errors.at(-1)?.message).toContain('PORTALSCOPE_HARVEST_MAX_MINUTES')
    expect(fixture.requestCount('velky')).toBe(before)
  })

  it('stops at once when its portal is removed: no request after the one on its way', async () => {
    const { run } = await startHarvest(testDb.db, 'zruseny', { mode: 'full', trigger: 'cli' })
    let organizationPages = 0
    // The real fetch, with the portal removed just before the third page of organizations is asked for.
    const removing: typeof fetch = async (input, init) => {
      if (String(input).includes('/organization_list') && ++organizationPages === 3) expect(await removePortal(testDb.db, 'zruseny')).toBe(true)
      return fetch(input, init)
    }
    const before = fixture.requestCount('zruseny')
    const result = await runHarvest(testDb.db, run.id, { client: { ...client, fetch: removing } })
    expect(fixture.requestCount('zruseny') - before).toBe(3)
    expect(result).toBeNull()
    expect(await testDb.db.select().from(harvestRuns).where(eq(harvestRuns.portalId, 'zruseny'))).toEqual([])
  })

  it('refuses demo, disabled and unknown portals', async () => {
    await testDb.db.insert(portals).values({ id: 'demo-x', name: 'Demo', baseUrl: 'https://demo.invalid', apiBase: 'https://demo.invalid/api/3', isDemo: true, createdAt: new Date() })
    await expect(startHarvest(testDb.db, 'demo-x', { mode: 'full', trigger: 'cli' })).rejects.toMatchObject({ code: 'demo' })
    await expect(startHarvest(testDb.db, 'nowhere', { mode: 'full', trigger: 'cli' })).rejects.toMatchObject({ code: 'not-found' })
  })
})

// An incremental harvest refreshes only the rollup scopes it touched, and nothing when nothing changed; what it leaves
// must equal a full refresh of the same snapshot.
async function latestRollup(slug: string): Promise<number> {
  const [row] = await testDb.db.select({ id: sql<number>`max(${rollupRuns.id})` }).from(rollupRuns).where(eq(rollupRuns.portalId, slug))
  return row!.id
}

async function count(table: string): Promise<number> {
  const [row] = await readRaw(testDb.db, { sql: `SELECT count(*) FROM ${table}`, args: [] })
  return Number(row![0])
}

const ROLLUP_TABLES = ['rollup_quality', 'rollup_format', 'rollup_raw_format', 'rollup_region_organization']

/** Every row of one rollup, without its id, in a stable order: what the analysis pages read. */
async function figures(rollupId: number): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {}
  for (const table of ROLLUP_TABLES) {
    const rows = await readRaw(testDb.db, { sql: `SELECT * FROM ${table} WHERE rollup_id = ?`, args: [rollupId] })
    out[table] = rows.map((row) => JSON.stringify(row.slice(1))).sort()
  }
  return out
}

describe('incremental harvests and rollups', () => {
  it('writes no rollup when nothing changed, and the figures stay as they were', async () => {
    expect(await harvest('okresni', 'full')).toMatchObject({ status: 'succeeded' })
    expect(await harvest('obecni', 'full')).toMatchObject({ status: 'succeeded' })
    const before = { runs: await count('rollup_run'), rows: await Promise.all(ROLLUP_TABLES.map(count)), latest: await latestRollup('okresni') }
    const figuresBefore = await figures(before.latest)
    const [stored] = await testDb.db.select({ harvestedAt: sql<number>`max(${datasets.harvestedAt})` }).from(datasets).where(eq(datasets.portalId, 'okresni'))

    const run = await harvest('okresni', 'incremental')
    // The boundary dataset came back and was found as stored.
    expect(run.done).toBeGreaterThanOrEqual(1)
    expect(run).toMatchObject({ status: 'succeeded', created: 0, updated: 0 })
    expect(await count('rollup_run')).toBe(before.runs)
    expect(await Promise.all(ROLLUP_TABLES.map(count))).toEqual(before.rows)
    expect(await latestRollup('okresni')).toBe(before.latest)
    expect(await figures(before.latest)).toEqual(figuresBefore)
    const [after] = await testDb.db.select({ harvestedAt: sql<number>`max(${datasets.harvestedAt})` }).from(datasets).where(eq(datasets.portalId, 'okresni'))
    expect(after!.harvestedAt).toEqual(stored!.harvestedAt)
  })

  it("refreshes the changed portal's touched scopes to the figures a full refresh gives, and leaves other portals alone", async () => {
    const otherBefore = await latestRollup('obecni')
    const previous = await latestRollup('okresni')
    fixture.modify('okresni', { updated: 25, added: 30 })
    const run = await harvest('okresni', 'incremental')
    expect(run).toMatchObject({ status: 'succeeded', created: 30 })

    const partial = await latestRollup('okresni')
    expect(partial).toBeGreaterThan(previous)
    expect(await latestRollup('obecni')).toBe(otherBefore)
    const partialFigures = await figures(partial)
    // The new datasets changed the figures...
    expect(partialFigures).not.toEqual(await figures(previous))
    // ...and the partial refresh agrees with aggregating the whole snapshot again.
    const full = await refreshRollups(testDb.db, 'okresni')
    expect(full.rollupId).toBeGreaterThan(partial)
    expect(partialFigures).toEqual(await figures(full.rollupId))
  })

  it('takes every scope the refresh was not told about from the previous rollup', async () => {
    // A change the refresh is not told about shows that untouched scopes are copied, not aggregated again.
    const previous = await latestRollup('obecni')
    await testDb.db.update(datasets).set({ deletedAt: new Date() }).where(sql`${datasets.key} = (SELECT min(key) FROM dataset WHERE portal_id = 'obecni' AND organization_id IS NOT NULL)`)
    const [gone] = await testDb.db.select({ organizationId: datasets.organizationId }).from(datasets).where(sql`${datasets.deletedAt} IS NOT NULL AND ${datasets.portalId} = 'obecni'`)
    const untold = await refreshRollups(testDb.db, 'obecni', { touched: { organizations: [], regions: [], withoutOrganization: false } })
    const organizationRow = async (rollupId: number) =>
      (await readRaw(testDb.db, { sql: "SELECT datasets FROM rollup_quality WHERE rollup_id = ? AND scope = 'organization' AND scope_id = ?", args: [rollupId, gone!.organizationId] }))[0]?.[0]
    const portalRow = async (rollupId: number) =>
      Number((await readRaw(testDb.db, { sql: "SELECT datasets FROM rollup_quality WHERE rollup_id = ? AND scope = 'portal'", args: [rollupId] }))[0]?.[0])
    expect(await organizationRow(untold.rollupId)).toBe(await organizationRow(previous))
    // The portal's own figures are always aggregated again.
    expect(await portalRow(untold.rollupId)).toBe((await portalRow(previous)) - 1)

    const told = await refreshRollups(testDb.db, 'obecni', { touched: { organizations: [gone!.organizationId!], regions: [], withoutOrganization: false } })
    expect(Number(await organizationRow(told.rollupId))).toBe(Number(await organizationRow(previous)) - 1)
  })
})
