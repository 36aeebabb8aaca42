import type { Database } from '../../../db/client.ts'
import { runHarvest, type HarvestRun } from './harvest.ts'

/** Under Workers a request may keep working for about 30 s after answering; a Cron Trigger continues from there. */
export const WORKERS_SLICE_MS = 25_000

/** Works on a run after the answer is sent: to the end on Node, one slice under Workers. */
export function harvestInBackground(
  db: Database,
  run: HarvestRun,
  context: { runtime: 'node' | 'workerd'; background: (task: Promise<unknown>) => void },
): void {
  context.background(runHarvest(db, run.id, context.runtime === 'workerd' ? { budgetMs: WORKERS_SLICE_MS } : {}))
}
