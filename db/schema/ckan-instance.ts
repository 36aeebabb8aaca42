import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

// A CKAN catalogue the product knows about. Its slug is its public id everywhere (CLI, tRPC, URLs).
export const ckanInstances = sqliteTable('ckan_instance', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  baseUrl: text('base_url').notNull(),
  apiBase: text('api_base').notNull(),
  country: text('country'),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
})
