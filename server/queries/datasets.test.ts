import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { portals } from '../../db/schema/portal.ts'
import { datasets } from '../../db/schema/dataset.ts'
import { linkChecks } from '../../db/schema/link-check.ts'
import { organizations } from '../../db/schema/organization.ts'
import { resources } from '../../db/schema/resource.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db.ts'
import { datasetDetail, findDataset } from './datasets.server.ts'

describe('findDataset', () => {
  let testDb: TestDatabase
  const uuid = '3f6b2c1e-9a6d-4f5e-8b1a-2c3d4e5f6a7b'

  beforeAll(async () => {
    testDb = await createTestDatabase()
    await testDb.db.insert(portals).values({
      id: 'data-gov-cz',
      name: 'Národní katalog otevřených dat',
      baseUrl: 'https://data.gov.cz',
      apiBase: 'https://data.gov.cz/api/3',
      createdAt: new Date(),
    })
    await testDb.db.insert(datasets).values({
      id: `data-gov-cz:${uuid}`,
      portalId: 'data-gov-cz',
      ckanId: uuid,
      name: 'jizdni-rady',
      title: 'Jízdní řády',
    })
  })
  afterAll(async () => {
    await testDb.cleanup()
  })

  it('finds a dataset by its canonical id', async () => {
    const found = await findDataset(testDb.db, `data-gov-cz:${uuid}`)
    expect(found).toMatchObject({ kind: 'found', dataset: { title: 'Jízdní řády', instanceName: 'Národní katalog otevřených dat' } })
  })

  it('answers the CKAN-name form with the canonical id', async () => {
    expect(await findDataset(testDb.db, 'data-gov-cz:jizdni-rady')).toEqual({ kind: 'moved', id: `data-gov-cz:${uuid}` })
  })

  it.each(['data-gov-cz:nothing', 'other:jizdni-rady', 'no-separator', ':x', 'data-gov-cz:'])('misses %j', async (id) => {
    expect(await findDataset(testDb.db, id)).toEqual({ kind: 'missing' })
  })
})

describe('datasetDetail', () => {
  let testDb: TestDatabase
  const uuid = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'
  const id = `portal-a:${uuid}`
  const checkedAt = new Date('2026-03-01T10:00:00Z')

  beforeAll(async () => {
    testDb = await createTestDatabase()
    const { db } = testDb
    await db.insert(portals).values({ id: 'portal-a', name: 'Portal A', baseUrl: 'https://a.example/', apiBase: 'https://a.example/api/3', createdAt: new Date() })
    await db.insert(organizations).values([
      { id: 'portal-a:mf', portalId: 'portal-a', name: 'mf', title: 'Ministerstvo financí', publisherId: 'cz-ministerstvo-financi' },
      { id: 'portal-a:alone', portalId: 'portal-a', name: 'alone', title: 'Alone' },
    ])
    const [row] = await db
      .insert(datasets)
      .values({ id, portalId: 'portal-a', ckanId: uuid, name: 'rozpocet', title: 'Rozpočet', organizationId: 'portal-a:mf' })
      .returning({ key: datasets.key })
    const resource = { datasetKey: row!.key, canonicalFormat: 'CSV', formatSource: 'format' as const, openness: 3 }
    await db.insert(resources).values([
      { ...resource, position: 0, url: 'https://files.example/ok.csv', format: 'CSV' },
      { ...resource, position: 1, url: 'https://files.example/gone.csv', format: 'csv' },
      { ...resource, position: 2, url: 'https://files.example/never.csv', format: 'CSV' },
      { ...resource, position: 3, url: 'http://10.0.0.1/internal.csv', format: 'CSV' },
      { ...resource, position: 4, url: null, format: 'CSV' },
    ])
    const check = { checkedAt, ms: 40, method: 'HEAD' }
    await db.insert(linkChecks).values([
      { ...check, url: 'https://files.example/ok.csv', ok: true, status: 200 },
      { ...check, url: 'https://files.example/gone.csv', ok: false, status: 404 },
      { ...check, url: 'http://10.0.0.1/internal.csv', ok: false, status: null, error: 'blocked' },
    ])
  })
  afterAll(async () => {
    await testDb.cleanup()
  })

  it("gives each resource its URL's latest link check, and none for URLs never checked or never requested", async () => {
    const found = await datasetDetail(testDb.db, id)
    if (found.kind !== 'found') throw new Error(`expected the dataset, got ${found.kind}`)
    expect(found.dataset.resources.map((resource) => [resource.position, resource.linkCheck])).toEqual([
      [0, { ok: true, status: 200, checkedAt }],
      [1, { ok: false, status: 404, checkedAt }],
      [2, null],
      [3, null],
      [4, null],
    ])
    expect(found.dataset.resources[0]).toMatchObject({ canonicalFormat: 'CSV', formatSource: 'format', openness: 3, formatConflict: false })
  })

  it('names the publisher the organization is merged into, or the organization itself when it is not merged', async () => {
    const found = await datasetDetail(testDb.db, id)
    expect(found.kind === 'found' && found.dataset.organization).toEqual({ id: 'portal-a:mf', name: 'mf', title: 'Ministerstvo financí', publisherId: 'cz-ministerstvo-financi' })
    await testDb.db.update(datasets).set({ organizationId: 'portal-a:alone' })
    const alone = await datasetDetail(testDb.db, id)
    expect(alone.kind === 'found' && alone.dataset.organization?.publisherId).toBe('portal-a:alone')
  })
})
