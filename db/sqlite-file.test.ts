import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/libsql'
import Database from 'libsql'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { madeBy } from '../lib/made-by.ts'
import { busyErrorIn, DatabaseBusyError } from './busy.server.ts'
import { isReadOnlySql, pathOfFileUrl, SqliteFileClient } from './sqlite-file.server.ts'

let dir: string
let file: string
const open: Array<{ close(): unknown }> = []

function client(role: 'interactive' | 'background', options: { lockWaitMs?: number } = {}) {
  const made = new SqliteFileClient(file, role, options)
  open.push(made)
  return made
}

/** Another process's connection, as SQLite sees it: its own locks on the same file. */
function outsider() {
  const db = new Database(file)
  db.exec('PRAGMA busy_timeout = 0')
  open.push(db)
  return db
}

function count(db: Database.Database, table = 'note'): number {
  return Number((db.prepare(`SELECT count(*) FROM ${table}`).raw(true).all() as number[][])[0]![0])
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portalscope-sqlite-'))
  file = path.join(dir, 'test.db')
  const setup = new SqliteFileClient(file, 'interactive')
  await setup.executeMultiple('CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL UNIQUE)')
  setup.close()
})

afterEach(async () => {
  for (const item of open.splice(0)) item.close()
  await rm(dir, { recursive: true, force: true })
})

describe('connection settings', () => {
  it('gives the reader and the writer the same settings, read back from SQLite', () => {
    const settings = client('interactive').settings()
    for (const connection of [settings.reader, settings.writer]) {
      expect(connection.journal_mode).toBe('wal')
      expect(connection.cache_size).toBe('-65536')
      expect(connection.wal_autocheckpoint).toBe('40000')
      expect(connection.foreign_keys).toBe('1')
    }
    // The reader waits a little for WAL recovery; writers poll for the lock themselves.
    expect(settings.reader.busy_timeout).toBe('250')
    expect(settings.writer.busy_timeout).toBe('0')
    // Only the reader refuses writes.
    expect(settings.reader.query_only).toBe('1')
    expect(settings.writer.query_only).toBe('0')
    // A person's acknowledged write is on disk (FULL = 2); bulk background writes fsync at checkpoints (NORMAL = 1).
    expect(settings.writer.synchronous).toBe('2')
    expect(client('background').settings().writer.synchronous).toBe('1')
  })

  it('answers the same for a setting however many requests ask at once', async () => {
    const db = drizzle(client('interactive'))
    const answers = await Promise.all(Array.from({ length: 6 }, () => db.all<{ foreign_keys: number }>(sql`PRAGMA foreign_keys`)))
    expect(answers.map((rows) => rows[0]?.foreign_keys)).toEqual([1, 1, 1, 1, 1, 1])
  })

  it('applies a setting made through the client to every connection', async () => {
    const made = client('interactive')
    await made.execute('PRAGMA cache_size = -1024')
    expect(made.settings().reader.cache_size).toBe('-1024')
    expect(made.settings().writer.cache_size).toBe('-1024')
  })
})

describe('writes', () => {
  it('waits for a lock another process holds, then commits where the next read sees it', async () => {
    const other = outsider()
    other.exec('BEGIN IMMEDIATE')
    other.exec("INSERT INTO note (body) VALUES ('theirs')")
    const mine = client('interactive')
    const write = mine.execute({ sql: 'INSERT INTO note (body) VALUES (?)', args: ['mine'] })
    await new Promise((resolve) => setTimeout(resolve, 50))
    other.exec('COMMIT')
    await write
    // Visible at once to another connection: committed, not parked behind a statement left active.
    expect(count(outsider())).toBe(2)
    expect((await mine.execute('SELECT body FROM note ORDER BY id')).rows.map((row) => row.body)).toEqual(['theirs', 'mine'])
  })

  it('gives up with DatabaseBusyError after its bound, writes nothing, and the next write commits', async () => {
    const other = outsider()
    other.exec('BEGIN IMMEDIATE')
    const mine = client('interactive', { lockWaitMs: 100 })
    const error = await mine.execute({ sql: 'INSERT INTO note (body) VALUES (?)', args: ['refused'] }).catch((caught: unknown) => caught)
    expect(madeBy(error, DatabaseBusyError)).toBe(true)
    expect(busyErrorIn(new Error('wrapped', { cause: error }))).toBe(error)
    other.exec('ROLLBACK')
    expect(count(outsider())).toBe(0)
    await mine.execute({ sql: 'INSERT INTO note (body) VALUES (?)', args: ['accepted'] })
    expect(count(outsider())).toBe(1)
  })

  it('runs a batch as one transaction: a failing statement leaves nothing, and the connection stays healthy', async () => {
    const mine = client('interactive')
    await mine.execute({ sql: 'INSERT INTO note (body) VALUES (?)', args: ['first'] })
    const error = await mine
      .batch([
        { sql: 'INSERT INTO note (body) VALUES (?)', args: ['second'] },
        { sql: 'INSERT INTO note (body) VALUES (?)', args: ['first'] },
      ])
      .catch((caught: unknown) => caught as { code?: string; statementIndex?: number })
    expect(error).toMatchObject({ code: 'SQLITE_CONSTRAINT', statementIndex: 1 })
    expect(count(outsider())).toBe(1)
    await mine.batch([{ sql: 'INSERT INTO note (body) VALUES (?)', args: ['third'] }])
    expect(count(outsider())).toBe(2)
  })

  it('runs a statement it ran before with other values, after it failed, and after the table changed', async () => {
    const mine = client('interactive')
    const insert = 'INSERT INTO note (body) VALUES (?)'
    await mine.execute({ sql: insert, args: ['one'] })
    await expect(mine.execute({ sql: insert, args: ['one'] })).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT' })
    await mine.batch([{ sql: insert, args: ['two'] }, { sql: insert, args: ['three'] }])
    await mine.executeMultiple("ALTER TABLE note ADD COLUMN tag TEXT NOT NULL DEFAULT 'x'")
    await mine.execute({ sql: insert, args: ['four'] })
    await mine.execute({ sql: 'UPDATE note SET tag = ? WHERE body = ?', args: ['y', 'four'] })
    const rows = outsider().prepare('SELECT body, tag FROM note ORDER BY id').raw(true).all()
    expect(rows).toEqual([['one', 'x'], ['two', 'x'], ['three', 'x'], ['four', 'y']])
  })

  it('keeps a drizzle transaction to itself until it commits, and writers wait for it', async () => {
    const mine = client('interactive')
    const db = drizzle(mine)
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const transaction = db.transaction(async (tx) => {
      await tx.run(sql`INSERT INTO note (body) VALUES ('inside')`)
      await gate
      await tx.run(sql`INSERT INTO note (body) VALUES ('inside too')`)
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    // Reads go on (and do not see the open transaction); a second write queues behind it.
    expect((await mine.execute('SELECT count(*) AS n FROM note')).rows[0]!.n).toBe(0)
    const queued = mine.execute("INSERT INTO note (body) VALUES ('after')")
    release()
    await transaction
    await queued
    expect((await mine.execute('SELECT body FROM note ORDER BY id')).rows.map((row) => row.body)).toEqual(['inside', 'inside too', 'after'])
  })

  it('rolls a drizzle transaction back when it throws', async () => {
    const db = drizzle(client('interactive'))
    await expect(
      db.transaction(async (tx) => {
        await tx.run(sql`INSERT INTO note (body) VALUES ('gone')`)
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(count(outsider())).toBe(0)
  })

  it('lets waiting interactive writes in ahead of a background writer on another thread that keeps writing', async () => {
    const shared = new SharedArrayBuffer(8)
    const state = new Int32Array(shared)
    const worker = new Worker(new URL('../tests/helpers/background-writer.ts', import.meta.url), { workerData: { file, rows: 20_000, shared } })
    const committed = () => Atomics.load(state, 0)
    const interactive = client('interactive')
    while (committed() < 3) await new Promise((resolve) => setTimeout(resolve, 1))
    const overtaken: number[] = []
    for (let write = 0; write < 10; write++) {
      const before = committed()
      await interactive.execute({ sql: 'INSERT INTO note (body) VALUES (?)', args: [`person ${write}`] })
      overtaken.push(committed() - before)
      await new Promise((resolve) => setTimeout(resolve, 3))
    }
    Atomics.store(state, 1, 1)
    await new Promise((resolve) => worker.once('exit', resolve))
    // A person's write waits for the background transaction in progress and perhaps one already begun, never for a run
    // of them: without the turnstile the background writer, which leaves the lock free for microseconds between its
    // transactions, went first dozens of times. One more is allowed for this thread being descheduled on a busy machine.
    expect(Math.max(...overtaken)).toBeLessThanOrEqual(3)
    expect(committed()).toBeGreaterThan(3)
  })
})

describe('reads', () => {
  it('never wait for a writer holding the lock', async () => {
    const other = outsider()
    other.exec("INSERT INTO note (body) VALUES ('committed')")
    other.exec('BEGIN IMMEDIATE')
    other.exec("INSERT INTO note (body) VALUES ('pending')")
    const result = await client('interactive', { lockWaitMs: 50 }).execute('SELECT body FROM note')
    expect(result.rows.map((row) => row.body)).toEqual(['committed'])
    other.exec('ROLLBACK')
  })

  it('classifies statements by what they do', () => {
    expect(isReadOnlySql('SELECT 1')).toBe(true)
    expect(isReadOnlySql('  -- a comment\n /* another */ select * from note')).toBe(true)
    expect(isReadOnlySql('WITH x AS (SELECT 1) SELECT * FROM x')).toBe(true)
    expect(isReadOnlySql('WITH x AS (SELECT 1) INSERT INTO note (body) SELECT * FROM x')).toBe(false)
    expect(isReadOnlySql('insert into note (body) values (1)')).toBe(false)
    expect(isReadOnlySql('UPDATE note SET body = 1')).toBe(false)
    expect(isReadOnlySql('DELETE FROM note')).toBe(false)
    expect(isReadOnlySql('CREATE TABLE t (x)')).toBe(false)
  })
})

describe('pathOfFileUrl', () => {
  it('reads the forms a file URL takes', () => {
    expect(pathOfFileUrl('file:./data/portalscope.db')).toBe('./data/portalscope.db')
    expect(pathOfFileUrl('file:/var/lib/ps.db')).toBe('/var/lib/ps.db')
    expect(pathOfFileUrl('file:///var/lib/ps.db')).toBe('/var/lib/ps.db')
    expect(pathOfFileUrl('file://localhost/var/lib/ps%20db.db')).toBe('/var/lib/ps db.db')
    expect(() => pathOfFileUrl('file://elsewhere/x.db')).toThrow()
  })
})
