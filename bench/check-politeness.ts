// Issue 30, row 4: a tester queues checks on 10 automated cases of 500 resources each, whose links are spread over 12
// names of one server. Prints the requests per second that server sees (on average and in its busiest second), the
// most it had in flight at once, and how many it still gets after the run is completed (docs/checks.md, "Politeness").
//
//   npx node bench/check-politeness.ts [seconds=20]
import { DEFAULT_CHECK } from '../lib/domain/checks.ts'
import { runQueuedChecks } from '../server/jobs/automated-checks.server.ts'
import { queueRunChecks } from '../server/queries/check-queue.server.ts'
import { insertPortal } from '../server/queries/portals.server.ts'
import { createCaller } from '../server/trpc/router.server.ts'
import { startCkanFixture } from '../tests/ckan-fixture/server.ts'
import { signedInAccount } from '../tests/helpers/test-account.ts'
import { createTestDatabase } from '../tests/helpers/test-db.ts'
import { testContext } from '../tests/helpers/trpc-context.ts'

const SECONDS = Number(process.argv[2] ?? 20)
const AFTER_SECONDS = 5
const CASES = 10
const RESOURCES = 500
// Twelve names for the one server (the fixture on 127.0.0.1): the resolver below answers them all with its address.
const NAMES = Array.from({ length: 12 }, (_, index) => `alias-${index + 1}.victim.test`)
const policy = {
  allowPrivate: true,
  lookup: async (host: string) => {
    if (host === '127.0.0.1' || NAMES.includes(host)) return ['127.0.0.1']
    throw Object.assign(new Error(`${host} is not one of the bench's names`), { code: 'ENOTFOUND' })
  },
}

const fixture = await startCkanFixture({ portals: [{ slug: 'attacker', datasets: 400, resourceHosts: NAMES }] })
const testDb = await createTestDatabase()
const seconds = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
try {
  await insertPortal(testDb.db, { id: 'attacker', name: 'attacker', baseUrl: fixture.portalUrl('attacker'), apiBase: fixture.apiBase('attacker'), createdAt: new Date() })
  const tester = await signedInAccount(testDb.db, 'Tereza Tester', 'tereza@bench.test')
  const api = createCaller(await testContext(testDb.db, { auth: tester }))
  const projectId = (await api.projects.create({ name: 'Politeness', key: 'POL' })).id
  const caseIds: string[] = []
  for (let index = 0; index < CASES; index++) {
    const check = { ...DEFAULT_CHECK, type: 'resource-reachable' as const, portal: 'attacker', scope: 'portal-datasets' as const, limit: RESOURCES }
    caseIds.push((await api.testCases.create({ projectId, title: `Every link ${index + 1}`, type: 'automated', state: 'active', check })).id)
  }
  const run = await api.testRuns.create({ projectId, run: { name: 'Row 4' }, source: { kind: 'selection', caseIds } })
  // Queued as runChecks queues them (the quota is not what this measures).
  await queueRunChecks(testDb.db, { id: run.id, projectId }, tester.user!.id, null)

  const job = runQueuedChecks(testDb.db, { budgetMs: (SECONDS + AFTER_SECONDS) * 1000, policy })
  const perSecond: number[] = []
  let last = fixture.fileRequests()
  for (let second = 0; second < SECONDS; second++) {
    await seconds(1000)
    const now = fixture.fileRequests()
    perSecond.push(now - last)
    last = now
  }
  const byRun = await api.testRuns.byId({ id: run.id })
  await api.testRuns.update({ id: run.id, expectedVersion: byRun.run.version, run: { state: 'completed' } })
  const atCompletion = fixture.fileRequests()
  await seconds(AFTER_SECONDS * 1000)
  const afterCompletion = fixture.fileRequests() - atCompletion
  await fixture.close()
  await job

  const total = perSecond.reduce((sum, count) => sum + count, 0)
  console.log(`check politeness (${CASES} automated cases of ${RESOURCES} resources, links over ${NAMES.length} names of one server, ${SECONDS} s)`)
  console.log(`  requests at the server: ${(total / SECONDS).toFixed(1)}/s on average, ${Math.max(...perSecond)}/s in the busiest second, ${fixture.maxConcurrentFiles()} in flight at most`)
  console.log(`  after the run was completed: ${afterCompletion} requests in the next ${AFTER_SECONDS} s (one already on its way counts)`)
} finally {
  await fixture.close()
  await testDb.cleanup()
}
