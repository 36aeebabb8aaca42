import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db.ts'
import { testContext } from '../../../tests/helpers/trpc-context.ts'
import { createCaller } from '../router.server.ts'

describe('health', () => {
  let testDb: TestDatabase
  beforeAll(async () => {
    testDb = await createTestDatabase()
  })
  afterAll(async () => {
    await testDb.cleanup()
  })

  it('reports the server and its database as up', async () => {
    const caller = createCaller(await testContext(testDb.db))
    const health = await caller.health()
    expect(health.status).toBe('ok')
    expect(health.database).toBe('ok')
    expect(health.runtime).toBe('node')
    expect(health.time).toEqual(expect.any(Date))
  })

  it('reports a degraded state when the database fails', async () => {
    const brokenDb = { run: () => Promise.reject(new Error('disk I/O error')) } as unknown as TestDatabase['db']
    const health = await createCaller(await testContext(brokenDb)).health()
    expect(health.status).toBe('degraded')
    expect(health.database).toBe('error')
  })
})
