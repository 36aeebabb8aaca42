import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { users } from './user.ts'

// A CKAN catalogue the product watches. Its slug (`id`, e.g. `data-gov-cz`) is its public id everywhere: CLI, tRPC, URLs.
export const portals = sqliteTable('portal', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  baseUrl: text('base_url').notNull(),
  apiBase: text('api_base').notNull(),
  country: text('country'),
  languages: text('languages', { mode: 'json' }).$type<string[]>().notNull().default([]),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
  // Demo portals hold generated data for the offline first run; they are never called over the network.
  isDemo: integer('is_demo', { mode: 'boolean' }).notNull().default(false),
  addedBy: text('added_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  // Health, from the last check (status_show and a zero-row package_search).
  lastCheckedAt: integer('last_checked_at', { mode: 'timestamp_ms' }),
  lastOkAt: integer('last_ok_at', { mode: 'timestamp_ms' }),
  ckanVersion: text('ckan_version'),
  datasetCount: integer('dataset_count'),
  responseMs: integer('response_ms'),
  lastErrorKind: text('last_error_kind'),
  lastErrorMessage: text('last_error_message'),
})
