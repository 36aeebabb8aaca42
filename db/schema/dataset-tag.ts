import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { datasets } from './dataset.ts'

export const datasetTags = sqliteTable(
  'dataset_tag',
  {
    datasetKey: integer('dataset_key')
      .notNull()
      .references(() => datasets.key, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (table) => [primaryKey({ columns: [table.datasetKey, table.name] }), index('dataset_tag_name_idx').on(table.name)],
)
