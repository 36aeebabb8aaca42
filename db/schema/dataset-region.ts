import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { datasets } from './dataset.ts'

// The regions a dataset's extent falls in (server/analysis/regions.server.ts, docs/regions.md): NUTS3 ids for Czech kraje
// (`CZ010`), ISO 3166-1 alpha-2 for countries (`CZ`). A dataset without an extent has no rows: never guessed.
export const datasetRegions = sqliteTable(
  'dataset_region',
  {
    datasetKey: integer('dataset_key')
      .notNull()
      .references(() => datasets.key, { onDelete: 'cascade' }),
    regionId: text('region_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.datasetKey, table.regionId] }), index('dataset_region_region_idx').on(table.regionId, table.datasetKey)],
)
