import { integer, sqliteTable } from 'drizzle-orm/sqlite-core'

// The demo catalogue's load as every process sees it (the helper writes, the web server reads): one row, id 1,
// written in the load's own write slices, so the public pages can say it is still loading and how far it got.
export const demoLoads = sqliteTable('demo_load', {
  id: integer('id').primaryKey(),
  total: integer('total').notNull(),
  done: integer('done').notNull().default(0),
  startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
  // Every slice renews it: a load whose writer stopped (no write for a lease) no longer counts as loading.
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
})
