import type { D1Database } from '@cloudflare/workers-types'
import { drizzle as drizzleD1 } from 'drizzle-orm/d1'
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import * as schema from './schema/index.ts'

export type Schema = typeof schema
/** The one database type the app codes against: libSQL on Node and D1 on Workers are both async SQLite. */
export type Database = BaseSQLiteDatabase<'async', unknown, Schema>

export const DEFAULT_DATABASE_URL = 'file:./data/portalscope.db'

export type DatabaseSource = { d1: D1Database } | { url: string }

// D1 refuses statements with more than 100 bound parameters; SQLite (libSQL) allows 32,766.
const D1_MAX_PARAMS = 100
const SQLITE_MAX_PARAMS = 32_766
const paramLimits = new WeakMap<object, number>()

/** A statement in SQL with positional `?` parameters, for bulk writes that skip the query builder. */
export type RawStatement = { sql: string; args: Array<string | number | null> }
type RawBatch = (statements: RawStatement[]) => Promise<void>
const rawBatches = new WeakMap<object, RawBatch>()

/**
 * Runs raw statements atomically in one batch. Harvest ingest writes thousands of rows a second; building those
 * statements through drizzle costs more than SQLite takes to run them (bench/harvest.ts), so bulk writes come here.
 */
export async function runRawBatch(db: Database, statements: RawStatement[]): Promise<void> {
  if (statements.length === 0) return
  const run = rawBatches.get(db)
  if (!run) throw new Error('This database was not opened through createDb')
  await run(statements)
}

/** How many values one statement may bind on this database, so that bulk writes can size their chunks. */
export function maxBoundParams(db: Database): number {
  return paramLimits.get(db) ?? D1_MAX_PARAMS
}

type Batchable = { batch: (statements: [unknown, ...unknown[]]) => Promise<unknown[]> }

/**
 * Runs statements as one atomic unit on both drivers: D1 has no interactive transactions, so writes that belong
 * together go through batch(), which libSQL runs in one transaction too.
 */
export async function runBatch(db: Database, statements: unknown[]): Promise<void> {
  if (statements.length === 0) return
  await (db as unknown as Batchable).batch(statements as [unknown, ...unknown[]])
}

const libsqlByUrl = new Map<string, Promise<Database>>()
const urls = new WeakMap<object, string>()

/** The libSQL URL a database was opened from (null for D1), so that a helper process can open the same file. */
export function databaseUrlOf(db: Database): string | null {
  return urls.get(db) ?? null
}

/**
 * Picks the driver from what the runtime offers: a D1 binding under Workers, a libSQL URL on Node.
 * libSQL clients are cached per URL so that every request shares one connection to the file.
 */
export function createDb(source: DatabaseSource): Promise<Database> {
  if ('d1' in source) {
    const d1 = drizzleD1(source.d1, { schema }) as unknown as Database
    paramLimits.set(d1, D1_MAX_PARAMS)
    rawBatches.set(d1, async (statements) => {
      await source.d1.batch(statements.map((statement) => source.d1.prepare(statement.sql).bind(...statement.args)))
    })
    return Promise.resolve(d1)
  }
  let db = libsqlByUrl.get(source.url)
  if (!db) {
    db = openLibsql(source.url)
    libsqlByUrl.set(source.url, db)
  }
  return db
}

async function openLibsql(url: string): Promise<Database> {
  // Imported lazily so that the Workers bundle never loads the libSQL client.
  const [{ createClient }, { drizzle }] = await Promise.all([
    import('@libsql/client'),
    import('drizzle-orm/libsql'),
  ])
  const client = createClient({ url })
  if (url.startsWith('file:')) {
    // The CLI and the server may share one file: WAL lets readers and a writer work at once, and the busy
    // timeout makes a second writer wait instead of failing at once.
    await client.execute('PRAGMA journal_mode = WAL')
    await client.execute('PRAGMA busy_timeout = 5000')
    // Safe with WAL (a crash loses at most the last commits, never the file) and spares an fsync per commit.
    await client.execute('PRAGMA synchronous = NORMAL')
    // 64 MiB of page cache (the default is 2 MiB): harvest writes land all over the id indexes of a large snapshot.
    await client.execute('PRAGMA cache_size = -65536')
    // Checkpoint the WAL every ~40 MiB instead of every 4 MiB: each checkpoint costs an fsync, which made up most
    // of a harvest page's write time (bench/harvest.ts).
    await client.execute('PRAGMA wal_autocheckpoint = 10000')
    await client.execute('PRAGMA foreign_keys = ON')
  }
  const db = drizzle(client, { schema }) as unknown as Database
  paramLimits.set(db, SQLITE_MAX_PARAMS)
  urls.set(db, url)
  rawBatches.set(db, async (statements) => {
    await client.batch(statements, 'write')
  })
  return db
}
