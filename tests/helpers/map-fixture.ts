import { portals } from '../../db/schema/portal.ts'
import { runHarvest, startHarvest } from '../../server/ckan/harvest/harvest.server.ts'
import { startCkanFixture, type CkanFixture } from '../ckan-fixture/server.ts'
import { createTestDatabase, type TestDatabase } from './test-db.ts'

export type HarvestedDatabase = TestDatabase & { fixture: CkanFixture; close: () => Promise<void> }

/**
 * A throwaway database with two fixture portals harvested in full (about a quarter of their datasets have an extent
 * somewhere in Czechia), their rollups refreshed as every harvest does: what the map is built from.
 */
export async function harvestedDatabase(sizes: Record<string, number> = { a: 600, b: 200 }, into?: TestDatabase): Promise<HarvestedDatabase> {
  const fixture = await startCkanFixture({ portals: Object.entries(sizes).map(([slug, datasets]) => ({ slug, datasets })) })
  const testDb = into ?? (await createTestDatabase())
  for (const slug of Object.keys(sizes)) {
    await testDb.db.insert(portals).values({ id: slug, name: `Portal ${slug.toUpperCase()}`, baseUrl: fixture.portalUrl(slug), apiBase: fixture.apiBase(slug), createdAt: new Date() })
    const { run } = await startHarvest(testDb.db, slug, { mode: 'full', trigger: 'cli' })
    await runHarvest(testDb.db, run.id, { client: { gate: { politenessDelayMs: 0 } } })
  }
  return {
    ...testDb,
    fixture,
    close: async () => {
      await fixture.close()
      await testDb.cleanup()
    },
  }
}
