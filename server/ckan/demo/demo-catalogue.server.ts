import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { maxBoundParams, runRawBatch, type Database } from '../../../db/client.server.ts'
import { appSettings } from '../../../db/schema/app-setting.ts'
import { portals } from '../../../db/schema/portal.ts'
import { datasets } from '../../../db/schema/dataset.ts'
import { harvestRuns } from '../../../db/schema/harvest-run.ts'
import { refreshRollups } from '../../queries/rollups.server.ts'
import { LEASE_MS } from '../harvest/harvest.server.ts'
import { demoLoadFinished, demoLoadProgressed, demoLoadStarted } from '../../queries/demo-load.server.ts'
import { buildSlices, storeOrganizations, writeSlices } from '../harvest/ingest.server.ts'
import { OrganizationSchema, PackageSchema, type CkanPackage } from '../schemas.server.ts'
import { DEMO_DATASET_TOTAL, DEMO_PORTALS, demoOrganizations, demoPackages } from './generator.server.ts'

// The demo catalogue: three generated portals so that a fresh, offline installation shows a populated explorer.
// It goes through the same parsing and store as a harvest, is marked `is_demo` everywhere, and once an operator
// removes it (`npm run ckan -- demo remove`) it stays removed.

const REMOVED_KEY = 'demo-catalogue-removed'
const BATCH = 1000

export const DEMO_SLUGS = DEMO_PORTALS.map((portal) => portal.slug)

export async function demoCatalogueRemoved(db: Database): Promise<boolean> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, REMOVED_KEY)).limit(1)
  return row?.value === 'true'
}

/** Whether the database holds no datasets at all (the only time the demo catalogue is loaded by itself). */
async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(datasets).limit(1)
  return !row
}

/** Whether a demo portal was registered but its load never finished (the process stopped or failed midway). */
async function isIncomplete(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(portals)
    .where(
      and(
        eq(portals.isDemo, true),
        sql`NOT EXISTS (SELECT 1 FROM ${harvestRuns} WHERE ${harvestRuns.portalId} = ${portals.id} AND ${harvestRuns.status} = 'succeeded')`,
      ),
    )
    .limit(1)
  return !!row
}

/**
 * The demo run a loader may work on: a new one, or an unfinished one whose loader stopped (its lease lapsed), taken
 * over so that loading continues where it stopped. Null when a live loader holds it.
 */
async function claimRun(db: Database, slug: string, total: number): Promise<typeof harvestRuns.$inferSelect | null> {
  const now = new Date()
  const lease = new Date(now.getTime() + LEASE_MS)
  const [unfinished] = await db
    .select()
    .from(harvestRuns)
    .where(and(eq(harvestRuns.portalId, slug), eq(harvestRuns.mode, 'demo'), inArray(harvestRuns.status, ['running', 'failed'])))
    .orderBy(desc(harvestRuns.id))
    .limit(1)
  if (unfinished) {
    const [taken] = await db
      .update(harvestRuns)
      .set({ status: 'running', finishedAt: null, leaseUntil: lease, heartbeatAt: now })
      .where(and(eq(harvestRuns.id, unfinished.id), or(eq(harvestRuns.status, 'failed'), isNull(harvestRuns.leaseUntil), lt(harvestRuns.leaseUntil, now))))
      .returning()
    return taken ?? null
  }
  try {
    const [created] = await db.insert(harvestRuns).values({ portalId: slug, mode: 'demo', status: 'running', trigger: 'startup', startedAt: now, total, leaseUntil: lease }).returning()
    return created ?? null
  } catch {
    // Another process opened this portal's load between our look and our insert (one running run per portal).
    return null
  }
}

/**
 * Loads the three demo portals; portals already loaded are left as they are, and a load that stopped midway continues
 * from its last stored batch. Returns how many datasets were stored.
 */
export async function loadDemoCatalogue(db: Database, options: { onProgress?: (slug: string, done: number, total: number) => void | Promise<void> } = {}): Promise<number> {
  // The pages whose figures the load changes say it is loading, and how far it got, from here on.
  await runRawBatch(db, [{ sql: 'DELETE FROM app_setting WHERE key = ?', args: [REMOVED_KEY] }, demoLoadStarted(DEMO_DATASET_TOTAL, new Date())])
  let stored = 0
  let pending = [...DEMO_PORTALS]
  // A portal whose run another loader holds is tried again once that lease could have lapsed (a loader that stopped
  // a moment ago still holds one); a live loader renews it and finishes the portal itself.
  for (let round = 0; pending.length > 0 && round < 3; round++) {
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 1000))
    const held: typeof pending = []
    for (const portal of pending) {
      const result = await loadDemoPortal(db, portal, options)
      if (result === null) held.push(portal)
      else stored += result
    }
    pending = held
  }
  // A portal still held belongs to another loader, which finishes the load itself.
  if (pending.length === 0) await runRawBatch(db, [demoLoadFinished(new Date())])
  return stored
}

/** Loads one demo portal; the datasets it stored, or null when another loader holds its run. */
async function loadDemoPortal(
  db: Database,
  portal: (typeof DEMO_PORTALS)[number],
  options: { onProgress?: (slug: string, done: number, total: number) => void | Promise<void> },
): Promise<number | null> {
  {
    const [existing] = await db.select().from(portals).where(eq(portals.id, portal.slug)).limit(1)
    const [finished] = existing
      ? await db.select().from(harvestRuns).where(and(eq(harvestRuns.portalId, portal.slug), eq(harvestRuns.status, 'succeeded'))).limit(1)
      : []
    if (finished) return 0
    const now = new Date()
    if (!existing) {
      await db
        .insert(portals)
        .values({
          id: portal.slug,
          name: portal.name,
          baseUrl: portal.baseUrl,
          apiBase: `${portal.baseUrl}/api/3`,
          country: portal.country,
          languages: [...portal.languages],
          isDemo: true,
          createdAt: now,
        })
        .onConflictDoNothing()
    }
    const run = await claimRun(db, portal.slug, portal.datasets)
    // Another process is loading this portal right now.
    if (!run) return null
    await storeOrganizations(
      db,
      portal.slug,
      demoOrganizations(portal.slug).flatMap((raw) => {
        const parsed = OrganizationSchema.safeParse(raw)
        return parsed.success ? [parsed.data] : []
      }),
      now,
    )
    // The generator is deterministic: what an earlier loader stored (the run's `done`) is skipped, not stored again.
    const resumeAt = run.done
    let batch: CkanPackage[] = []
    let done = resumeAt
    const flush = async () => {
      if (batch.length === 0) return
      const now = new Date()
      const slices = buildSlices(portal.slug, batch, { runId: run.id, now }, maxBoundParams(db))
      // Each slice also moves the run's checkpoint and the load's progress on, in its own transaction: progress
      // costs no write of its own, and what it says is stored is stored.
      let reached = done
      for (const [index, slice] of slices.entries()) {
        reached = index === slices.length - 1 ? done + batch.length : reached + slice.ids.length
        slice.statements.push(
          { sql: 'UPDATE harvest_run SET done = ?, created = ?, heartbeat_at = ?, lease_until = ? WHERE id = ?', args: [reached, reached, now.getTime(), now.getTime() + LEASE_MS, run.id] },
          demoLoadProgressed(now),
        )
      }
      await writeSlices(db, slices)
      done += batch.length
      batch = []
      await options.onProgress?.(portal.slug, done, portal.datasets)
    }
    let position = 0
    for (const raw of demoPackages(portal.slug)) {
      if (position++ < resumeAt) continue
      const parsed = PackageSchema.safeParse(raw)
      if (parsed.success) batch.push(parsed.data)
      else done++
      if (batch.length >= BATCH) await flush()
    }
    await flush()
    const activeMs = Date.now() - run.startedAt.getTime()
    await db
      .update(harvestRuns)
      .set({ status: 'succeeded', finishedAt: new Date(), activeMs, rate: activeMs ? (done / activeMs) * 1000 : null, leaseUntil: null })
      .where(eq(harvestRuns.id, run.id))
    await db.update(portals).set({ datasetCount: done, lastCheckedAt: new Date(), lastOkAt: new Date() }).where(eq(portals.id, portal.slug))
    await refreshRollups(db, portal.slug, { harvestRunId: run.id })
    return done - resumeAt
  }
}

/**
 * Loads the demo catalogue into an empty database, or completes one that an earlier start left half-loaded, unless an
 * operator removed it before.
 */
export async function ensureDemoCatalogue(db: Database): Promise<number> {
  if (await demoCatalogueRemoved(db)) return 0
  if (!(await isEmpty(db)) && !(await isIncomplete(db))) return 0
  return loadDemoCatalogue(db)
}

/** Removes the demo portals with all their data, and remembers not to load them again. */
export async function removeDemoCatalogue(db: Database): Promise<number> {
  const removed = await db.delete(portals).where(and(inArray(portals.id, DEMO_SLUGS), eq(portals.isDemo, true))).returning({ id: portals.id })
  await db
    .insert(appSettings)
    .values({ key: REMOVED_KEY, value: 'true', updatedAt: new Date() })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: 'true', updatedAt: new Date() } })
  return removed.length
}
