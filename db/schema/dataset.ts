import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { ckanInstances } from './ckan-instance.ts'

// A dataset as last harvested. `id` is `<instance slug>:<CKAN dataset UUID>` (docs/api.md).
export const datasets = sqliteTable(
  'dataset',
  {
    id: text('id').primaryKey(),
    instanceId: text('instance_id')
      .notNull()
      .references(() => ckanInstances.id, { onDelete: 'cascade' }),
    ckanId: text('ckan_id').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    notes: text('notes'),
    metadataModified: integer('metadata_modified', { mode: 'timestamp_ms' }),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  },
  (table) => [
    uniqueIndex('dataset_instance_name_idx').on(table.instanceId, table.name),
    index('dataset_instance_idx').on(table.instanceId),
  ],
)
