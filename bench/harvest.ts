// Harvest ingest: a full harvest of a 100,000-dataset fixture portal into a fresh libSQL file, then an incremental
// one after changes. The fixture runs in its own process (as a remote portal would); this process is the harvester,
// so its peak memory is the harvester's. Targets (issue 5): at least 5,000 datasets/s, 100,000 in under 60 s.
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
const client = { gate: { politenessDelayMs: 0 } }
// As the CLI and the server's helper process harvest: writes on a worker thread (BENCH_STORE=inline: this thread).
const workerStore = process.env.BENCH_STORE === 'inline' ? null : createWorkerStore(url)

async function timed(mode: 'full' | 'incremental') {
  const started = performance.now()
  const { run } = await startHarvest(db, 'bench', { mode, trigger: 'cli' })
  const result = await runHarvest(db, run.id, { client, ...(workerStore ? { store: workerStore.store } : {}) })
  const seconds = (performance.now() - started) / 1000
  if (result?.status !== 'succeeded') throw new Error(`harvest ${result?.status}: ${JSON.stringify(result?.errors)}`)
  return { result, seconds }
}

const full = await timed('full')
console.log(
  `harvest full: ${full.result.done.toLocaleString('en')} datasets in ${full.seconds.toFixed(1)} s = ${Math.round(full.result.done / full.seconds).toLocaleString('en')} datasets/s (target ≥ 5,000/s; 100k in < 60 s)`,
)
console.log(`harvest peak RSS (harvester process): ${Math.round(peakRss / 1048576)} MiB`)
console.log(`harvest database file: ${Math.round((await stat(path.join(dir, 'bench.db'))).size / 1048576)} MiB`)

// A second, incremental harvest after a day's worth of changes on the portal is small and quick.
const again = await timed('incremental')
console.log(`harvest incremental (no changes): ${again.result.done} datasets in ${again.seconds.toFixed(2)} s`)

clearInterval(sampler)
await workerStore?.close()
fixture.kill()
await rm(dir, { recursive: true, force: true })
