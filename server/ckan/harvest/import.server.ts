import { eq } from 'drizzle-orm'
import type { Database } from '../../../db/client.server.ts'
import { portals } from '../../../db/schema/portal.ts'
import { harvestRuns, type HarvestRunError } from '../../../db/schema/harvest-run.ts'
import { PackageSchema, type CkanPackage } from '../schemas.server.ts'
import { activeRun, HarvestError, type HarvestRun } from './harvest.server.ts'
import { refreshRollups } from '../../queries/rollups.server.ts'
import { storePackages } from './ingest.server.ts'
import { madeBy } from '../../../lib/made-by.ts'

// A `ckanapi dump datasets` file (one package_show dict per line) as a harvest source: the same parsing, the same
// store, logged as a run of mode 'import'. Useful for portals that cannot be reached from the server.

const BATCH = 1000
const MAX_STORED_ERRORS = 20

export async function importJsonl(
  db: Database,
  portalId: string,
  lines: AsyncIterable<string>,
  options: { onProgress?: (run: HarvestRun) => void } = {},
): Promise<HarvestRun> {
  const [portal] = await db.select().from(portals).where(eq(portals.id, portalId)).limit(1)
  if (!portal) throw new HarvestError('not-found', `No portal with the slug ${portalId}`)
  if (await activeRun(db, portalId)) throw new Error(`A harvest of ${portalId} is running; import when it has finished`)
  const started = Date.now()
  const [created] = await db
    .insert(harvestRuns)
    .values({ portalId, mode: 'import', status: 'running', trigger: 'cli', startedAt: new Date(started), leaseUntil: new Date(started + 60_000) })
    .returning()
  let run = created!
  const errors: HarvestRunError[] = []
  let errorCount = 0
  let batch: CkanPackage[] = []
  let lineNo = 0
  let done = 0
  let createdCount = 0
  let updatedCount = 0
  let skipped = 0

  const fail = (message: string) => {
    errorCount++
    errors.push({ at: new Date().toISOString(), kind: 'malformed', message })
    if (errors.length > MAX_STORED_ERRORS) errors.shift()
  }
  const flush = async () => {
    const stored = await storePackages(db, portalId, batch, { runId: run.id, now: new Date() })
    createdCount += stored.created
    updatedCount += stored.updated
    batch = []
    const activeMs = Date.now() - started
    const [saved] = await db
      .update(harvestRuns)
      .set({ done, created: createdCount, updated: updatedCount, skipped, errorCount, errors: [...errors], activeMs, rate: activeMs ? (done / activeMs) * 1000 : null, heartbeatAt: new Date(), leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(harvestRuns.id, run.id))
      .returning()
    run = saved ?? run
    options.onProgress?.(run)
  }

  try {
    for await (const line of lines) {
      lineNo++
      if (!line.trim()) continue
      done++
      let value: unknown
      try {
        value = JSON.parse(line)
      } catch {
        skipped++
        fail(`line ${lineNo}: not JSON`)
        continue
      }
      const parsed = PackageSchema.safeParse(value)
      if (!parsed.success) {
        skipped++
        fail(`line ${lineNo}: not a CKAN dataset (needs at least id and name)`)
        continue
      }
      batch.push(parsed.data)
      if (batch.length >= BATCH) await flush()
    }
    await flush()
    await refreshRollups(db, portalId, { harvestRunId: run.id })
    const [finished] = await db
      .update(harvestRuns)
      .set({ status: 'succeeded', finishedAt: new Date(), total: done, leaseUntil: null })
      .where(eq(harvestRuns.id, run.id))
      .returning()
    return finished ?? run
  } catch (error) {
    fail(madeBy(error, Error) ? error.message : String(error))
    const [failed] = await db
      .update(harvestRuns)
      .set({ status: 'failed', finishedAt: new Date(), errorCount, errors: [...errors], leaseUntil: null })
      .where(eq(harvestRuns.id, run.id))
      .returning()
    return failed ?? run
  }
}
