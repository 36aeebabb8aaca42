// The latest test runs of every project the token's owner belongs to, and a non-zero exit when one of them has a
// failed or blocked case. A read token is enough (it only queries). From the repository root (docs/api.md):
//
//   PORTALSCOPE_URL=http://localhost:3000 PORTALSCOPE_TOKEN=<token> npx node docs/examples/latest-runs.ts
//
// `npx node` runs the repository's Node 22, which runs this TypeScript file as it is.
import { createPortalscopeClient } from '../../lib/api/client.ts'

const url = process.env.PORTALSCOPE_URL ?? 'http://localhost:3000'
const token = process.env.PORTALSCOPE_TOKEN
if (!token) {
  console.error('Set PORTALSCOPE_TOKEN to a personal API token (create one on your profile page).')
  process.exit(2)
}

const api = createPortalscopeClient(url, { token, locale: 'en' })
const me = await api.auth.me.query()
console.log(`Signed in as ${me.user?.name ?? 'nobody'} (via ${me.via})`)

let unhealthy = 0
for (const project of await api.projects.list.query()) {
  const { runs } = await api.testRuns.list.query({ projectId: project.id })
  console.log(`\n${project.key} ${project.name}: ${runs.length} run${runs.length === 1 ? '' : 's'}`)
  for (const run of runs.slice(0, 3)) {
    // Dates arrive as Date objects (superjson), counts per status of each case's latest result.
    const { passed, failed, blocked, untested } = run.counts
    const rate = run.passRate === null ? '    –' : `${Math.round(run.passRate * 100)} %`.padStart(5)
    console.log(`  ${run.createdAt.toISOString().slice(0, 10)} ${rate} passed  ${run.name} (${passed} passed, ${failed} failed, ${blocked} blocked, ${untested} untested)`)
    if (failed + blocked > 0) unhealthy += 1
  }
}
process.exitCode = unhealthy > 0 ? 1 : 0
