import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runRawBatch } from '../../db/client.server.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db.ts'
import { memoizedDataVersion, readDataVersion } from './data-version.server.ts'

describe('data version of the public pages', () => {
  let testDb: TestDatabase
  beforeAll(async () => {
    testDb = await createTestDatabase()
  })
  afterAll(async () => {
    await testDb.cleanup()
  })

  it('changes when a harvest finishes or a portal is added, not while a harvest runs', async () => {
    const empty = await readDataVersion(testDb.db)
    await runRawBatch(testDb.db, [{ sql: 'INSERT INTO portal (id, name, base_url, api_base, created_at) VALUES (?, ?, ?, ?, ?)', args: ['p', 'P', 'https://p.cz', 'https://p.cz/api/3', 1] }])
    const withPortal = await readDataVersion(testDb.db)
    expect(withPortal).not.toBe(empty)
    await runRawBatch(testDb.db, [{ sql: "INSERT INTO harvest_run (portal_id, mode, status, trigger, started_at) VALUES ('p', 'full', 'running', 'cli', 1)", args: [] }])
    const started = await readDataVersion(testDb.db)
    await runRawBatch(testDb.db, [{ sql: 'UPDATE harvest_run SET done = 500', args: [] }])
    expect(await readDataVersion(testDb.db)).toBe(started)
    await runRawBatch(testDb.db, [{ sql: "UPDATE harvest_run SET status = 'succeeded', finished_at = 2", args: [] }])
    const finished = await readDataVersion(testDb.db)
    expect(finished).not.toBe(started)
    await runRawBatch(testDb.db, [{ sql: 'INSERT INTO rollup_run (portal_id, created_at, datasets) VALUES (?, ?, ?)', args: ['p', 3, 500] }])
    const analysed = await readDataVersion(testDb.db)
    expect(analysed).not.toBe(finished)
    // The map built from those rollups lands later: the home page embeds its first view, so only its end counts.
    await runRawBatch(testDb.db, [{ sql: "INSERT INTO map_build (source, started_at) VALUES ('3:1:t2', 4)", args: [] }])
    expect(await readDataVersion(testDb.db)).toBe(analysed)
    await runRawBatch(testDb.db, [{ sql: 'UPDATE map_build SET finished_at = 5', args: [] }])
    expect(await readDataVersion(testDb.db)).not.toBe(analysed)
  })

  it('changes when a portal is removed, also when another is added at the same time', async () => {
    const before = await readDataVersion(testDb.db)
    await runRawBatch(testDb.db, [{ sql: 'INSERT INTO portal (id, name, base_url, api_base, created_at) VALUES (?, ?, ?, ?, ?)', args: ['q', 'Q', 'https://q.cz', 'https://q.cz/api/3', 1] }])
    const withTwo = await readDataVersion(testDb.db)
    expect(withTwo).not.toBe(before)
    // One goes and another, registered later, comes in one write: as many portals as before, none checked since.
    await runRawBatch(testDb.db, [
      { sql: "DELETE FROM portal WHERE id = 'q'", args: [] },
      { sql: 'INSERT INTO portal (id, name, base_url, api_base, created_at) VALUES (?, ?, ?, ?, ?)', args: ['r', 'R', 'https://r.cz', 'https://r.cz/api/3', 2] },
    ])
    const swapped = await readDataVersion(testDb.db)
    expect(swapped).not.toBe(withTwo)
    await runRawBatch(testDb.db, [{ sql: "DELETE FROM portal WHERE id = 'r'", args: [] }])
    expect(await readDataVersion(testDb.db)).not.toBe(swapped)
  })

  it('reads once per interval when memoised', async () => {
    const version = memoizedDataVersion(60_000)
    const before = await version(testDb.db)
    await runRawBatch(testDb.db, [{ sql: 'INSERT INTO rollup_run (portal_id, created_at, datasets) VALUES (?, ?, ?)', args: ['p', 4, 500] }])
    expect(await version(testDb.db)).toBe(before)
    expect(await memoizedDataVersion(0)(testDb.db)).not.toBe(before)
  })
})
