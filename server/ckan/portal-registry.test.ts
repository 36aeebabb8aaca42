import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { portals } from '../../db/schema/portal.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db.ts'
import { apiBaseCandidates, searchDirectory, seedFeaturedPortals, slugFor } from './portal-registry.server.ts'
import { listPortals } from '../queries/portals.server.ts'

describe('portal identifiers', () => {
  it.each([
    ['https://data.gov.cz', 'data-gov-cz'],
    ['https://www.envidat.ch/', 'envidat-ch'],
    ['https://data.gv.at/katalog', 'data-gv-at-katalog'],
    ['https://govdata.de/ckan/api/3', 'govdata-de-ckan'],
    ['http://127.0.0.1:5055/demo-a', '127-0-0-1-demo-a'],
  ])('%s → %s', (url, slug) => {
    expect(slugFor(url)).toBe(slug)
  })

  it('finds the Action API base for what a user typed', () => {
    expect(apiBaseCandidates('https://data.gov.cz')).toEqual(['https://data.gov.cz/api/3'])
    expect(apiBaseCandidates('https://data.gv.at/katalog/')).toEqual(['https://data.gv.at/katalog/api/3'])
    expect(apiBaseCandidates('https://opendata.swiss/api/3')).toEqual(['https://opendata.swiss/api/3'])
    expect(apiBaseCandidates('https://opendata.swiss/api')).toEqual(['https://opendata.swiss/api/3'])
    expect(apiBaseCandidates('https://x.example/api/3/action/package_search?q=a')).toEqual(['https://x.example/api/3'])
  })
})

describe('directory and seeding', () => {
  let testDb: TestDatabase
  beforeAll(async () => {
    testDb = await createTestDatabase()
  })
  afterAll(async () => {
    await testDb.cleanup()
  })

  it('searches the 1,771 known portals by name, address and country', () => {
    expect(searchDirectory('').total).toBe(1771)
    const czech = searchDirectory('', { country: 'CZ', limit: 500 })
    expect(czech.total).toBeGreaterThan(5)
    expect(czech.items.every((portal) => portal.country === 'CZ')).toBe(true)
    expect(searchDirectory('envidat').items[0]?.apiBase).toBe('https://www.envidat.ch/api/3')
    expect(searchDirectory('envidat').items[0]?.source).toMatch(/MIT/)
  })

  it('registers the featured portals on a fresh installation, once', async () => {
    expect(await seedFeaturedPortals(testDb.db)).toBe(25)
    expect(await seedFeaturedPortals(testDb.db)).toBe(0)
    const rows = await listPortals(testDb.db)
    expect(rows).toHaveLength(25)
    expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining(['opendata-mzp-cz', 'data-gov-sk', 'govdata-de']))
    expect(new Set(rows.map((row) => row.id)).size).toBe(25)
  })

  it('registers them beside the demo catalogue, and not again after an administrator removed them', async () => {
    const fresh = await createTestDatabase()
    try {
      await fresh.db.insert(portals).values({ id: 'demo-a', name: 'Demo', baseUrl: 'https://demo.invalid', apiBase: 'https://demo.invalid/api/3', isDemo: true, createdAt: new Date() })
      expect(await seedFeaturedPortals(fresh.db)).toBe(25)
      await fresh.db.delete(portals).where(eq(portals.featured, true))
      expect(await seedFeaturedPortals(fresh.db)).toBe(0)
    } finally {
      await fresh.cleanup()
    }
  })
})
