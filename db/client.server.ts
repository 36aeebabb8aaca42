import type { D1Database } from '@cloudflare/workers-types'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleD1 } from 'drizzle-orm/d1'
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import * as schema from './schema/index.ts'
import type { WriterRole } from './sqlite-connection.server.ts'

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

/**
 * Runs a raw read with positional `?` parameters and answers its rows as arrays of values in column order, for
 * aggregates computed before a short write (rollups).
 */
export async function readRaw(db: Database, statement: RawStatement): Promise<unknown[][]> {
  const parts = statement.sql.split('?')
  if (parts.length - 1 !== statement.args.length) throw new Error(`readRaw: ${parts.length - 1} placeholders, ${statement.args.length} values`)
  const query = sql.join(parts.flatMap((part, index) => (index < statement.args.length ? [sql.raw(part), sql`${statement.args[index]}`] : [sql.raw(part)])))
  const rows = await db.values<unknown[]>(query)
  return rows.map((row) => Array.from(row as ArrayLike<unknown>))
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
export async function runBatch(db: Database, statements: unknown[]): Promise<unknown[]> {
  if (statements.length === 0) return []
  const d1 = d1Bindings.get(db)
  if (d1) for (const statement of statements) prepareRawForD1(statement, d1)
  return (db as unknown as Batchable).batch(statements as [unknown, ...unknown[]])
}

/** The rows a raw statement (`db.run(sql\`...\`)`) changed: libSQL answers `rowsAffected`, D1 `meta.changes`. */
export function affectedRows(result: unknown): number {
  const value = result as { rowsAffected?: number; meta?: { changes?: number }; changes?: number }
  return value.rowsAffected ?? value.meta?.changes ?? value.changes ?? 0
}

const d1Bindings = new WeakMap<object, D1Database>()

/**
 * drizzle's D1 batch binds a statement's parameters on its prepared D1 statement (`stmt`), which a raw statement
 * (`db.run(sql\`...\`)`: INSERT ... SELECT with conditions, used by audit events and rate limits) does not have;
 * with parameters it failed with "Cannot read properties of undefined (reading 'bind')". Give it one.
 */
function prepareRawForD1(statement: unknown, d1: D1Database): void {
  const raw = statement as { _prepare?: () => unknown; getQuery?: () => { sql: string }; stmt?: unknown }
  if (typeof raw._prepare !== 'function' || typeof raw.getQuery !== 'function' || raw._prepare() !== raw || raw.stmt !== undefined) return
  raw.stmt = d1.prepare(raw.getQuery().sql)
}

const libsqlByKey = new Map<string, Promise<Database>>()
const urls = new WeakMap<object, string>()

/** The libSQL URL a database was opened from (null for D1), so that a helper process can open the same file. */
export function databaseUrlOf(db: Database): string | null {
  return urls.get(db) ?? null
}

export type { WriterRole }

/**
 * The same database opened as a background writer, for work a request starts but nobody waits for (a portal's link
 * check, a harvest without a helper process): it yields the write lock to people's writes. D1 has no such roles.
 */
export async function backgroundDbFor(db: Database): Promise<Database> {
  const url = urls.get(db)
  return url ? createDb({ url }, { role: 'background' }) : db
}

/**
 * Picks the driver from what the runtime offers: a D1 binding under Workers, a libSQL URL on Node.
 * libSQL clients are cached per URL and writer role, so that every request shares one set of connections to a file.
 */
export function createDb(source: DatabaseSource, options: { role?: WriterRole; lockWaitMs?: number } = {}): Promise<Database> {
  if ('d1' in source) {
    const d1 = drizzleD1(source.d1, { schema }) as unknown as Database
    paramLimits.set(d1, D1_MAX_PARAMS)
    d1Bindings.set(d1, source.d1)
    rawBatches.set(d1, async (statements) => {
      await source.d1.batch(statements.map((statement) => source.d1.prepare(statement.sql).bind(...statement.args)))
    })
    return Promise.resolve(d1)
  }
  // People's writes unless the caller says otherwise (the CLI, the helper process and store threads say background).
  const role = options.role ?? 'interactive'
  const key = `${role} ${options.lockWaitMs ?? ''} ${source.url}`
  let db = libsqlByKey.get(key)
  if (!db) {
    db = openLibsql(source.url, role, options.lockWaitMs)
    libsqlByKey.set(key, db)
    db.catch(() => libsqlByKey.delete(key))
  }
  return db
}

async function openLibsql(url: string, role: WriterRole, lockWaitMs: number | undefined): Promise<Database> {
  // Imported lazily so that the Workers bundle never loads the libSQL driver.
  const { drizzle } = await import('drizzle-orm/libsql')
  let client: Parameters<typeof drizzle>[0]
  if (url.startsWith('file:')) {
    // Files get our own client: the same settings on every connection, writes that take the lock up front and
    // yield to people (db/sqlite-file.server.ts).
    const { SqliteFileClient, pathOfFileUrl } = await import('./sqlite-file.server.ts')
    client = new SqliteFileClient(pathOfFileUrl(url), role, lockWaitMs === undefined ? {} : { lockWaitMs })
  } else {
    // A libSQL server (sqld, Turso) orders writes itself.
    const { createClient } = await import('@libsql/client')
    client = createClient({ url })
  }
  const db = drizzle(client, { schema }) as unknown as Database
  paramLimits.set(db, SQLITE_MAX_PARAMS)
  urls.set(db, url)
  rawBatches.set(db, async (statements) => {
    await client.batch(statements, 'write')
  })
  return db
}
