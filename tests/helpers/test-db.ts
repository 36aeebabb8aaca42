import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createDb, type Database } from '../../db/client.server.ts'
import { migrateLibsql } from '../../db/migrate.server.ts'

export type TestDatabase = { db: Database; url: string; cleanup: () => Promise<void> }

/** A throwaway libSQL file with every migration applied: the same engine and schema as production. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portalscope-test-'))
  const url = `file:${path.join(dir, 'test.db')}`
  await migrateLibsql(url)
  const db = await createDb({ url })
  return { db, url, cleanup: () => rm(dir, { recursive: true, force: true }) }
}
