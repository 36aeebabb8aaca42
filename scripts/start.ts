// `npm start`: build the Node server when the sources are newer than the last build (scripts/node-build.ts), apply
// the database migrations, then serve. One process, one libSQL file; nothing else to install or run.
import { migrateLibsql } from '../db/migrate.server.ts'
import { buildNodeIfStale, SERVER_ENTRY } from './node-build.ts'

if (process.env.PORTALSCOPE_SKIP_BUILD !== '1') {
  try {
    await buildNodeIfStale()
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
}

const databaseUrl = process.env.DATABASE_URL ?? 'file:./data/portalscope.db'
process.env.DATABASE_URL = databaseUrl
await migrateLibsql(databaseUrl)
process.env.NODE_ENV = 'production'
await import(SERVER_ENTRY)
