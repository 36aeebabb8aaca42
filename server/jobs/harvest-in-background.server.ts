import { databaseUrlOf, type Database } from '../../db/client.server.ts'
import { runHarvest, type HarvestRun } from '../ckan/harvest/harvest.server.ts'

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
      else await runHarvest(db, run.id)
    })(),
  )
}
