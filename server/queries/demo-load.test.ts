import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runRawBatch } from '../../db/client.server.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db.ts'
import { loadDemoCatalogue } from '../ckan/demo/demo-catalogue.server.ts'
import { DEMO_DATASET_TOTAL, DEMO_PORTALS } from '../ckan/demo/generator.server.ts'
import { LEASE_MS } from '../ckan/harvest/harvest.server.ts'
import { readDataVersion, servableStale } from '../page-cache/data-version.server.ts'
import { readDemoLoad } from './demo-load.server.ts'

let testDb: TestDatabase
beforeAll(async () => {
  testDb = await createTestDatabase()
})
afterAll(async () => {
  await testDb.cleanup()
})

describe('the demo catalogue load as other processes see it', () => {
  it('is read with its progress over all three portals while it runs, and not at all once it finished', async () => {
    expect(await readDemoLoad(testDb.db)).toBeNull()
    const before = await readDataVersion(testDb.db)
    const seen: Array<{ expected: number; read: Awaited<ReturnType<typeof readDemoLoad>>; version: string }> = []
    const earlier = (slug: string) => DEMO_PORTALS.slice(0, DEMO_PORTALS.findIndex((portal) => portal.slug === slug)).reduce((sum, portal) => sum + portal.datasets, 0)
    await loadDemoCatalogue(testDb.db, {
      // Called once a batch is stored: what every process reads then is what the loader has stored.
      onProgress: async (slug, done) => {
        seen.push({ expected: earlier(slug) + done, read: await readDemoLoad(testDb.db), version: await readDataVersion(testDb.db) })
      },
    })
    expect(seen.length).toBeGreaterThan(10)
    for (const sample of seen) expect(sample.read).toEqual({ done: sample.expected, total: DEMO_DATASET_TOTAL })
    expect(seen.at(-1)?.expected).toBe(DEMO_DATASET_TOTAL)

    // The public pages' data version: a page from before the load is not served during it, nor one from during it
    // after; pages from two moments of the load may stand in for each other.
    const [first, second] = seen
    expect(first!.version).not.toBe(before)
    expect(servableStale(before, first!.version)).toBe(false)
    expect(second!.version).not.toBe(first!.version)
    expect(servableStale(first!.version, second!.version)).toBe(true)

    expect(await readDemoLoad(testDb.db)).toBeNull()
    const after = await readDataVersion(testDb.db)
    expect(servableStale(seen.at(-1)!.version, after)).toBe(false)
    expect(servableStale(before, after)).toBe(true)
  }, 120_000)

  it('is not in progress once its loader stopped writing for a lease', async () => {
    const now = Date.now()
    await runRawBatch(testDb.db, [{ sql: 'UPDATE demo_load SET done = 8000, finished_at = NULL, updated_at = ?', args: [now] }])
    expect(await readDemoLoad(testDb.db, now)).toEqual({ done: 8000, total: DEMO_DATASET_TOTAL })
    const loading = await readDataVersion(testDb.db)
    expect(await readDemoLoad(testDb.db, now + LEASE_MS + 1)).toBeNull()
    await runRawBatch(testDb.db, [{ sql: 'UPDATE demo_load SET updated_at = ?', args: [now - LEASE_MS - 1] }])
    expect(servableStale(loading, await readDataVersion(testDb.db))).toBe(false)
  })
})
