import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { datasets } from './dataset.ts'

// A dataset's resource (CKAN's distribution), as the portal declared it, with the canonical format resolved from it
// when it was stored (lib/domain/formats.ts, docs/formats.md).
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
    // dcat:downloadURL, when the portal sends one (ckanext-dcat); `url` is the access URL.
    downloadUrl: text('download_url'),
    rights: text('rights'),
    // The declared format, trimmed but otherwise as sent ("CSV", "csv ", "text/csv" ... are all kept).
    format: text('format'),
    mimetype: text('mimetype'),
    size: integer('size'),
    created: text('created'),
    lastModified: text('last_modified'),
    canonicalFormat: text('canonical_format').notNull().default('unknown'),
    // Where the canonical format came from: the declared format, the mimetype, the URL, or nothing ('none').
    formatSource: text('format_source', { enum: ['format', 'mimetype', 'url', 'none'] }).notNull().default('none'),
    // The declared format disagrees with the mimetype or the URL (e.g. EXE declared, text/csv served).
    formatConflict: integer('format_conflict', { mode: 'boolean' }).notNull().default(false),
    openness: integer('openness').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.datasetKey, table.position] }),
    index('resource_format_idx').on(table.format),
    index('resource_canonical_format_idx').on(table.canonicalFormat),
  ],
)
