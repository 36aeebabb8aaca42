import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ckanInstances } from '../../db/schema/ckan-instance.ts'
import { datasets } from '../../db/schema/dataset.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db.ts'
import { findDataset } from './dataset-queries.ts'

describe('findDataset', () => {
  let testDb: TestDatabase
  const uuid = '3f6b2c1e-9a6d-4f5e-8b1a-2c3d4e5f6a7b'

  beforeAll(async () => {
    testDb = await createTestDatabase()
    await testDb.db.insert(ckanInstances).values({
      id: 'data-gov-cz',
      name: 'Národní katalog otevřených dat',
      baseUrl: 'https://data.gov.cz',
      apiBase: 'https://data.gov.cz/api/3',
      createdAt: new Date(),
    })
    await testDb.db.insert(datasets).values({
      id: `data-gov-cz:${uuid}`,
      instanceId: 'data-gov-cz',
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
