// Harvest ingest: a full harvest of a 100,000-dataset fixture portal into a fresh libSQL file, then an incremental
// one after changes. The fixture runs in its own process (as a remote portal would); this process is the harvester,
// so its peak memory is the harvester's. Goals (issue 17): a full harvest, analysis and rollups included, at 5,000
// datasets/s or more; an incremental harvest that finds nothing changed in 0.5 s or less. On a shared machine the wall
// time follows the load (printed); the CPU time per dataset, split by thread, is what to compare between rounds.
// A remote portal builds its answers on its own machine; the fixture runs on this one. So the fixture builds every
// page once before the timed harvest and sends the kept bytes during it (its CPU meanwhile is printed; building the
// pages during the harvest took 1.4-2.2 s of CPU per 30,000 datasets, 12-15% of the harvest's). The harvest is timed
// once the store thread is up, as in the server's helper process, which keeps its store thread for its lifetime; the
// thread's start is printed on its own.
//
//   npx node bench/harvest.ts [datasets=100000]
//   BENCH_FIXTURE=live npx node bench/harvest.ts …   (the fixture builds each page while the harvest runs, as before)
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { createDb, readRaw } from '../db/client.server.ts'
import { migrateLibsql } from '../db/migrate.server.ts'
import { portals } from '../db/schema/portal.ts'
import { HARVEST_PAGE, runHarvest, startHarvest } from '../server/ckan/harvest/harvest.server.ts'
import { createCkanClient } from '../server/outbound/ckan-client.server.ts'
import { createWorkerStore } from '../server/ckan/harvest/worker-store.server.ts'

const DATASETS = Number(process.argv[2] ?? 100_000)
const root = path.join(import.meta.dirname, '..')

// replay=1: the fixture keeps each answer; every page is asked for once before the timed harvest (below).
const LIVE_FIXTURE = process.env.BENCH_FIXTURE === 'live'
const fixture = spawn(process.execPath, [path.join(root, 'tests/ckan-fixture/cli.ts'), '--portal', `bench:${DATASETS}${LIVE_FIXTURE ? '' : ':none:replay=1'}`], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
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
const threadStarted = performance.now()
const workerStore = process.env.BENCH_STORE === 'inline' ? null : createWorkerStore(url)
await workerStore?.ready
const threadStartMs = performance.now() - threadStarted

/** CPU seconds of a process (Linux): utime and stime, in clock ticks (100 per second); null where /proc is not there. */
function processCpu(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

/** CPU seconds of each thread of this process (Linux), by thread id; empty where /proc is not there. */
function threadCpu(): Map<string, number> {
  const out = new Map<string, number>()
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      // utime and stime, in clock ticks (100 per second on Linux)
      out.set(tid, (Number(fields[11]) + Number(fields[12])) / 100)
    }
  } catch {
    // not Linux: no split
  }
  return out
}

async function timed(mode: 'full' | 'incremental') {
  const started = performance.now()
  const threadsBefore = threadCpu()
  const cpuBefore = process.cpuUsage()
  const { run } = await startHarvest(db, 'bench', { mode, trigger: 'cli' })
  const result = await runHarvest(db, run.id, { client, ...(workerStore ? { store: workerStore.store } : {}) })
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  // CPU time of this process, the store thread included: steadier than wall time on a shared machine.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6
  // This thread (fetching, parsing, building statements, the rollups), the busiest other one (the store thread,
  // writing) and the rest (V8's garbage collection helpers, I/O).
  const spent = [...threadCpu()].map(([tid, seconds]) => [tid, seconds - (threadsBefore.get(tid) ?? 0)] as const)
  const own = spent.find(([tid]) => tid === String(process.pid))?.[1] ?? 0
  const others = spent.filter(([tid]) => tid !== String(process.pid)).map(([, seconds]) => seconds).sort((a, b) => b - a)
  const threads = { harvester: own, store: others[0] ?? 0, rest: others.slice(1).reduce((sum, seconds) => sum + seconds, 0) }
  if (result?.status !== 'succeeded') throw new Error(`harvest ${result?.status}: ${JSON.stringify(result?.errors)}`)
  return { result, seconds, cpuSeconds, threads }
}

const GOAL_RATE = 5_000
const GOAL_NO_CHANGE_S = 0.5
const verdict = (within: boolean) => (within ? 'within' : 'OVER')

// Every page the full harvest will ask for, asked for once, so that the fixture has built them all.
if (!LIVE_FIXTURE) {
  const warmStarted = performance.now()
  const fixtureCpuBeforeWarming = processCpu(fixture.pid)
  const warming = createCkanClient({ apiBase, ...client })
  await warming.organizationListAll()
  for (let start = 0, count = Infinity; start < count; start += HARVEST_PAGE.rows) {
    count = (await warming.packageSearch({ ...HARVEST_PAGE, start })).count
  }
  const fixtureCpuWarming = (processCpu(fixture.pid) ?? 0) - (fixtureCpuBeforeWarming ?? 0)
  console.log(`harvest fixture portal builds its pages before the timed harvest: ${((performance.now() - warmStarted) / 1000).toFixed(1)} s, ${fixtureCpuWarming.toFixed(1)} s of its CPU`)
} else {
  console.log('harvest fixture portal builds each page while the harvest runs (BENCH_FIXTURE=live)')
}

const loadBefore = loadavg()
const fixtureCpuBefore = processCpu(fixture.pid)
const full = await timed('full')
const fixtureCpuAfter = processCpu(fixture.pid)
const rate = full.result.done / full.seconds
console.log(
  `harvest full: ${full.result.done.toLocaleString('en')} datasets in ${full.seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString('en')} datasets/s ` +
    `(goal >= ${GOAL_RATE.toLocaleString('en')}/s: ${verdict(rate >= GOAL_RATE)})`,
)
const perDataset = (seconds: number) => `${((seconds * 1e6) / full.result.done).toFixed(0)} µs`
console.log(`harvest full, harvester CPU (both threads): ${full.cpuSeconds.toFixed(1)} s = ${((full.cpuSeconds * 1000) / full.result.done).toFixed(2)} ms per dataset`)
if (full.threads.harvester > 0) {
  console.log(
    `harvest full, CPU per dataset by thread: harvesting ${perDataset(full.threads.harvester)}, store ${perDataset(full.threads.store)}, ` +
      `other threads (garbage collection, I/O) ${perDataset(full.threads.rest)}`,
  )
}
if (workerStore) console.log(`harvest store thread start (before the timed harvest): ${Math.round(threadStartMs)} ms`)
if (fixtureCpuBefore !== null && fixtureCpuAfter !== null) {
  console.log(`harvest full, fixture portal's CPU on the same machine: ${(fixtureCpuAfter - fixtureCpuBefore).toFixed(1)} s = ${perDataset(fixtureCpuAfter - fixtureCpuBefore)} per dataset`)
}
const [rollup] = await readRaw(db, { sql: 'SELECT ms FROM rollup_run WHERE portal_id = ? ORDER BY id DESC LIMIT 1', args: ['bench'] })
console.log(`harvest full, rollup refresh at the end (one thread, after the last write): ${(Number(rollup?.[0] ?? 0) / 1000).toFixed(2)} s`)
console.log(`harvest load average (1 min) before and after: ${loadBefore[0]!.toFixed(1)}, ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`)
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
