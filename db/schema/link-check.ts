import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

// The latest check of one URL (server/outbound/link-check.server.ts). Keyed by URL: a file linked from many datasets or
// portals is checked once, and every resource with that URL reads the same result.
export const linkChecks = sqliteTable('link_check', {
  url: text('url').primaryKey(),
  ok: integer('ok', { mode: 'boolean' }).notNull(),
  status: integer('status'),
  contentType: text('content_type'),
  size: integer('size'),
  finalUrl: text('final_url'),
  error: text('error'),
  method: text('method'),
  checkedAt: integer('checked_at', { mode: 'timestamp_ms' }).notNull(),
  ms: integer('ms').notNull(),
})
