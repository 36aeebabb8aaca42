import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient } from '@libsql/client'
import { drizzle } from 'drizzle-orm/libsql'
import { migrate } from 'drizzle-orm/libsql/migrator'

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/** Applies the committed migrations to a libSQL database (Node). Under Workers, wrangler applies the same files to D1. */
export async function migrateLibsql(url: string): Promise<void> {
  if (url.startsWith('file:')) {
    const file = url.slice('file:'.length)
    const dir = path.dirname(file)
    if (dir && dir !== '.') await mkdir(dir, { recursive: true })
  }
  const client = createClient({ url })
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER })
  } finally {
    client.close()
  }
}
