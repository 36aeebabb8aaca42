// Live federated search over five fixture portals, one of which never answers: the search must come back with the
// other four portals' results within the per-portal deadline (3 s).
import { performance } from 'node:perf_hooks'
import { liveSearch } from '../server/outbound/federated-search.server.ts'
import { startCkanFixture } from '../tests/ckan-fixture/server.ts'

const DEADLINE_MS = 3000
const fixture = await startCkanFixture({
  portals: [
    { slug: 'portal-a', datasets: 20_000 },
    { slug: 'portal-b', datasets: 20_000 },
    { slug: 'portal-c', datasets: 20_000 },
    { slug: 'portal-d', datasets: 20_000 },
    { slug: 'hanging', datasets: 100, fault: 'hang' },
  ],
})
try {
  const portals = ['portal-a', 'portal-b', 'portal-c', 'portal-d', 'hanging'].map((id) => ({ id, apiBase: fixture.apiBase(id) }))
  const runs: number[] = []
  let answered = 0
  for (let i = 0; i < 3; i++) {
    const started = performance.now()
    const result = await liveSearch(portals, { q: i === 0 ? undefined : 'data', sort: 'relevance', page: 1, pageSize: 20 }, { deadlineMs: DEADLINE_MS })
    runs.push(performance.now() - started)
    answered = result.portals.filter((portal) => portal.ok).length
  }
  console.log(`federated search (5 portals of 20,000 datasets, one hanging, deadline ${DEADLINE_MS / 1000} s)`)
  console.log(`  portals answered: ${answered} of 5`)
  console.log(`  time to answer:   ${runs.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')} (first run without a query)`)
} finally {
  await fixture.close()
}
