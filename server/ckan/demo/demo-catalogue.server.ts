import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../../db/client.server.ts'
import { appSettings } from '../../../db/schema/app-setting.ts'
import { portals } from '../../../db/schema/portal.ts'
import { datasets } from '../../../db/schema/dataset.ts'
import { harvestRuns } from '../../../db/schema/harvest-run.ts'
import { refreshRollups } from '../../queries/rollups.server.ts'
import { storeOrganizations, storePackages } from '../harvest/ingest.server.ts'
import { OrganizationSchema, PackageSchema, type CkanPackage } from '../schemas.server.ts'
import { DEMO_PORTALS, demoOrganizations, demoPackages } from './generator.server.ts'

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

/** Loads the three demo portals; portals already loaded are left as they are. Returns how many datasets were stored. */
export async function loadDemoCatalogue(db: Database, options: { onProgress?: (slug: string, done: number, total: number) => void } = {}): Promise<number> {
  await db.delete(appSettings).where(eq(appSettings.key, REMOVED_KEY))
  let stored = 0
  for (const portal of DEMO_PORTALS) {
    const [existing] = await db.select().from(portals).where(eq(portals.id, portal.slug)).limit(1)
    const [finished] = existing
      ? await db.select().from(harvestRuns).where(and(eq(harvestRuns.portalId, portal.slug), eq(harvestRuns.status, 'succeeded'))).limit(1)
      : []
    if (finished) continue
    const now = new Date()
    if (!existing) {
      await db.insert(portals).values({
        id: portal.slug,
        name: portal.name,
        baseUrl: portal.baseUrl,
        apiBase: `${portal.baseUrl}/api/3`,
        country: portal.country,
        languages: [...portal.languages],
        isDemo: true,
        createdAt: now,
      })
    }
    let run: typeof harvestRuns.$inferSelect
    try {
      const [created] = await db.insert(harvestRuns).values({ portalId: portal.slug, mode: 'demo', status: 'running', trigger: 'startup', startedAt: now, total: portal.datasets, leaseUntil: new Date(Date.now() + 60_000) }).returning()
      run = created!
    } catch {
      // Another process is loading this portal right now.
      continue
    }
    await storeOrganizations(
      db,
      portal.slug,
      demoOrganizations(portal.slug).flatMap((raw) => {
        const parsed = OrganizationSchema.safeParse(raw)
        return parsed.success ? [parsed.data] : []
      }),
      now,
    )
    let batch: CkanPackage[] = []
    let done = 0
    const flush = async () => {
      if (batch.length === 0) return
      await storePackages(db, portal.slug, batch, { runId: run.id, now: new Date() })
      done += batch.length
      batch = []
      await db.update(harvestRuns).set({ done, created: done, heartbeatAt: new Date(), leaseUntil: new Date(Date.now() + 60_000) }).where(eq(harvestRuns.id, run.id))
      options.onProgress?.(portal.slug, done, portal.datasets)
    }
    for (const raw of demoPackages(portal.slug)) {
      const parsed = PackageSchema.safeParse(raw)
      if (parsed.success) batch.push(parsed.data)
      if (batch.length >= BATCH) await flush()
    }
    await flush()
    const activeMs = Date.now() - now.getTime()
    await db
      .update(harvestRuns)
      .set({ status: 'succeeded', finishedAt: new Date(), activeMs, rate: activeMs ? (done / activeMs) * 1000 : null, leaseUntil: null })
      .where(eq(harvestRuns.id, run.id))
    await db.update(portals).set({ datasetCount: done, lastCheckedAt: new Date(), lastOkAt: new Date() }).where(eq(portals.id, portal.slug))
    await refreshRollups(db, portal.slug, { harvestRunId: run.id })
    stored += done
  }
  return stored
}

/** Loads the demo catalogue into an empty database unless an operator removed it before. */
export async function ensureDemoCatalogue(db: Database): Promise<number> {
  if ((await demoCatalogueRemoved(db)) || !(await isEmpty(db))) return 0
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
