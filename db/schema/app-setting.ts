import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

// Small facts the installation remembers, such as that the operator removed the demo catalogue.
export const appSettings = sqliteTable('app_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
})
