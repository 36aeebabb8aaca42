import { index, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { datasets } from './dataset.ts'

export const datasetTags = sqliteTable(
  'dataset_tag',
  {
    datasetId: text('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (table) => [primaryKey({ columns: [table.datasetId, table.name] }), index('dataset_tag_name_idx').on(table.name)],
)
