import { backgroundDbFor, databaseUrlOf, type Database } from '../../db/client.server.ts'
import { linkCheckTick } from './link-check.server.ts'
import { refreshMissingRollups } from '../queries/rollups.server.ts'
import { harvestLogByPortal } from '../queries/harvest-runs.server.ts'
import { listPortals } from '../queries/portals.server.ts'
import { resumableRuns, runHarvest, startHarvest, type HarvestMode, type HarvestRun, type RunOptions } from '../ckan/harvest/harvest.server.ts'
import type { PackageStore } from '../ckan/harvest/worker-store.server.ts'
import { harvestSettings } from '../env.server.ts'

// What is due, decided from the harvest log alone, so that a Node process, the CLI and Workers' Cron Triggers all
// agree: each enabled portal is harvested once per interval (a portal that failed waits the interval too, so a dead
// portal is not hammered), incrementally, with a full harvest (which also finds deletions) once a week.

const FULL_EVERY_MS = 7 * 24 * 60 * 60 * 1000

export type DueHarvest = { portalId: string; mode: HarvestMode }

export async function dueHarvests(db: Database, options: { intervalMs: number; now?: Date }): Promise<DueHarvest[]> {
  const now = (options.now ?? new Date()).getTime()
  const log = await harvestLogByPortal(db)
  const byPortal = new Map(log.map((row) => [row.portalId, row]))
  const due: DueHarvest[] = []
  for (const portal of await listPortals(db)) {
    if (!portal.enabled || portal.isDemo) continue
    const runs = byPortal.get(portal.id)
    if (runs && (runs.running || now - runs.lastStarted < options.intervalMs)) continue
    const lastFull = runs?.lastFull ?? null
    due.push({ portalId: portal.id, mode: lastFull === null || now - lastFull >= FULL_EVERY_MS ? 'full' : 'incremental' })
  }
  return due
}

export type TickOptions = {
  intervalMs: number
  /** The whole tick's budget (Workers); default: until every harvest it took on has ended. */
  budgetMs?: number
  /** How long each harvest is worked on before the next one's turn; default PORTALSCOPE_HARVEST_SLICE_SECONDS. */
  sliceMs?: number
  now?: Date
  store?: PackageStore
  linkCheck?: { allowPrivate: boolean }
}
export type TickResult = { resumed: HarvestRun[]; started: HarvestRun[]; linksChecked: number }

// A tick checks a few links after its harvests: a small steady trickle, polite to every host (docs/link-check.md).
const LINKS_PER_TICK = 60
const LINK_BUDGET_MS = 40_000

/**
 * One round of scheduled work: the runs a dead worker or an earlier slice left behind, then the portals that are due,
 * each worked on for a slice in turn, round after round, until none is left running (or the tick's budget is spent).
 * A slow or endless portal gets its slice like the others and never holds them up (issue 30); a run that is at its
 * end of a round leaves its lease free, so it is the next round's to resume. With a budget (Workers) it stops once the
 * budget is spent; what is left continues next time.
 */
export async function harvestTick(db: Database, options: TickOptions): Promise<TickResult> {
  const started = Date.now()
  const remaining = () => (options.budgetMs === undefined ? undefined : Math.max(0, options.budgetMs - (Date.now() - started)))
  const spent = () => remaining() === 0
  const sliceMs = options.sliceMs ?? harvestSettings().sliceMs
  const slice = (): RunOptions => ({ budgetMs: Math.min(sliceMs, remaining() ?? sliceMs), ...(options.store ? { store: options.store } : {}) })
  // Each run's latest state, by id, in the order first worked on: what the tick reports.
  const resumed = new Map<number, HarvestRun>()
  const opened = new Map<number, HarvestRun>()
  const report = (): TickResult => ({ resumed: [...resumed.values()], started: [...opened.values()], linksChecked: 0 })
  await refreshMissingRollups(db)
  for (;;) {
    let worked = false
    for (const run of await resumableRuns(db)) {
      if (spent()) return report()
      const result = await runHarvest(db, run.id, slice())
      if (!result) continue
      worked = true
      ;(opened.has(run.id) ? opened : resumed).set(run.id, result)
    }
    for (const due of await dueHarvests(db, { intervalMs: options.intervalMs, ...(options.now ? { now: options.now } : {}) })) {
      if (spent()) return report()
      const { run, started: isNew } = await startHarvest(db, due.portalId, { mode: due.mode, trigger: 'schedule' })
      if (!isNew) continue
      const result = await runHarvest(db, run.id, slice())
      if (!result) continue
      worked = true
      opened.set(run.id, result)
    }
    if (!worked) break
  }
  const result = report()
  if (options.linkCheck && !spent()) {
    const budgetMs = Math.min(LINK_BUDGET_MS, remaining() ?? LINK_BUDGET_MS)
    const links = await linkCheckTick(db, { limit: LINKS_PER_TICK, budgetMs, allowPrivate: options.linkCheck.allowPrivate })
    result.linksChecked = links.checked
  }
  return result
}

/** Under Workers a request may keep working for about 30 s after answering; a Cron Trigger continues from there. */
export const WORKERS_SLICE_MS = 25_000

/**
 * Works on a run after the answer is sent. Node: in a helper process when the server runs from a checkout (the
 * server's event loop stays free), else in-process to the end. Workers: one slice; the Cron Trigger does the rest.
 */
export function harvestInBackground(
  db: Database,
  run: HarvestRun,
  context: { runtime: 'node' | 'workerd'; background: (task: Promise<unknown>) => void },
): void {
  if (context.runtime === 'workerd') {
    context.background(runHarvest(db, run.id, { budgetMs: WORKERS_SLICE_MS }))
    return
  }
  context.background(
    (async () => {
      const { helperScript, spawnHelper } = await import('./helper-process.server.ts')
      const script = helperScript()
      const databaseUrl = databaseUrlOf(db)
      if (script && databaseUrl) spawnHelper(script, ['harvest', '--run', String(run.id)], { databaseUrl, tied: false })
      else await runHarvest(await backgroundDbFor(db), run.id)
    })(),
  )
}
