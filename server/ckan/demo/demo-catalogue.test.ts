import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { snapshotSearch } from '../../queries/dataset-search.server.ts'
import { demoCatalogueRemoved, DEMO_SLUGS, ensureDemoCatalogue, loadDemoCatalogue, removeDemoCatalogue } from './demo-catalogue.server.ts'
import { DEMO_DATASET_TOTAL } from './generator.server.ts'

let testDb: TestDatabase
beforeAll(async () => {
  testDb = await createTestDatabase()
})
afterAll(async () => {
  await testDb.cleanup()
})

const count = async (query: ReturnType<typeof sql>) => (await testDb.db.all<{ n: number }>(query))[0]!.n

describe('demo catalogue', () => {
  it('loads into an empty database as three demo portals, once', async () => {
    expect(await ensureDemoCatalogue(testDb.db)).toBe(DEMO_DATASET_TOTAL)
    expect(await count(sql`SELECT count(*) AS n FROM dataset`)).toBe(DEMO_DATASET_TOTAL)
    expect(await count(sql`SELECT count(*) AS n FROM portal WHERE is_demo = 1`)).toBe(3)
    expect(await count(sql`SELECT count(*) AS n FROM harvest_run WHERE mode = 'demo' AND status = 'succeeded'`)).toBe(3)
    expect(await ensureDemoCatalogue(testDb.db)).toBe(0)
    expect(await loadDemoCatalogue(testDb.db)).toBe(0)
  }, 60_000)

  it('is searchable like harvested data, with extents inside the Czech regions', async () => {
    const prague: [number, number, number, number] = [14.22, 49.94, 14.71, 50.18]
    const result = await snapshotSearch(testDb.db, DEMO_SLUGS, { bbox: prague, sort: 'relevance', page: 1, pageSize: 5 })
    expect(result.total).toBeGreaterThan(100)
    expect(result.total).toBeLessThan(DEMO_DATASET_TOTAL / 2)
    const formats = await snapshotSearch(testDb.db, DEMO_SLUGS, { sort: 'relevance', page: 1, pageSize: 1 })
    // The real-world mess ("CSV", "csv", ".csv" ... as declared) is one canonical format in the facet.
    expect(formats.facets.formats.map((facet) => facet.value)).toContain('CSV')
    expect(formats.facets.formats.map((facet) => facet.value)).not.toContain('csv')
  })

  it('stores each resource with its canonical format, openness and any conflict between what was declared and served', async () => {
    const rawCsv = await count(sql`SELECT count(*) AS n FROM resource WHERE format = 'CSV'`)
    const canonicalCsv = await count(sql`SELECT count(*) AS n FROM resource WHERE canonical_format = 'CSV'`)
    // "csv", ".csv", "text/csv", the EU vocabulary URI ... all count as CSV.
    expect(canonicalCsv).toBeGreaterThan(rawCsv)
    expect(await count(sql`SELECT count(*) AS n FROM resource WHERE canonical_format = 'CSV' AND openness <> 3`)).toBe(0)
    expect(await count(sql`SELECT count(*) AS n FROM resource WHERE format_conflict = 1 AND canonical_format = 'EXE' AND mimetype = 'text/csv'`)).toBeGreaterThan(0)
    // Resources with nothing to go on stay unknown rather than guessed.
    expect(await count(sql`SELECT count(*) AS n FROM resource WHERE canonical_format = 'unknown' AND format_source <> 'none'`)).toBe(0)
  })

  it('is removed for good by the operator, and only loaded again on request', async () => {
    expect(await removeDemoCatalogue(testDb.db)).toBe(3)
    expect(await count(sql`SELECT count(*) AS n FROM dataset`)).toBe(0)
    expect(await count(sql`SELECT count(*) AS n FROM resource`)).toBe(0)
    expect(await count(sql`SELECT count(*) AS n FROM dataset_fts WHERE dataset_fts MATCH 'praha'`)).toBe(0)
    expect(await demoCatalogueRemoved(testDb.db)).toBe(true)
    expect(await ensureDemoCatalogue(testDb.db)).toBe(0)
  }, 60_000)
})

describe('a demo catalogue load that stopped midway', () => {
  it('is completed at the next start, from where it stopped', async () => {
    const fresh = await createTestDatabase()
    try {
      const crash = new Error('the process stopped')
      // The first batch of the first portal is stored, then the loader dies.
      await expect(
        loadDemoCatalogue(fresh.db, {
          onProgress: () => {
            throw crash
          },
        }),
      ).rejects.toBe(crash)
      const countIn = async (query: ReturnType<typeof sql>) => (await fresh.db.all<{ n: number }>(query))[0]!.n
      const partial = await countIn(sql`SELECT count(*) AS n FROM dataset`)
      expect(partial).toBeGreaterThan(0)
      expect(partial).toBeLessThan(DEMO_DATASET_TOTAL)
      // The database is no longer empty, yet the next start finishes the job once the dead loader's lease has lapsed.
      await fresh.db.run(sql`UPDATE harvest_run SET lease_until = ${Date.now() - 1000}`)
      expect(await ensureDemoCatalogue(fresh.db)).toBe(DEMO_DATASET_TOTAL - partial)
      expect(await countIn(sql`SELECT count(*) AS n FROM dataset`)).toBe(DEMO_DATASET_TOTAL)
      expect(await countIn(sql`SELECT count(*) AS n FROM harvest_run WHERE mode = 'demo' AND status = 'succeeded'`)).toBe(3)
      expect(await countIn(sql`SELECT count(*) AS n FROM harvest_run`)).toBe(3)
      expect(await ensureDemoCatalogue(fresh.db)).toBe(0)
    } finally {
      await fresh.cleanup()
    }
  }, 120_000)
})
