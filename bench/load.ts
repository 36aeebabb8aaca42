// Public data pages under load (issue 17): autocannon against the built Node server on loopback, holding the demo
// catalogue (20,000 datasets, rollups refreshed), with the page cache off (every request renders, as before
// docs/decisions/018-page-cache.md) and on; then once more while a harvest writes. Prints req/s, p50, p99, non-2xx
// and the server's resident memory before and after each run, with the goals (>= 400 req/s, p99 <= 150 ms).
//
//   npx node bench/load.ts                                  30 s per run, 50 and 200 clients, cache off then on
//   BENCH_LOAD_SECONDS=5 npx node bench/load.ts             a quick run
//   BENCH_LOAD_CACHE=on BENCH_LOAD_CONNECTIONS=50 npx node bench/load.ts
//   BENCH_LOAD_DB=/some/dir npx node bench/load.ts          keeps the prepared database there (prepared once)
//   BENCH_LOAD_ENCODING=br npx node bench/load.ts           asks for compressed answers, as browsers do
//   BENCH_LOAD_PAGES=/ BENCH_LOAD_HARVEST=off npx node bench/load.ts   only these pages, no run while harvesting
//   BENCH_LOAD_PORT=3351 npx node bench/load.ts             the server on this port (a free one otherwise)
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { createDb, readRaw } from '../db/client.server.ts'
import { migrateLibsql } from '../db/migrate.server.ts'
import { loadDemoCatalogue } from '../server/ckan/demo/demo-catalogue.server.ts'
import { runJob } from '../server/jobs/registry.server.ts'
import { startBuiltServer } from './built-server.ts'
import { startFixtureProcess } from './fixture-process.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30)
const CONNECTIONS = (process.env.BENCH_LOAD_CONNECTIONS ?? '50,200').split(',').map(Number)
const MODES = (process.env.BENCH_LOAD_CACHE ?? 'off,on').split(',') as Array<'off' | 'on'>
const ENCODING = process.env.BENCH_LOAD_ENCODING
const ONLY_PAGES = process.env.BENCH_LOAD_PAGES?.split(',')
const HARVEST = process.env.BENCH_LOAD_HARVEST !== 'off'
const PORT = process.env.BENCH_LOAD_PORT ? Number(process.env.BENCH_LOAD_PORT) : undefined
const GOAL_RPS = 400
const GOAL_P99_MS = 150
/** Datasets in the portal harvested during the last run. */
const HARVEST_DATASETS = Number(process.env.BENCH_LOAD_HARVEST_DATASETS ?? 20_000)

function residentMegabytes(pid: number): number {
  if (!existsSync(`/proc/${pid}/status`)) throw new Error(`the server (pid ${pid}) is gone`)
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Math.round(Number(match[1]) / 1024) : 0
}

const kept = process.env.BENCH_LOAD_DB
const dir = kept ?? (await mkdtemp(path.join(tmpdir(), 'portalscope-load-')))
await mkdir(dir, { recursive: true })
const url = `file:${path.join(dir, 'bench.db')}`
if (!kept || !existsSync(path.join(dir, 'bench.db'))) {
  const started = performance.now()
  await migrateLibsql(url)
  const db = await createDb({ url })
  await loadDemoCatalogue(db)
  await runJob('rollup-refresh', db, {})
  console.log(`load: demo catalogue and rollups ready in ${((performance.now() - started) / 1000).toFixed(0)} s`)
}
// A demo dataset, whatever the harvests of earlier runs (with BENCH_LOAD_DB) added.
const [[datasetId]] = (await readRaw(await createDb({ url }), { sql: 'SELECT d.id FROM dataset d JOIN portal p ON p.id = d.portal_id WHERE p.is_demo = 1 ORDER BY d.id LIMIT 1', args: [] })) as [[string]]
const PAGES = ['/', '/data-formats', '/data-quality', `/dataset/${encodeURIComponent(datasetId)}`, '/ckan-explorer'].filter((page) => !ONLY_PAGES || ONLY_PAGES.includes(page))

type Row = { mode: string; page: string; connections: number; rps: number; p50: number; p99: number; non2xx: number; errors: number; rssBefore: number; rssAfter: number }
const rows: Row[] = []

async function measure(port: number, pid: number, mode: string, page: string, connections: number): Promise<Row> {
  const rssBefore = residentMegabytes(pid)
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${page}`,
    connections,
    duration: SECONDS,
    headers: ENCODING ? { 'accept-encoding': ENCODING } : {},
  })
  const row = {
    mode,
    page,
    connections,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    rssBefore,
    rssAfter: residentMegabytes(pid),
  }
  const within = row.rps >= GOAL_RPS && row.p99 <= GOAL_P99_MS && row.non2xx === 0 && row.errors === 0
  console.log(
    `load [cache ${mode}] ${page.padEnd(24)} ${String(connections).padStart(3)} clients: ${String(row.rps).padStart(5)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, errors ${row.errors}, RSS ${rssBefore} -> ${row.rssAfter} MB: ${within ? 'within' : 'over'} the goal`,
  )
  rows.push(row)
  return row
}

/** Registers a fixture portal and harvests it in full through the CLI, as an operator would, while `during` runs. */
async function whileHarvesting(during: () => Promise<void>): Promise<void> {
  const fixture = await startFixtureProcess([`load:${HARVEST_DATASETS}`])
  const env = { ...process.env, DATABASE_URL: url, PORTALSCOPE_ALLOW_PRIVATE_HOSTS: '1' }
  const cli = (args: string[]) =>
    new Promise<number>((resolve) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'scripts/ckan.ts'), ...args], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] })
      child.on('exit', (code) => resolve(code ?? 1))
    })
  try {
    const apiBase = fixture.apiBases.get('load')!
    const siteUrl = apiBase.replace(/\/api\/3$/, '')
    if ((await cli(['portals', 'add', siteUrl])) !== 0) throw new Error('adding the fixture portal failed')
    const [[slug]] = (await readRaw(await createDb({ url }), { sql: 'SELECT id FROM portal WHERE api_base LIKE ?', args: [`${siteUrl}%`] })) as [[string]]
    const started = performance.now()
    let harvestMs = 0
    const harvest = cli(['harvest', '--portal', slug, '--full']).then((code) => {
      harvestMs = performance.now() - started
      return code
    })
    await during()
    const code = await harvest
    console.log(`load: the harvest of ${HARVEST_DATASETS.toLocaleString('en')} datasets ${code === 0 ? 'finished' : `failed (${code})`} in ${(harvestMs / 1000).toFixed(1)} s`)
  } finally {
    fixture.process.kill('SIGTERM')
  }
}

console.log(`load: ${SECONDS} s per run, ${CONNECTIONS.join(' and ')} clients, ${ENCODING ? `Accept-Encoding: ${ENCODING}` : 'no compression asked'}`)
for (const mode of MODES) {
  const { server, port } = await startBuiltServer(dir, { env: { PORTALSCOPE_PAGE_CACHE: mode }, port: PORT })
  server.on('exit', (code, signal) => console.log(`load: the server (cache ${mode}) exited: ${signal ?? code}`))
  try {
    for (const page of PAGES) {
      const probe = await fetch(`http://127.0.0.1:${port}${page}`)
      if (probe.status !== 200) throw new Error(`${page} answered ${probe.status}`)
      await probe.arrayBuffer()
      for (const connections of CONNECTIONS) await measure(port, server.pid!, mode, page, connections)
    }
    if (HARVEST && mode === MODES.at(-1)) {
      await whileHarvesting(async () => {
        for (const page of ['/', '/data-formats']) await measure(port, server.pid!, `${mode}, harvesting`, page, CONNECTIONS[0]!)
      })
    }
  } finally {
    server.kill('SIGTERM')
  }
}

const within = rows.filter((row) => !row.mode.includes('harvest') && row.rps >= GOAL_RPS && row.p99 <= GOAL_P99_MS && row.non2xx === 0).length
console.log(`load: ${within} of ${rows.filter((row) => !row.mode.includes('harvest')).length} runs within the goals (>= ${GOAL_RPS} req/s, p99 <= ${GOAL_P99_MS} ms)`)
if (!kept) await rm(dir, { recursive: true, force: true })
