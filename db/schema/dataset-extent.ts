import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { datasets } from './dataset.ts'

// Where a dataset is about, from the ckanext-spatial `spatial` extra, bbox extras or a top-level `spatial` field.
export const datasetExtents = sqliteTable(
  'dataset_extent',
  {
    datasetKey: integer('dataset_key')
      .primaryKey()
      .references(() => datasets.key, { onDelete: 'cascade' }),
    source: text('source', { enum: ['spatial-extra', 'bbox-extras', 'spatial-field'] }).notNull(),
    west: real('west').notNull(),
    south: real('south').notNull(),
    east: real('east').notNull(),
    north: real('north').notNull(),
    // The GeoJSON geometry, normalised (a bbox becomes a Polygon).
    geometry: text('geometry', { mode: 'json' }).$type<{ type: string; coordinates: unknown }>().notNull(),
  },
  (table) => [index('dataset_extent_bbox_idx').on(table.west, table.east)],
)
