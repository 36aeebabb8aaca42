import type { D1Database, ExecutionContext } from '@cloudflare/workers-types'
import { createDb } from '../../db/client.server.ts'
import { refreshMissingRollups } from '../queries/rollups.server.ts'
import { harvestTick, startScheduler } from './harvest.server.ts'
import { WORKERS_SLICE_MS } from './harvest-in-background.server.ts'
import type { PackageStore } from '../ckan/harvest/worker-store.server.ts'
import { serverEnv } from '../env.server.ts'

const HOUR_MS = 60 * 60 * 1000

/**
 * Work a Node server does besides answering requests: the demo catalogue on a fresh database and the harvest
 * scheduler, in a helper process (server/jobs/helper-process.server.ts). Once per process, even when the dev server reloads
 * this module.
 */
export function startNodeBackgroundWork(): void {
  const state = globalThis as { portalscopeBackgroundStarted?: boolean }
  if (state.portalscopeBackgroundStarted) return
  state.portalscopeBackgroundStarted = true
  const env = serverEnv()
  if (env.PORTALSCOPE_DEMO === 'off' && env.PORTALSCOPE_SCHEDULER === 'off') return
  void import('./helper-process.server.ts').then(({ helperScript, spawnHelper }) => {
    const script = helperScript()
    // The helper ends with the server (an IPC channel ties them); it reads the same settings from the environment.
    if (script) spawnHelper(script, ['background'], { databaseUrl: env.DATABASE_URL, tied: true })
    else void startBackgroundWorkHere()
  })
}

/** The demo catalogue and the scheduler in this process: for the helper itself, and where no helper can be started. */
export async function startBackgroundWorkHere(options: { store?: PackageStore } = {}): Promise<void> {
  const env = serverEnv()
  const openDb = () => createDb({ url: env.DATABASE_URL })
  if (env.PORTALSCOPE_DEMO === 'on') {
    try {
      // Imported here so that the Workers bundle never carries the generator.
      const { ensureDemoCatalogue } = await import('../ckan/demo/demo-catalogue.server.ts')
      const stored = await ensureDemoCatalogue(await openDb())
      if (stored) console.log(`Demo catalogue loaded: ${stored.toLocaleString('en')} datasets (remove with \`npm run ckan -- demo remove\`).`)
    } catch (error) {
      console.error('Loading the demo catalogue failed:', error)
    }
  }
  try {
    // A snapshot stored by an older version has no rollups until its next harvest (demo portals have none).
    await refreshMissingRollups(await openDb())
  } catch (error) {
    console.error('Analysing the stored catalogue failed:', error)
  }
  if (env.PORTALSCOPE_SCHEDULER === 'on') {
    startScheduler(openDb, {
      intervalMs: env.PORTALSCOPE_HARVEST_INTERVAL_HOURS * HOUR_MS,
      ...options,
      ...(env.PORTALSCOPE_LINK_CHECK === 'on' ? { linkCheck: { allowPrivate: env.PORTALSCOPE_ALLOW_PRIVATE_HOSTS } } : {}),
    })
  }
}

/** Workers' Cron Trigger (wrangler.toml [triggers]): one slice of scheduled harvesting per invocation. */
export async function scheduled(_controller: unknown, env: { DB?: D1Database }, ctx: ExecutionContext): Promise<void> {
  if (!env.DB || serverEnv().PORTALSCOPE_SCHEDULER === 'off') return
  const db = await createDb({ d1: env.DB })
  const settings = serverEnv()
  const work = harvestTick(db, {
    intervalMs: settings.PORTALSCOPE_HARVEST_INTERVAL_HOURS * HOUR_MS,
    budgetMs: WORKERS_SLICE_MS,
    ...(settings.PORTALSCOPE_LINK_CHECK === 'on' ? { linkCheck: { allowPrivate: settings.PORTALSCOPE_ALLOW_PRIVATE_HOSTS } } : {}),
  }).then(({ resumed, started }) => {
    for (const run of [...resumed, ...started]) console.log(`Harvest of ${run.instanceId} (${run.mode}): ${run.status}, ${run.done}/${run.total ?? '?'} datasets`)
  })
  ctx.waitUntil(work)
  await work
}
