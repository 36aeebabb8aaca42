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
    expect(Object.keys(JOBS).sort()).toEqual(['automated-checks', 'demo-load', 'harvest', 'link-check', 'map-build', 'rollup-refresh', 'scheduled-tick', 'suite-schedules'])
  })

  it('runs a job by name against the database it is given', async () => {
    expect(await runJob('rollup-refresh', testDb.db, { all: true })).toEqual([])
    expect(await runJob('scheduled-tick', testDb.db, { intervalMs: 60_000 })).toEqual({ resumed: [], started: [], linksChecked: 0 })
    expect(await runJob('automated-checks', testDb.db, { budgetMs: 1_000 })).toEqual({ checked: 0 })
    expect(await runJob('suite-schedules', testDb.db, {})).toEqual([])
  })
})
