import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db.ts'
import { JOBS, runJob } from './registry.server.ts'

let testDb: TestDatabase

beforeAll(async () => {
  testDb = await createTestDatabase()
})

afterAll(async () => {
  await testDb.cleanup()
})

describe('job registry', () => {
  it('names every background job the Node helper and the Workers Cron Trigger dispatch', () => {
    expect(Object.keys(JOBS).sort()).toEqual(['demo-load', 'harvest', 'link-check', 'rollup-refresh', 'scheduled-tick'])
  })

  it('runs a job by name against the database it is given', async () => {
    expect(await runJob('rollup-refresh', testDb.db, { all: true })).toEqual([])
    expect(await runJob('scheduled-tick', testDb.db, { intervalMs: 60_000 })).toEqual({ resumed: [], started: [], linksChecked: 0 })
  })
})
