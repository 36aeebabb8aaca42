import type { D1Database } from '@cloudflare/workers-types'
import { drizzle as drizzleD1 } from 'drizzle-orm/d1'
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import * as schema from './schema/index.ts'

export type Schema = typeof schema
/** The one database type the app codes against: libSQL on Node and D1 on Workers are both async SQLite. */
export type Database = BaseSQLiteDatabase<'async', unknown, Schema>

export const DEFAULT_DATABASE_URL = 'file:./data/portalscope.db'

export type DatabaseSource = { d1: D1Database } | { url: string }

const libsqlByUrl = new Map<string, Promise<Database>>()

/**
 * Picks the driver from what the runtime offers: a D1 binding under Workers, a libSQL URL on Node.
 * libSQL clients are cached per URL so that every request shares one connection to the file.
 */
export function createDb(source: DatabaseSource): Promise<Database> {
  if ('d1' in source) return Promise.resolve(drizzleD1(source.d1, { schema }) as unknown as Database)
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
    await client.execute('PRAGMA foreign_keys = ON')
  }
  return drizzle(client, { schema }) as unknown as Database
}
