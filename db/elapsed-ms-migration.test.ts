import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient } from '@libsql/client'
import { drizzle } from 'drizzle-orm/libsql'
import { migrate } from 'drizzle-orm/libsql/migrator'
import { afterEach, describe, expect, it } from 'vitest'
import { MIGRATIONS_FOLDER } from './migrate.server.ts'

// Migration 0018 keeps result times in milliseconds: a result recorded before it (whole seconds) reads as the same
// time afterwards, and one without a time stays without.
let dir: string

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('migration elapsed_ms', () => {
  it('turns the seconds stored so far into milliseconds', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'elapsed-ms-'))
    const before = path.join(dir, 'before')
    await cp(MIGRATIONS_FOLDER, before, { recursive: true })
    const journalFile = path.join(before, 'meta', '_journal.json')
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> }
    const at = journal.entries.findIndex((entry) => entry.tag.endsWith('_elapsed_ms'))
    expect(at).toBeGreaterThan(0)
    journal.entries = journal.entries.slice(0, at)
    await writeFile(journalFile, JSON.stringify(journal))

    const client = createClient({ url: `file:${path.join(dir, 'db.sqlite')}` })
    try {
      await migrate(drizzle(client), { migrationsFolder: before })
      await client.execute('PRAGMA foreign_keys = OFF')
      await client.execute(
        `INSERT INTO test_result (run_id, run_case_id, status, elapsed_seconds, case_version, recorded_at) VALUES ('r', 'rc', 'passed', 366, 1, 0), ('r', 'rc', 'failed', NULL, 1, 0), ('r', 'rc', 'passed', 0, 1, 0)`,
      )
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER })
      const rows = await client.execute('SELECT elapsed_ms FROM test_result ORDER BY id')
      expect(rows.rows.map((row) => row.elapsed_ms)).toEqual([366_000, null, 0])
    } finally {
      client.close()
    }
  })
})
