// Harvest ingest: a full harvest of a 100,000-dataset fixture portal into a fresh libSQL file, then an incremental
// one after changes. The fixture runs in its own process (as a remote portal would); this process is the harvester,
// so its peak memory is the harvester's. Goals (issue 17): a full harvest, analysis and rollups included, at 5,000
// datasets/s or more; an incremental harvest that finds nothing changed in 0.5 s or less.
//
//   npx node bench/harvest.ts [datasets=100000]
import { spawn } from 'node:child_process'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { createDb } from '../db/client.server.ts'
import { migrateLibsql } from '../db/migrate.server.ts'
import { portals } from '../db/schema/portal.ts'
import { runHarvest, startHarvest } from '../server/ckan/harvest/harvest.server.ts'
import { createWorkerStore } from '../server/ckan/harvest/worker-store.server.ts'

const DATASETS = Number(process.argv[2] ?? 100_000)
const root = path.join(import.meta.dirname, '..')

const fixture = spawn(process.execPath, [path.join(root, 'tests/ckan-fixture/cli.ts'), '--portal', `bench:${DATASETS}`], { stdio: ['ignore', 'pipe', 'inherit'] })
const apiBase = await new Promise<string>((resolve, reject) => {
  const lines = createInterface({ input: fixture.stdout! })
  lines.on('line', (line) => {
    const match = /(http:\/\/127\.0\.0\.1:\d+\/bench\/api\/3)/.exec(line)
    if (match) resolve(match[1]!)
  })
  fixture.on('exit', (code) => reject(new Error(`fixture exited with ${code}`)))
})

const dir = await mkdtemp(path.join(tmpdir(), 'portalscope-bench-'))
const url = `file:${path.join(dir, 'bench.db')}`
await migrateLibsql(url)
const db = await createDb({ url }, { role: 'background' })
await db.insert(portals).values({ id: 'bench', name: 'Bench', baseUrl: apiBase.replace(/\/api\/3$/, ''), apiBase, createdAt: new Date() })

let peakRss = 0
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss)
}, 50)
// The fixture listens on loopback, which the outbound policy refuses to real portals.
const client = { gate: { politenessDelayMs: 0 }, policy: { allowPrivate: true } }
// As the CLI and the server's helper process harvest: writes on a worker thread (BENCH_STORE=inline: this thread).
const workerStore = process.env.BENCH_STORE === 'inline' ? null : createWorkerStore(url)

async function timed(mode: 'full' | 'incremental') {
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  const { run } = await startHarvest(db, 'bench', { mode, trigger: 'cli' })
  const result = await runHarvest(db, run.id, { client, ...(workerStore ? { store: workerStore.store } : {}) })
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  // CPU time of this process, the store thread included: steadier than wall time on a shared machine.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6
  if (result?.status !== 'succeeded') throw new Error(`harvest ${result?.status}: ${JSON.stringify(result?.errors)}`)
  return { result, seconds, cpuSeconds }
}

const GOAL_RATE = 5_000
const GOAL_NO_CHANGE_S = 0.5
const verdict = (within: boolean) => (within ? 'within' : 'OVER')

const full = await timed('full')
const rate = full.result.done / full.seconds
console.log(
  `harvest full: ${full.result.done.toLocaleString('en')} datasets in ${full.seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString('en')} datasets/s ` +
    `(goal >= ${GOAL_RATE.toLocaleString('en')}/s: ${verdict(rate >= GOAL_RATE)})`,
)
console.log(`harvest full, harvester CPU (both threads): ${full.cpuSeconds.toFixed(1)} s = ${((full.cpuSeconds * 1000) / full.result.done).toFixed(2)} ms per dataset`)
console.log(`harvest peak RSS (harvester process): ${Math.round(peakRss / 1048576)} MiB`)
console.log(`harvest database file: ${Math.round((await stat(path.join(dir, 'bench.db'))).size / 1048576)} MiB`)

// The portal has not changed: the incremental harvest asks for its boundary dataset again and should do almost nothing.
const again = await timed('incremental')
console.log(
  `harvest incremental (no changes): ${again.result.done} datasets in ${again.seconds.toFixed(2)} s (goal <= ${GOAL_NO_CHANGE_S} s: ${verdict(again.seconds <= GOAL_NO_CHANGE_S)})`,
)

clearInterval(sampler)
await workerStore?.close()
fixture.kill()
await rm(dir, { recursive: true, force: true })
