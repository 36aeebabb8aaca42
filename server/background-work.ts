import type { D1Database, ExecutionContext } from '@cloudflare/workers-types'
import { createDb } from '../db/client.ts'
import { harvestTick, startScheduler } from './ckan/harvest/scheduler.ts'
import { WORKERS_SLICE_MS } from './ckan/harvest/work.ts'
import { serverEnv } from './env.ts'

const HOUR_MS = 60 * 60 * 1000

/**
 * Work a Node server does besides answering requests: the demo catalogue on a fresh database and the harvest
 * scheduler. Once per process, even when the dev server reloads this module.
 */
export function startNodeBackgroundWork(): void {
  const state = globalThis as { portalscopeBackgroundStarted?: boolean }
  if (state.portalscopeBackgroundStarted) return
  state.portalscopeBackgroundStarted = true
  const env = serverEnv()
  const openDb = () => createDb({ url: env.DATABASE_URL })
  if (env.PORTALSCOPE_DEMO === 'on') {
    // Imported here so that the Workers bundle never carries the generator.
    void import('./ckan/demo/demo-catalogue.ts')
      .then(async ({ ensureDemoCatalogue }) => ensureDemoCatalogue(await openDb()))
      .then((stored) => {
        if (stored) console.log(`Demo catalogue loaded: ${stored.toLocaleString('en')} datasets (remove with \`npm run ckan -- demo remove\`).`)
      })
      .catch((error: unknown) => console.error('Loading the demo catalogue failed:', error))
  }
  if (env.PORTALSCOPE_SCHEDULER === 'on') startScheduler(openDb, { intervalMs: env.PORTALSCOPE_HARVEST_INTERVAL_HOURS * HOUR_MS })
}

/** Workers' Cron Trigger (wrangler.toml [triggers]): one slice of scheduled harvesting per invocation. */
export async function scheduled(_controller: unknown, env: { DB?: D1Database }, ctx: ExecutionContext): Promise<void> {
  if (!env.DB || serverEnv().PORTALSCOPE_SCHEDULER === 'off') return
  const db = await createDb({ d1: env.DB })
  const work = harvestTick(db, { intervalMs: serverEnv().PORTALSCOPE_HARVEST_INTERVAL_HOURS * HOUR_MS, budgetMs: WORKERS_SLICE_MS }).then(({ resumed, started }) => {
    for (const run of [...resumed, ...started]) console.log(`Harvest of ${run.instanceId} (${run.mode}): ${run.status}, ${run.done}/${run.total ?? '?'} datasets`)
  })
  ctx.waitUntil(work)
  await work
}
