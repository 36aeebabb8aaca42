import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { portals } from './portal.ts'

// A publisher on one portal. `id` is `<portal slug>:<organization name>`, the form search facets return.
export const organizations = sqliteTable(
  'organization',
  {
    id: text('id').primaryKey(),
    portalId: text('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    ckanId: text('ckan_id'),
    name: text('name').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    // As the portal reports it; the harvested datasets are counted from the dataset table.
    packageCount: integer('package_count'),
    extra: text('extra', { mode: 'json' }).$type<Record<string, unknown>>(),
    harvestedAt: integer('harvested_at', { mode: 'timestamp_ms' }),
    // The publisher this organization is merged into across portals (server/analysis/publishers.server.ts); its own id
    // until the merge has run.
    publisherId: text('publisher_id'),
  },
  (table) => [index('organization_portal_idx').on(table.portalId), index('organization_publisher_idx').on(table.publisherId)],
)
