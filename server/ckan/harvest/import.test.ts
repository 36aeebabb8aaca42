import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { portals } from '../../../db/schema/portal.ts'
import { datasets } from '../../../db/schema/dataset.ts'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { importJsonl } from './import.server.ts'

let testDb: TestDatabase
beforeAll(async () => {
  testDb = await createTestDatabase()
  await testDb.db.insert(portals).values({ id: 'dump', name: 'Dump', baseUrl: 'https://dump.example', apiBase: 'https://dump.example/api/3', createdAt: new Date() })
})
afterAll(async () => {
  await testDb.cleanup()
})

async function* lines(...items: string[]): AsyncIterable<string> {
  for (const item of items) yield item
}

const dataset = (n: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, name: `sada-${n}`, title: `Sada ${n}`, resources: [{ format: 'CSV', url: `https://dump.example/${n}.csv` }], ...extra })

describe('importing a ckanapi dump', () => {
  it('stores every dataset line through the harvest pipeline and logs what it skipped and why', async () => {
    const input = [...Array.from({ length: 2_500 }, (_, n) => dataset(n)), '', '{not json', JSON.stringify({ title: 'no id or name' })]
    const run = await importJsonl(testDb.db, 'dump', lines(...input))
    expect(run).toMatchObject({ mode: 'import', status: 'succeeded', done: 2_502, created: 2_500, skipped: 2, errorCount: 2 })
    expect(run.errors.map((error) => error.message)).toEqual(['line 2502: not JSON', 'line 2503: not a CKAN dataset (needs at least id and name)'])
    const [count] = await testDb.db.select({ n: sql<number>`count(*)` }).from(datasets).where(eq(datasets.portalId, 'dump'))
    expect(count!.n).toBe(2_500)
  })

  it('updates what it already holds on a second import', async () => {
    const run = await importJsonl(testDb.db, 'dump', lines(dataset(1, { title: 'Sada 1, opravená' })))
    expect(run).toMatchObject({ created: 0, updated: 1 })
    const [row] = await testDb.db.select().from(datasets).where(eq(datasets.name, 'sada-1'))
    expect(row!.title).toBe('Sada 1, opravená')
  })

  it('refuses a portal that is not registered', async () => {
    await expect(importJsonl(testDb.db, 'nowhere', lines(dataset(1)))).rejects.toThrow(/No portal with the slug nowhere/)
  })
})
