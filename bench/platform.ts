// Platform figures: production build time, Node server cold start, and server-rendering time of `/`.
// Run with `npm run bench` (all benchmarks) or `node bench/platform.ts`.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { migrateLibsql } from '../db/migrate.server.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const PORT = Number(process.env.BENCH_PORT ?? 3190)
const SSR_REQUESTS = Number(process.env.BENCH_SSR_REQUESTS ?? 200)

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

const buildStart = performance.now()
const build = spawnSync('npx', ['vike', 'build'], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, PORTALSCOPE_TARGET: 'node' } })
if (build.status !== 0) throw new Error('vike build failed')
const buildMs = performance.now() - buildStart

const dir = await mkdtemp(path.join(tmpdir(), 'portalscope-bench-'))
const databaseUrl = `file:${path.join(dir, 'bench.db')}`
await migrateLibsql(databaseUrl)

const startAt = performance.now()
const server = spawn(process.execPath, ['dist/node/server/index.mjs'], {
  cwd: ROOT,
  stdio: 'ignore',
  // An idle server: no demo catalogue being written, no scheduled harvests (the phase below measures that case).
  env: { ...process.env, PORT: String(PORT), DATABASE_URL: databaseUrl, NODE_ENV: 'production', PORTALSCOPE_DEMO: 'off', PORTALSCOPE_SCHEDULER: 'off' },
})
let coldStartMs: number
let firstPageMs: number
try {
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/trpc/health`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (performance.now() - startAt > 60_000) throw new Error('server did not start within 60 s')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  coldStartMs = performance.now() - startAt
  const firstStart = performance.now()
  await (await fetch(`http://127.0.0.1:${PORT}/`)).text()
  firstPageMs = performance.now() - firstStart

  const times: number[] = []
  for (let i = 0; i < SSR_REQUESTS; i++) {
    const t0 = performance.now()
    const res = await fetch(`http://127.0.0.1:${PORT}/`)
    await res.text()
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  console.log('platform')
  console.log(`  build (vike build, Node target)   ${(buildMs / 1000).toFixed(1)} s`)
  console.log(`  server cold start to first answer ${coldStartMs.toFixed(0)} ms`)
  console.log(`  first SSR of / after start        ${firstPageMs.toFixed(1)} ms`)
  console.log(`  SSR of / (${SSR_REQUESTS} sequential)     p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`)
} finally {
  server.kill('SIGTERM')
  await rm(dir, { recursive: true, force: true })
}

// The same page while the server writes the 20,000-dataset demo catalogue into a fresh database: storing in slices
// with a turn of the event loop between them keeps pages answering during harvests.
const busyDir = await mkdtemp(path.join(tmpdir(), 'portalscope-bench-'))
const busyUrl = `file:${path.join(busyDir, 'bench.db')}`
await migrateLibsql(busyUrl)
const busy = spawn(process.execPath, ['dist/node/server/index.mjs'], {
  cwd: ROOT,
  stdio: ['ignore', 'pipe', 'ignore'],
  env: { ...process.env, PORT: String(PORT), DATABASE_URL: busyUrl, NODE_ENV: 'production', PORTALSCOPE_DEMO: 'on', PORTALSCOPE_SCHEDULER: 'off' },
})
let loaded = false
busy.stdout?.on('data', (chunk: Buffer) => {
  if (chunk.toString().includes('Demo catalogue loaded')) loaded = true
})
try {
  const started = performance.now()
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/trpc/health`)).ok) break
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 60_000) throw new Error('server did not start within 60 s')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const times: number[] = []
  while (!loaded && performance.now() - started < 120_000) {
    const t0 = performance.now()
    await (await fetch(`http://127.0.0.1:${PORT}/`)).text()
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  console.log(`  SSR of / while the demo catalogue loads (${times.length} requests) p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${percentile(times, 100).toFixed(1)} ms`)
} finally {
  busy.kill('SIGTERM')
  await rm(busyDir, { recursive: true, force: true })
}
