import { sql } from 'drizzle-orm'
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { portals } from './portal.ts'

export type HarvestRunError = { at: string; kind: string; message: string; dataset?: string }

/**
 * Why a harvest stopped before the portal's listing ended (issue 30): the portal sent a page with nothing new (it
 * ignores paging), or the run reached its ceiling on datasets, pages or working time (server/env.server.ts).
 */
export const HARVEST_STOP_REASONS = ['repeated-page', 'dataset-limit', 'page-limit', 'time-limit'] as const
export type HarvestStopReason = (typeof HARVEST_STOP_REASONS)[number]

// One harvest of one portal: its log (start, end, counts, errors, rate) and its checkpoint for resuming.
export const harvestRuns = sqliteTable(
  'harvest_run',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    portalId: text('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['full', 'incremental', 'import', 'demo'] }).notNull(),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] }).notNull(),
    trigger: text('trigger', { enum: ['user', 'schedule', 'cli', 'startup'] }).notNull(),
    requestedBy: text('requested_by'),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    // Incremental harvests ask for datasets modified since this CKAN timestamp.
    since: text('since'),
    // The checkpoint: the next package_search offset. A run that dies resumes from here.
    nextStart: integer('next_start').notNull().default(0),
    total: integer('total'),
    done: integer('done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    deleted: integer('deleted').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    errors: text('errors', { mode: 'json' }).$type<HarvestRunError[]>().notNull().default([]),
    // Datasets per second over the time this run was actually working.
    rate: real('rate'),
    activeMs: integer('active_ms').notNull().default(0),
    // Pages asked for so far (organization_list and package_search), against the ceiling on pages.
    pages: integer('pages').notNull().default(0),
    // Set when the run stopped early, with status 'failed'; such a run is not continued from its checkpoint.
    stopReason: text('stop_reason', { enum: HARVEST_STOP_REASONS }),
    // Whoever works on the run holds it until this time; a lease that lapsed means the worker died.
    leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
    heartbeatAt: integer('heartbeat_at', { mode: 'timestamp_ms' }),
  },
  (table) => [
    index('harvest_run_portal_idx').on(table.portalId, table.startedAt),
    // One harvest per portal at a time, whichever process (server, CLI, cron) started it.
    uniqueIndex('harvest_run_one_running_idx').on(table.portalId).where(sql`status = 'running'`),
  ],
)
