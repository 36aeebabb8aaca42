import type { Database } from '../../db/client.server.ts'
import { runHarvest, type RunOptions } from '../ckan/harvest/harvest.server.ts'
import { loadDemoIfEmpty } from './demo-load.server.ts'
import { harvestTick, type TickOptions } from './harvest.server.ts'
import { linkCheckTick } from './link-check.server.ts'
import { runQueuedChecks, startScheduledRuns, type AutomatedChecksOptions } from './automated-checks.server.ts'
import { refreshRollupsJob } from './rollup-refresh.server.ts'
import { mapBuildJob } from './map-build.server.ts'
import type { LinkCheckOptions } from '../outbound/link-check.server.ts'

// Every background job by name: a function of the database and its options. The Node helper process
// (`scripts/ckan.ts background` and `harvest --run`, server/jobs/triggers.server.ts) and the Workers Cron Trigger
// (`scheduled`, the same file) dispatch here, so a new job is written once and runs on both (docs/decisions/011).

export const JOBS = {
  /** The generated demo catalogue on an empty database (Node only). */
  'demo-load': (db: Database, _options: Record<string, never>) => loadDemoIfEmpty(db),
  /** Rollups of snapshots that have none yet, or of every portal. */
  'rollup-refresh': (db: Database, options: { all?: boolean }) => refreshRollupsJob(db, options),
  /** Work on one harvest run from its checkpoint (to the end, or for a time budget). */
  harvest: (db: Database, options: RunOptions & { runId: number }) => {
    const { runId, ...run } = options
    return runHarvest(db, runId, run)
  },
  /** A few due resource links, checked politely within a time budget; their datasets re-scored. */
  'link-check': (db: Database, options: LinkCheckOptions & { limit: number; budgetMs: number }) => linkCheckTick(db, options),
  /** Queued automated checks of test runs, a few at once, within a time budget (server/jobs/automated-checks.server.ts). */
  'automated-checks': (db: Database, options: AutomatedChecksOptions) => runQueuedChecks(db, options),
  /** Runs of the suites whose schedule is due, with their automated checks queued. */
  'suite-schedules': (db: Database, _options: Record<string, never>) => startScheduledRuns(db),
  /** The map's points and tiles when the rollups changed since the last build, or always with `force` (Node only: never in a Worker). */
  'map-build': (db: Database, options: { force?: boolean }) => mapBuildJob(db, options),
  /** The scheduler's round: runs left behind, the portals that are due, then a few links (server/jobs/harvest.server.ts). */
  'scheduled-tick': (db: Database, options: TickOptions) => harvestTick(db, options),
} as const

export type JobName = keyof typeof JOBS
export type JobOptions<N extends JobName> = Parameters<(typeof JOBS)[N]>[1]
export type JobResult<N extends JobName> = Awaited<ReturnType<(typeof JOBS)[N]>>

/** Runs a background job by name. */
export function runJob<N extends JobName>(name: N, db: Database, options: JobOptions<N>): Promise<JobResult<N>> {
  const job = JOBS[name] as (db: Database, options: JobOptions<N>) => Promise<JobResult<N>>
  return job(db, options)
}
