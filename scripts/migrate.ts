import { migrateLibsql } from '../db/migrate.server.ts'

const url = process.env.DATABASE_URL ?? 'file:./data/portalscope.db'
await migrateLibsql(url)
console.log(`Database ready: ${url.replace(/\/\/[^@/]*@/, '//***@')}`)
