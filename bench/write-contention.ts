// User writes against background writes in one SQLite file (docs/decisions/012-database-writes.md): the server's
// helper process loads the demo catalogue and harvests a 100,000-dataset fixture portal, first alone, then while 200
// clients sign up, update profiles, create tokens, sign out and in. Prints how much the harvest slows down, how long
// people's writes and reads take meanwhile, and whether any write failed or vanished. Then a tester imports a JUnit
// report of 40,000 results while an editor saves a case again and again: how long each save waited.
//
//   npx node bench/write-contention.ts [clients=200] [datasets=100000] [junit results=40000]
//   npx node bench/write-contention.ts junit [results=40000]      (only the JUnit import)
import { runJunitContention } from '../tests/load/junit-contention.ts'
import { runWriteLoad, type LoadReport } from '../tests/load/write-load.ts'

const junitOnly = process.argv[2] === 'junit'
const clients = Number(process.argv[2] ?? 200)
const datasets = Number(process.argv[3] ?? 100_000)
const junitResults = Number((junitOnly ? process.argv[3] : process.argv[4]) ?? 40_000)

if (!junitOnly) {
  const alone = await runWriteLoad({ clients: 0, datasets, writers: false })
  const loaded = await runWriteLoad({ clients, datasets })

  const seconds = (value: number | null) => (value === null ? '?' : `${value.toFixed(1)} s`)
  const line = (label: string, report: LoadReport) =>
    `${label}: demo catalogue ${seconds(report.demo.seconds)}, harvest of ${report.harvest.datasets.toLocaleString('en')} datasets ${seconds(report.harvest.seconds)} (${report.harvest.perSecond?.toLocaleString('en') ?? '?'}/s); reads p50 ${report.reads.p50} ms, p95 ${report.reads.p95} ms, max ${report.reads.max} ms (${report.reads.count})`
  console.log(line('write contention, background alone', alone))
  console.log(line(`write contention, with ${clients} clients writing`, loaded))
  if (alone.harvest.seconds && loaded.harvest.seconds) {
    console.log(`write contention: harvest slowdown ${Math.round((loaded.harvest.seconds / alone.harvest.seconds - 1) * 100)}% (the clients' password hashing shares the same two cores)`)
  }
  for (const [kind, figures] of Object.entries(loaded.writes.byKind)) {
    console.log(`write contention: ${kind.padEnd(7)} ${String(figures.ok).padStart(5)} ok, ${figures.failed} failed; p50 ${figures.p50} ms, p95 ${figures.p95} ms, max ${figures.max} ms`)
  }
  console.log(`write contention: ${loaded.writes.total} writes, ${loaded.failures.length} failed, ${loaded.lost.length} lost, ${loaded.phantom.length} phantom`)
}

const junit = await runJunitContention({ results: junitResults, log: (text) => console.log(`write contention, JUnit import: ${text}`) })
console.log(
  `write contention, JUnit import of ${junit.results.toLocaleString('en')} results: answered ${junit.import.status} in ${junit.import.seconds.toFixed(1)} s (${junit.import.recorded.toLocaleString('en')} recorded, ${junit.import.addedToRun.toLocaleString('en')} added to the run)`,
)
const saves = (label: string, figures: typeof junit.saves) =>
  console.log(
    `write contention, JUnit import: an editor's saves ${label} ${figures.ok} ok, ${figures.failed} failed (statuses ${figures.statuses.join(', ') || 'none'}); wait p50 ${figures.p50} ms, p95 ${figures.p95} ms, max ${figures.max} ms`,
  )
saves('meanwhile', junit.saves)
saves('while its results were being written', junit.savesWhileWriting)
process.exit(0)
