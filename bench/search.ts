// Search at a million datasets: the snapshot search (datasets.search with source 'snapshot', as the explorer calls it)
// and the explorer's server-side render, on the database bench/aggregates.ts keeps (10 fixture portals × 100,000).
// Targets (issue 17): each search p95 ≤ 50 ms; the /ckan-explorer render p95 ≤ 80 ms.
//
//   BENCH_AGGREGATES_DB=/path/to/file.db npx node bench/aggregates.ts   (once: builds the database, ~10 min)
//   BENCH_AGGREGATES_DB=/path/to/file.db npx node bench/search.ts [rounds=30]
//   BENCH_SEARCH_SSR=off: the searches only (the render starts the built server, building it first when stale).
import { existsSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { createDb } from '../db/client.server.ts'
import { migrateLibsql } from '../db/migrate.server.ts'
import { snapshotSearch, type SnapshotSearchInput } from '../server/queries/dataset-search.server.ts'
import { refreshAllRollups } from '../server/queries/rollups.server.ts'
import { startBuiltServer } from './built-server.ts'

const ROUNDS = Number(process.argv[2] ?? 30)
const file = process.env.BENCH_AGGREGATES_DB
if (!file || !existsSync(file)) {
  // Building the million datasets is bench/aggregates.ts's job (10 minutes); `npm run bench` goes on without this.
  console.log('search: skipped; set BENCH_AGGREGATES_DB to the database bench/aggregates.ts keeps there')
  process.exit(0)
}
const url = `file:${file}`
await migrateLibsql(url)
const db = await createDb({ url })

// A database harvested before the search facets existed has rollups without them: refresh once (the full-text
// index itself is kept by triggers since it was created, so it needs no backfill).
const [facetRows] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM rollup_facet`)
if (!facetRows?.n) {
  const started = performance.now()
  await refreshAllRollups(db)
  console.log(`search: rollups refreshed for the search facets in ${((performance.now() - started) / 1000).toFixed(0)} s`)
}

const portalIds = (await db.all<{ id: string }>(sql`SELECT id FROM portal ORDER BY id`)).map((row) => row.id)
const [{ n: total } = { n: 0 }] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM dataset`)
// The values a user would pick: the largest organization and region, the commonest licence, from the rollups.
const [organization] = await db.all<{ id: string }>(
  sql`SELECT scope_id AS id FROM rollup_quality WHERE scope = 'organization' AND rollup_id = (SELECT max(id) FROM rollup_run) ORDER BY datasets DESC LIMIT 1`,
)
const [region] = await db.all<{ id: string }>(
  sql`SELECT scope_id AS id FROM rollup_quality WHERE scope = 'region' AND length(scope_id) = 5 AND rollup_id = (SELECT max(id) FROM rollup_run) ORDER BY datasets DESC LIMIT 1`,
)
const [license] = await db.all<{ id: string }>(
  sql`SELECT value AS id FROM rollup_facet WHERE facet = 'license' AND rollup_id = (SELECT max(id) FROM rollup_run) ORDER BY datasets DESC LIMIT 1`,
)
console.log(
  `search: ${total.toLocaleString('en')} datasets in ${portalIds.length} portals; organization ${organization?.id}, region ${region?.id}, licence ${license?.id}; ${ROUNDS} rounds`,
)

const base: SnapshotSearchInput = { sort: 'relevance', page: 1, pageSize: 20 }
const search = (input: Partial<SnapshotSearchInput>) => snapshotSearch(db, portalIds, { ...base, ...input }, { everyPortal: true })
// Page 50 by keyset: the cursor of page 49, as a client paging on would hold it.
let cursor: string | undefined
for (let page = 1; page < 50; page++) cursor = (await search(cursor ? { cursor } : {})).nextCursor ?? undefined

const CASES: Array<[string, Partial<SnapshotSearchInput>]> = [
  ['no filter (first view)', {}],
  ['a word ("doprava")', { q: 'doprava' }],
  ['a format (CSV)', { formats: ['CSV'] }],
  ['an organization', { organizationIds: [organization!.id] }],
  ['a region', { regions: [region!.id] }],
  ['a licence (merged)', { licenses: [license!.id] }],
  ['a word plus two facets', { q: 'doprava', formats: ['CSV'], licenses: [license!.id] }],
  ['page 50 (page number)', { page: 50 }],
  ['page 50 (keyset cursor)', { cursor: cursor! }],
  ['by name', { sort: 'name' }],
  ['a word, newest first', { q: 'doprava', sort: 'modified' }],
  ['a word, by name', { q: 'doprava', sort: 'name' }],
]

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
function report(label: string, times: number[], target: number, note = '') {
  const sorted = [...times].sort((a, b) => a - b)
  const p95 = percentile(sorted, 95)
  console.log(
    `search: ${label.padEnd(28)} p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  (target ≤ ${target} ms: ${p95 <= target ? 'within' : 'over'})${note}`,
  )
}

for (const [label, input] of CASES) {
  const first = await search(input)
  const times: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now()
    await search(input)
    times.push(performance.now() - started)
  }
  report(label, times, 50, `  ${first.total.toLocaleString('en')}${first.totalApproximate ? ' (estimated)' : ''} results`)
}

if (process.env.BENCH_SEARCH_SSR !== 'off') {
  // The explorer's first view through the built server as `npm start` serves it, on this database; rendered for each
  // request (guests are otherwise answered from the page cache, decision 018, which is not what this measures).
  const { server, port } = await startBuiltServer('', { env: { DATABASE_URL: url, PORTALSCOPE_PAGE_CACHE: 'off' } })
  try {
    const render = async (query: string) => {
      const started = performance.now()
      const response = await fetch(`http://127.0.0.1:${port}/ckan-explorer${query}`)
      await response.text()
      if (!response.ok) throw new Error(`/ckan-explorer${query} answered ${response.status}`)
      return performance.now() - started
    }
    for (const [label, query] of [
      ['SSR /ckan-explorer', ''],
      ['SSR /ckan-explorer?q=doprava', '?q=doprava&source=snapshot'],
    ] as const) {
      await render(query)
      const times: number[] = []
      for (let round = 0; round < ROUNDS; round++) times.push(await render(query))
      report(label, times, 80)
    }
  } finally {
    server.kill('SIGTERM')
  }
}
process.exit(0)
