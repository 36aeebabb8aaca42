import { sql } from 'drizzle-orm'
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { portals } from './portal.ts'
import { harvestRuns } from './harvest-run.ts'

// A dataset as last harvested. `id` is `<portal slug>:<CKAN dataset UUID>` (docs/api.md). `key` is the integer
// row id that the full-text index (dataset_fts, kept in step by triggers) and the resource, tag, group and extent
// tables refer to: new datasets get ascending keys, so their rows append instead of landing all over an index of
// text ids (bench/harvest.ts). Nothing outside the database uses it.
export const datasets = sqliteTable(
  'dataset',
  {
    key: integer('key').primaryKey(),
    id: text('id').notNull(),
    portalId: text('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    ckanId: text('ckan_id').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    notes: text('notes'),
    url: text('url'),
    // `<portal slug>:<organization name>`, as organizations are identified (organization.ts).
    organizationId: text('organization_id'),
    licenseId: text('license_id'),
    licenseTitle: text('license_title'),
    maintainer: text('maintainer'),
    maintainerEmail: text('maintainer_email'),
    author: text('author'),
    authorEmail: text('author_email'),
    metadataCreated: integer('metadata_created', { mode: 'timestamp_ms' }),
    metadataModified: integer('metadata_modified', { mode: 'timestamp_ms' }),
    // CKAN's own text of metadata_modified, exactly as sent: incremental harvests ask from it.
    metadataModifiedRaw: text('metadata_modified_raw'),
    // Tags, groups and the publisher's title folded into one text for the full-text index.
    keywords: text('keywords').notNull().default(''),
    resourceCount: integer('resource_count').notNull().default(0),
    // Everything else the portal sent (extras and unknown fields), so nothing is lost before analysis.
    extra: text('extra', { mode: 'json' }).$type<Record<string, unknown>>(),
    harvestedAt: integer('harvested_at', { mode: 'timestamp_ms' }),
    // The harvest that last saw it; a full harvest marks the ones it did not see as deleted.
    lastSeenRun: integer('last_seen_run').references(() => harvestRuns.id, { onDelete: 'set null' }),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    // The metadata quality score (server/analysis/mqa-score.server.ts, docs/quality.md), computed when the dataset is stored and
    // again when a link check changes what is reachable; null until analysed. The breakdown is recomputed on demand
    // from the stored rows, so only what the rollups sum is kept here.
    qualityPoints: real('quality_points'),
    // The most it could have earned: 405 less the weight of the indicators that were not checked.
    qualityMax: real('quality_max'),
    // The points scaled to 405, which the rating band is read from.
    qualityScaled: integer('quality_scaled'),
    // Bit i is set when MQA_INDICATORS[i] failed or passed only in part.
    qualityFailed: integer('quality_failed'),
    qualityFindability: real('quality_findability'),
    qualityAccessibility: real('quality_accessibility'),
    qualityInteroperability: real('quality_interoperability'),
    qualityReusability: real('quality_reusability'),
    qualityContextuality: real('quality_contextuality'),
    // Open Data Portal Watch ratios, 0 to 1.
    pwExistence: real('pw_existence'),
    pwConformance: real('pw_conformance'),
    pwOpenness: real('pw_openness'),
  },
  (table) => [
    uniqueIndex('dataset_id_idx').on(table.id),
    index('dataset_portal_name_idx').on(table.portalId, table.name),
    index('dataset_portal_modified_idx').on(table.portalId, table.metadataModified),
    index('dataset_organization_idx').on(table.organizationId),
    index('dataset_portal_quality_idx').on(table.portalId, table.qualityScaled),
    // One portal's live datasets in key order (the index ends in the key): the rollups aggregate a whole portal by
    // reading its rows front to back instead of in score order, which at 30,000 datasets took twice as long.
    index('dataset_portal_live_idx').on(table.portalId).where(sql`deleted_at IS NULL`),
    // The snapshot search walks live datasets newest first without sorting (docs/decisions/019-search.md): the
    // whole catalogue, or one organization's datasets.
    index('dataset_live_modified_idx').on(table.metadataModified).where(sql`deleted_at IS NULL`),
    index('dataset_live_organization_modified_idx').on(table.organizationId, table.metadataModified).where(sql`deleted_at IS NULL`),
    // Sorted by name (case-folded title, then newest key, as the search orders them), read in order up to the page.
    index('dataset_live_title_idx').on(sql`${table.title} COLLATE NOCASE`, sql`${table.key} DESC`).where(sql`deleted_at IS NULL`),
  ],
)
