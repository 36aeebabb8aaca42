import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { portals } from './portal.ts'
import { harvestRuns } from './harvest-run.ts'

// Aggregates of one portal's snapshot, taken at the end of each harvest (server/queries/rollups.server.ts), so that pages
// never scan the catalogue. Every refresh is kept: a portal's rollups across harvests are its trend.
export const rollupRuns = sqliteTable(
  'rollup_run',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    portalId: text('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    harvestRunId: integer('harvest_run_id').references(() => harvestRuns.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    datasets: integer('datasets').notNull(),
    ms: integer('ms').notNull().default(0),
  },
  (table) => [index('rollup_run_portal_idx').on(table.portalId, table.id)],
)

// A scope is the whole portal ('portal', scope id ''), one of its organizations ('organization', the organization
// id; in rollup_format the datasets without an organization are under '') or a region ('region', the region id).
const scope = () => text('scope', { enum: ['portal', 'organization', 'region'] }).notNull()

export const rollupQuality = sqliteTable(
  'rollup_quality',
  {
    rollupId: integer('rollup_id')
      .notNull()
      .references(() => rollupRuns.id, { onDelete: 'cascade' }),
    scope: scope(),
    scopeId: text('scope_id').notNull(),
    datasets: integer('datasets').notNull(),
    resources: integer('resources').notNull(),
    // Sums over the datasets; averages are sum / datasets.
    points: real('points').notNull(),
    maxReachable: real('max_reachable').notNull(),
    scaled: real('scaled').notNull(),
    findability: real('findability').notNull(),
    accessibility: real('accessibility').notNull(),
    interoperability: real('interoperability').notNull(),
    reusability: real('reusability').notNull(),
    contextuality: real('contextuality').notNull(),
    pwExistence: real('pw_existence').notNull(),
    pwConformance: real('pw_conformance').notNull(),
    pwOpenness: real('pw_openness').notNull(),
    // Datasets per rating band, and those whose score is partial (an indicator was not checked).
    excellent: integer('excellent').notNull(),
    good: integer('good').notNull(),
    sufficient: integer('sufficient').notNull(),
    bad: integer('bad').notNull(),
    partial: integer('partial').notNull(),
    // JSON array: datasets failing MQA_INDICATORS[i] (in full or in part).
    failed: text('failed', { mode: 'json' }).$type<number[]>().notNull(),
    noExtent: integer('no_extent').notNull(),
    // Datasets placed in at least one kraj / one country.
    inKraj: integer('in_kraj').notNull(),
    inCountry: integer('in_country').notNull(),
  },
  (table) => [primaryKey({ columns: [table.rollupId, table.scope, table.scopeId] })],
)

export const rollupFormats = sqliteTable(
  'rollup_format',
  {
    rollupId: integer('rollup_id')
      .notNull()
      .references(() => rollupRuns.id, { onDelete: 'cascade' }),
    scope: scope(),
    scopeId: text('scope_id').notNull(),
    format: text('format').notNull(),
    resources: integer('resources').notNull(),
    datasets: integer('datasets').notNull(),
  },
  (table) => [primaryKey({ columns: [table.rollupId, table.scope, table.scopeId, table.format] })],
)

// The declared values behind each canonical format, whole portal only: "CSV", "csv ", "text/csv" ...
export const rollupRawFormats = sqliteTable(
  'rollup_raw_format',
  {
    rollupId: integer('rollup_id')
      .notNull()
      .references(() => rollupRuns.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    raw: text('raw').notNull(),
    resources: integer('resources').notNull(),
  },
  (table) => [primaryKey({ columns: [table.rollupId, table.format, table.raw] })],
)

// Who publishes about a region: datasets per organization and region.
export const rollupRegionOrganizations = sqliteTable(
  'rollup_region_organization',
  {
    rollupId: integer('rollup_id')
      .notNull()
      .references(() => rollupRuns.id, { onDelete: 'cascade' }),
    regionId: text('region_id').notNull(),
    organizationId: text('organization_id').notNull(),
    datasets: integer('datasets').notNull(),
  },
  (table) => [primaryKey({ columns: [table.rollupId, table.regionId, table.organizationId] })],
)

// The search facets the other rollups do not hold, whole portal only: datasets per licence, per group and per
// keyword. Keywords are case-folded and licences resolved to the licence table's key (`value`), with the tags or
// licence ids as sent behind each (`variants`), so that a chosen keyword or licence filters on all of them.
export const rollupFacets = sqliteTable(
  'rollup_facet',
  {
    rollupId: integer('rollup_id')
      .notNull()
      .references(() => rollupRuns.id, { onDelete: 'cascade' }),
    facet: text('facet', { enum: ['license', 'group', 'tag'] }).notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    datasets: integer('datasets').notNull(),
    variants: text('variants', { mode: 'json' }).$type<string[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.rollupId, table.facet, table.value] })],
)
