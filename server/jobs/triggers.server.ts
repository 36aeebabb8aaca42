import type { D1Database, ExecutionContext } from '@cloudflare/workers-types'
import { createDb, type Database } from '../../db/client.server.ts'
import type { PackageStore } from '../ckan/harvest/worker-store.server.ts'
import { serverEnv } from '../env.server.ts'
import { WORKERS_SLICE_MS } from './harvest.server.ts'
import { describeMapBuild } from './map-build.server.ts'
import { runJob } from './registry.server.ts'

// What starts background jobs (server/jobs/registry.server.ts): on Node, a helper process the server spawns, which
// loads the demo catalogue, refreshes missing rollups and runs the scheduler; on Workers, the Cron Trigger.

const HOUR_MS = 60 * 60 * 1000

/**
 * Work a Node server does besides answering requests: the demo catalogue on a fresh database and the harvest
 * scheduler, in a helper process (server/jobs/helper-process.server.ts). Once per process, even when the dev server
 * reloads this module.
 */
export function startNodeJobs(): void {
  const state = globalThis as { portalscopeBackgroundStarted?: boolean }
  if (state.portalscopeBackgroundStarted) return
  state.portalscopeBackgroundStarted = true
  const env = serverEnv()
  // Always: automated checks that people start run in the helper even when the demo and the scheduler are off.
  void import('./helper-process.server.ts').then(({ helperScript, spawnHelper }) => {
    const script = helperScript()
    // The helper ends with the server (an IPC channel ties them); it reads the same settings from the environment.
    if (script) spawnHelper(script, ['background'], { databaseUrl: env.DATABASE_URL, tied: true })
    else void startJobsHere()
  })
}

/** The demo catalogue and the scheduler in this process: for the helper itself, and where no helper can be started. */
export async function startJobsHere(options: { store?: PackageStore } = {}): Promise<void> {
  const env = serverEnv()
  // Background work yields SQLite's write lock to people's writes (docs/decisions/012-database-writes.md).
  const openDb = () => createDb({ url: env.DATABASE_URL }, { role: 'background' })
  startCheckWorker(openDb, { schedules: env.PORTALSCOPE_SCHEDULER === 'on' })
  if (env.PORTALSCOPE_DEMO === 'on') {
    try {
      await runJob('demo-load', await openDb(), {})
    } catch (error) {
      console.error('Loading the demo catalogue failed:', error)
    }
  }
  if (env.PORTALSCOPE_DEMO === 'on' || env.PORTALSCOPE_SCHEDULER === 'on') {
    try {
      // A snapshot stored by an older version has no rollups until its next harvest (demo portals have none).
      await runJob('rollup-refresh', await openDb(), {})
    } catch (error) {
      console.error('Analysing the stored catalogue failed:', error)
    }
  }
  if (env.PORTALSCOPE_SCHEDULER === 'on') {
    startScheduler(openDb, {
      intervalMs: env.PORTALSCOPE_HARVEST_INTERVAL_HOURS * HOUR_MS,
      ...options,
      ...(env.PORTALSCOPE_LINK_CHECK === 'on' ? { linkCheck: { allowPrivate: env.PORTALSCOPE_ALLOW_PRIVATE_HOSTS } } : {}),
    })
  }
  // Always, after the demo and the rollups: harvests that people start from the interface change the rollups too.
  startMapWorker(openDb)
}

/**
 * Workers' Cron Trigger (wrangler.toml [triggers]): one slice of scheduled harvesting per invocation. It never builds
 * the map: a build of a large catalogue needs seconds of CPU and hundreds of MB, beyond a Worker's limits; the map on
 * D1 is built from Node (`npm run ckan -- map-build` against the database) and Workers only serve it.
 */
export async function scheduled(_controller: unknown, env: { DB?: D1Database }, ctx: ExecutionContext): Promise<void> {
  if (!env.DB || serverEnv().PORTALSCOPE_SCHEDULER === 'off') return
  const db = await createDb({ d1: env.DB })
  const settings = serverEnv()
  const work = runJob('scheduled-tick', db, {
    intervalMs: settings.PORTALSCOPE_HARVEST_INTERVAL_HOURS * HOUR_MS,
    budgetMs: WORKERS_SLICE_MS,
    ...(settings.PORTALSCOPE_LINK_CHECK === 'on' ? { linkCheck: { allowPrivate: settings.PORTALSCOPE_ALLOW_PRIVATE_HOSTS } } : {}),
  }).then(({ resumed, started }) => {
    for (const run of [...resumed, ...started]) console.log(`Harvest of ${run.portalId} (${run.mode}): ${run.status}, ${run.done}/${run.total ?? '?'} datasets`)
  })
  // Automated checks left in the queue and suites whose schedule is due, within the same invocation's budget.
  const checks = runJob('suite-schedules', db, {})
    .then(() => runJob('automated-checks', db, { budgetMs: WORKERS_SLICE_MS }))
    .then(({ checked }) => checked && console.log(`Automated checks recorded: ${checked}`))
  ctx.waitUntil(work)
  ctx.waitUntil(checks)
  await Promise.all([work, checks])
}

/**
 * The Node helper's check worker: every second it takes what is queued (a run's checks start within a second of being
 * asked for), and once a minute starts the runs of scheduled suites. Never two rounds at once; timers do not keep the
 * process alive.
 */
export function startCheckWorker(openDb: () => Promise<Database>, options: { schedules: boolean; tickMs?: number }): () => void {
  let busy = false
  let lastSchedules = 0
  const tick = async () => {
    if (busy) return
    busy = true
    try {
      const db = await openDb()
      if (options.schedules && Date.now() - lastSchedules >= 60_000) {
        lastSchedules = Date.now()
        for (const run of await runJob('suite-schedules', db, {})) console.log(`Scheduled run ${run.runId} of suite ${run.suiteId}: ${run.queued} checks queued`)
      }
      await runJob('automated-checks', db, { budgetMs: 50_000 })
    } catch (error) {
      console.error('Automated checks failed:', error)
    } finally {
      busy = false
    }
  }
  const timer = setInterval(() => void tick(), options.tickMs ?? 1_000)
  timer.unref?.()
  return () => clearInterval(timer)
}

/**
 * The Node helper's map worker: every few seconds a cheap read (the rollups' fingerprint against the newest build's,
 * no write lock) and, when they differ, a build (server/map/build.server.ts) in short write slices. Never two at once;
 * after a failed build it waits a minute before trying again. Timers do not keep the process alive.
 */
export function startMapWorker(openDb: () => Promise<Database>, options: { tickMs?: number; retryMs?: number } = {}): () => void {
  let busy = false
  let pausedUntil = 0
  const tick = async () => {
    if (busy || Date.now() < pausedUntil) return
    busy = true
    try {
      const summary = await runJob('map-build', await openDb(), {})
      if (summary) console.log(describeMapBuild(summary))
    } catch (error) {
      pausedUntil = Date.now() + (options.retryMs ?? 60_000)
      console.error('Building the map failed:', error)
    } finally {
      busy = false
    }
  }
  void tick()
  const timer = setInterval(() => void tick(), options.tickMs ?? 5_000)
  timer.unref?.()
  return () => clearInterval(timer)
}

/**
 * The Node scheduler: a tick every minute, never two at once, harvesting due portals in turns of
 * PORTALSCOPE_HARVEST_SLICE_SECONDS each (harvestTick), so one slow portal does not hold up the rest. The timer does
 * not keep the process alive.
 */
export function startScheduler(
  openDb: () => Promise<Database>,
  options: { intervalMs: number; tickMs?: number; store?: PackageStore; linkCheck?: { allowPrivate: boolean } },
): () => void {
  let busy = false
  const tick = async () => {
    if (busy) return
    busy = true
    try {
      const { resumed, started } = await runJob('scheduled-tick', await openDb(), {
        intervalMs: options.intervalMs,
        ...(options.store ? { store: options.store } : {}),
        ...(options.linkCheck ? { linkCheck: options.linkCheck } : {}),
      })
      for (const run of [...resumed, ...started]) {
        console.log(`Harvest of ${run.portalId} (${run.mode}) ${run.status}: ${run.done} datasets${run.status === 'failed' ? `, ${run.errors.at(-1)?.message ?? ''}` : ''}`)
      }
    } catch (error) {
      console.error('Scheduled harvest failed:', error)
    } finally {
      busy = false
    }
  }
  const first = setTimeout(() => void tick(), 5_000)
  const timer = setInterval(() => void tick(), options.tickMs ?? 60_000)
  first.unref?.()
  timer.unref?.()
  return () => {
    clearTimeout(first)
    clearInterval(timer)
  }
}
