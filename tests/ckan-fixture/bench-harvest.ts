// Pages through a generated portal the way a harvester does (rows=1000, sort=metadata_modified asc) and
// prints per-page latency and the server's memory. Not a test; run by hand:
//
//   npx node tests/ckan-fixture/bench-harvest.ts [datasets=1000000] [pages=all]
//   npx node tests/ckan-fixture/bench-harvest.ts --url http://127.0.0.1:5055/big/api/3 [pages]   (a running cli.ts)

import { startCkanFixture } from './server.ts'

const args = process.argv.slice(2)
let apiBase: string
let close = async () => {}
let pagesArg: string | undefined
if (args[0] === '--url') {
  apiBase = args[1] ?? ''
  pagesArg = args[2]
} else {
  const datasets = Number(args[0] ?? 1_000_000)
  pagesArg = args[1]
  const fx = await startCkanFixture({ portals: [{ slug: 'bench', datasets }] })
  apiBase = fx.apiBase('bench')
  close = () => fx.close()
}

const first = (await (await fetch(`${apiBase}/action/package_search?rows=0`)).json()) as { result: { count: number } }
const total = first.result.count
const pages = Math.min(Math.ceil(total / 1000), pagesArg ? Number(pagesArg) : Infinity)
const times: number[] = []
let bytes = 0
let seen = 0
let lastModified = ''
const t0 = performance.now()
for (let page = 0; page < pages; page++) {
  const t = performance.now()
  const res = await fetch(`${apiBase}/action/package_search?rows=1000&start=${page * 1000}&sort=metadata_modified%20asc`)
  const text = await res.text()
  const body = JSON.parse(text) as { result: { results: { metadata_modified: string }[] } }
  times.push(performance.now() - t)
  bytes += text.length
  for (const d of body.result.results) {
    if (d.metadata_modified <= lastModified) throw new Error(`out of order at page ${page}`)
    lastModified = d.metadata_modified
    seen++
  }
  if (page % 100 === 0) {
    const rss = Math.round(process.memoryUsage().rss / 1048576)
    console.log(`page ${page}: ${times[times.length - 1]!.toFixed(1)} ms, rss ${rss} MiB`)
  }
}
const sorted = [...times].sort((a, b) => a - b)
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1)
console.log(`${seen.toLocaleString('en')} datasets in ${pages} pages, ${(bytes / 1048576).toFixed(0)} MiB, ${((performance.now() - t0) / 1000).toFixed(1)} s`)
console.log(`per page (fetch + read + JSON.parse): p50 ${pct(50)} ms, p90 ${pct(90)} ms, p99 ${pct(99)} ms, max ${pct(100)} ms`)
console.log(`rss ${Math.round(process.memoryUsage().rss / 1048576)} MiB (client and server in one process unless --url)`)
await close()
