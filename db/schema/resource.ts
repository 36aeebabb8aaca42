import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { datasets } from './dataset.ts'

// A dataset's resource (CKAN's distribution), as the portal declared it. Canonical formats are derived from these.
export const resources = sqliteTable(
  'resource',
  {
    datasetKey: integer('dataset_key')
      .notNull()
      .references(() => datasets.key, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    ckanId: text('ckan_id'),
    name: text('name'),
    description: text('description'),
    url: text('url'),
    // The declared format, trimmed but otherwise as sent ("CSV", "csv ", "text/csv" ... are all kept).
    format: text('format'),
    mimetype: text('mimetype'),
    size: integer('size'),
    created: text('created'),
    lastModified: text('last_modified'),
  },
  (table) => [primaryKey({ columns: [table.datasetKey, table.position] }), index('resource_format_idx').on(table.format)],
)
