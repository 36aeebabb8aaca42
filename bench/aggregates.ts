// Analysis at scale: 1,000,000 datasets across 10 fixture portals harvested into one libSQL file (each harvest ends
// with its rollup refresh, as in production), then every analysis summary timed through the tRPC router.
// Targets (issue 6): each summary answers in p95 ≤ 100 ms; the rollup refresh after a harvest takes ≤ 30 s.
//
//   npx node bench/aggregates.ts [datasets per portal=100000] [portals=10]
//   BENCH_AGGREGATES_DB=/path/to/file.db npx node bench/aggregates.ts   (keeps the database to time again later)
import { existsSync } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { createDb } from '../db/client.server.ts'
import { migrateLibsql } from '../db/migrate.server.ts'
import { portals } from '../db/schema/portal.ts'
import { refreshRollups } from '../server/queries/rollups.server.ts'
import { runHarvest, startHarvest } from '../server/ckan/harvest/harvest.server.ts'
import { createWorkerStore } from '../server/ckan/harvest/worker-store.server.ts'
import { createContext } from '../server/trpc/context.server.ts'
import { createCaller } from '../server/trpc/router.server.ts'
import { ANONYMOUS } from '../server/session.server.ts'
import { startFixtureProcess } from './fixture-process.ts'

// The fixture portals listen on loopback, which the harvest refuses by default (server/outbound/guarded-fetch.server.ts).
process.env.PORTALSCOPE_ALLOW_PRIVATE_HOSTS = '1'
const PER_PORTAL = Number(process.argv[2] ?? 100_000)
const PORTALS = Number(process.argv[3] ?? 10)
const ROUNDS = 40
const slugs = Array.from({ length: PORTALS }, (_, index) => `p${index}`)

const kept = process.env.BENCH_AGGREGATES_DB
const dir = kept ? null : await mkdtemp(path.join(tmpdir(), 'portalscope-aggregates-'))
const file = kept ?? path.join(dir!, 'aggregates.db')
const url = `file:${file}`
const reuse = kept !== undefined && existsSync(file)
await migrateLibsql(url)
const db = await createDb({ url })

if (!reuse) {
  const fixture = await startFixtureProcess(slugs.map((slug, index) => `${slug}:${PER_PORTAL}:none:seed=${1000 + index}`))
  const { apiBases } = fixture
  const workerStore = createWorkerStore(url)
  const started = performance.now()
  for (const slug of slugs) {
    const apiBase = apiBases.get(slug)!
    await db.insert(portals).values({ id: slug, name: `Portal ${slug}`, baseUrl: apiBase.replace(/\/api\/3$/, ''), apiBase, country: 'CZ', createdAt: new Date() })
    const portalStarted = performance.now()
    const { run } = await startHarvest(db, slug, { mode: 'full', trigger: 'cli' })
    const result = await runHarvest(db, run.id, { client: { gate: { politenessDelayMs: 0 } }, store: workerStore.store })
    if (result?.status !== 'succeeded') throw new Error(`harvest of ${slug} ${result?.status}: ${JSON.stringify(result?.errors)}`)
    const [refresh] = await db.all<{ ms: number }>(sql`SELECT ms FROM rollup_run WHERE portal_id = ${slug} ORDER BY id DESC LIMIT 1`)
    console.log(
      `aggregates: harvested ${slug} (${result.done.toLocaleString('en')} datasets) in ${((performance.now() - portalStarted) / 1000).toFixed(1)} s, rollup refresh ${refresh?.ms ?? '?'} ms`,
    )
  }
  console.log(`aggregates: ${(PORTALS * PER_PORTAL).toLocaleString('en')} datasets harvested and analysed in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  await workerStore.close()
  fixture.process.kill()
}

const [{ n: total } = { n: 0 }] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM dataset`)
console.log(`aggregates: database holds ${total.toLocaleString('en')} datasets, ${Math.round((await stat(file)).size / 1048576)} MiB`)

// The refresh a harvest ends with, on a portal of a full database (rollups of the other nine are untouched).
const refreshTimes: number[] = []
for (const slug of slugs.slice(0, 3)) {
  const started = performance.now()
  await refreshRollups(db, slug)
  refreshTimes.push(performance.now() - started)
}
console.log(`aggregates: rollup refresh after a harvest (${PER_PORTAL.toLocaleString('en')}-dataset portal, ${total.toLocaleString('en')} in the database): ${refreshTimes.map((ms) => (ms / 1000).toFixed(1)).join(' / ')} s (target ≤ 30 s)`)

// The router as a page's +data calls it (messages are only read on errors, which these calls do not raise).
const api = createCaller(
  await createContext({
    db,
    auth: ANONYMOUS,
    runtime: 'node',
    locale: 'en',
    t: ((key: string) => key) as never,
    clientAddress: '127.0.0.1',
    userAgent: 'bench',
    secure: false,
    deviceToken: null,
    background: () => undefined,
  }),
)
const [publisher] = await db.all<{ id: string }>(sql`SELECT publisher_id AS id FROM organization GROUP BY publisher_id ORDER BY count(*) DESC LIMIT 1`)
const publisherId = publisher!.id
const cases: Array<[string, () => Promise<unknown>]> = [
  ['formats.summary', () => api.formats.summary({})],
  ['formats.summary (publisher)', () => api.formats.summary({ organizationId: publisherId })],
  ['formats.summary (region)', () => api.formats.summary({ regionId: 'CZ064' })],
  ['formats.summary (2 portals)', () => api.formats.summary({ instanceIds: slugs.slice(0, 2) })],
  ['formats.byFormat', () => api.formats.byFormat({ format: 'CSV' })],
  ['quality.summary', () => api.quality.summary({})],
  ['quality.summary (publisher)', () => api.quality.summary({ organizationId: publisherId })],
  ['quality.summary (region)', () => api.quality.summary({ regionId: 'CZ010' })],
  ['publishers.list', () => api.publishers.list({ sort: 'datasets' })],
  ['publishers.list (search)', () => api.publishers.list({ q: 'kraj', sort: 'quality' })],
  ['publishers.byId', () => api.publishers.byId({ id: publisherId })],
  ['regions.summary (kraje)', () => api.regions.summary({ level: 'cz-kraj' })],
  ['regions.summary (countries)', () => api.regions.summary({ level: 'country' })],
  ['regions.byId', () => api.regions.byId({ id: 'CZ010' })],
]
for (const [name, run] of cases) {
  await run()
  const times: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1)
  console.log(`aggregates: ${name.padEnd(32)} p50 ${p(0.5).padStart(6)} ms  p95 ${p(0.95).padStart(6)} ms (target p95 ≤ 100 ms)`)
}

if (dir) await rm(dir, { recursive: true, force: true })
