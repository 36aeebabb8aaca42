import { and, desc, eq, isNull, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server.ts'
import { datasets } from '../../db/schema/dataset.ts'
import { harvestRuns } from '../../db/schema/harvest-run.ts'
import type { HarvestRun } from '../ckan/harvest/harvest.server.ts'

// Reads of the harvest log (harvest_run) for the harvest router and the scheduler. The harvest pipeline itself
// (server/ckan/harvest/) writes the log as it works.

/** One pass over the log for every portal at once (the scheduler's tick runs every minute). */
export async function harvestLogByPortal(db: Database) {
  return db
    .select({
      portalId: harvestRuns.portalId,
      lastStarted: sql<number>`max(${harvestRuns.startedAt})`,
      running: sql<number>`max(${harvestRuns.status} = 'running')`,
      lastFull: sql<number | null>`max(CASE WHEN ${harvestRuns.mode} = 'full' AND ${harvestRuns.status} = 'succeeded' THEN ${harvestRuns.startedAt} END)`,
    })
    .from(harvestRuns)
    .groupBy(harvestRuns.portalId)
}

/** The run in progress and the latest finished ones, newest first: a portal's harvest log. */
export async function harvestHistory(db: Database, portalId: string, limit = 10): Promise<HarvestRun[]> {
  return db.select().from(harvestRuns).where(eq(harvestRuns.portalId, portalId)).orderBy(desc(harvestRuns.id)).limit(limit)
}

/** The portal's last harvest that succeeded, however many failed since (the log shows only the latest runs). */
export async function lastSucceededRun(db: Database, portalId: string): Promise<HarvestRun | null> {
  const [run] = await db
    .select()
    .from(harvestRuns)
    .where(and(eq(harvestRuns.portalId, portalId), eq(harvestRuns.status, 'succeeded')))
    .orderBy(desc(harvestRuns.id))
    .limit(1)
  return run ?? null
}

/** How many datasets of a portal the snapshot holds (not deleted). */
export async function snapshotCount(db: Database, portalId: string): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)` }).from(datasets).where(and(eq(datasets.portalId, portalId), isNull(datasets.deletedAt)))
  return row?.count ?? 0
}

export type HarvestOverview = { portalId: string; datasets: number | null; latest: HarvestRun | null; running: HarvestRun | null; lastSucceeded: HarvestRun | null }

/**
 * Every portal's latest run, the one running and the last that succeeded, in two queries whatever the number of
 * portals (a registry page shows them all). The dataset count is the one the latest rollup took, not a count of the
 * snapshot, which at a million datasets would cost a scan per portal.
 */
export async function harvestOverview(db: Database): Promise<HarvestOverview[]> {
  const runs = await db
    .select()
    .from(harvestRuns)
    .where(
      or(
        sql`${harvestRuns.id} IN (SELECT max(id) FROM harvest_run GROUP BY portal_id)`,
        sql`${harvestRuns.id} IN (SELECT max(id) FROM harvest_run WHERE status = 'succeeded' GROUP BY portal_id)`,
        eq(harvestRuns.status, 'running'),
      ),
    )
    .orderBy(desc(harvestRuns.id))
  const counts = await db.all<{ portal_id: string; datasets: number }>(
    sql`SELECT portal_id, datasets FROM rollup_run WHERE id IN (SELECT max(id) FROM rollup_run GROUP BY portal_id)`,
  )
  const countOf = new Map(counts.map((row) => [row.portal_id, row.datasets]))
  const byPortal = new Map<string, HarvestRun[]>()
  for (const run of runs) byPortal.set(run.portalId, [...(byPortal.get(run.portalId) ?? []), run])
  const portalIds = new Set([...byPortal.keys(), ...countOf.keys()])
  return [...portalIds].map((portalId) => {
    const own = byPortal.get(portalId) ?? []
    return {
      portalId,
      datasets: countOf.get(portalId) ?? null,
      latest: own[0] ?? null,
      running: own.find((run) => run.status === 'running') ?? null,
      lastSucceeded: own.find((run) => run.status === 'succeeded') ?? null,
    }
  })
}
