import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { datasets } from './dataset.ts'

// CKAN groups (themes) a dataset belongs to; `name` is the group's name on its portal.
export const datasetGroups = sqliteTable(
  'dataset_group',
  {
    datasetKey: integer('dataset_key')
      .notNull()
      .references(() => datasets.key, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title'),
  },
  (table) => [primaryKey({ columns: [table.datasetKey, table.name] }), index('dataset_group_name_idx').on(table.name)],
)
