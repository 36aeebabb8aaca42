// JUnit import of a large report (docs/junit-import.md): writes a ~200 MB JUnit XML file to disk (200,000 test cases
// over 2,000 distinct ones, each with output, one in fifty failing with a stack), then imports it through
// POST /api/test-runs/:runId/import-junit on a throwaway database, streamed from the file. Prints the time and how
// far memory rose: the import must stay bounded by the number of distinct cases, not by the file's size.
//
//   npx node bench/junit-import.ts [testcases=200000] [distinct=2000]
import { createReadStream, createWriteStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { once } from 'node:events'
import { createTestDatabase } from '../tests/helpers/test-db.ts'
import { createApp } from '../server/app.server.ts'

const testcases = Number(process.argv[2] ?? 200_000)
const distinct = Number(process.argv[3] ?? 2_000)
const ORIGIN = 'http://localhost'
const MB = 1024 * 1024

/** Streams the report to disk, a suite per module, each test case written `testcases / distinct` times. */
async function writeReport(file: string): Promise<number> {
  const out = createWriteStream(file)
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain')
  }
  const line = 'INFO  c.e.portal.Harvester - page harvested, 100 datasets, 0 errors; checking resources and licences\n'
  const output = line.repeat(8)
  const stack = `java.lang.AssertionError: expected 100 datasets\n${'\tat com.example.portal.HarvestTest.pages(HarvestTest.java:87)\n'.repeat(10)}`
  await write('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="bench">\n')
  const modules = 20
  const perModule = Math.ceil(testcases / modules)
  let written = 0
  for (let module = 0; module < modules && written < testcases; module += 1) {
    await write(`  <testsuite name="bench.module${module}" tests="${perModule}">\n`)
    for (let i = 0; i < perModule && written < testcases; i += 1, written += 1) {
      const id = (written * 7919) % distinct
      const failing = written % 50 === 0
      await write(
        `    <testcase classname="bench.module${id % modules}" name="test_case_${id}" time="${(written % 1000) / 1000}">` +
          (failing ? `<failure message="expected 100 datasets" type="java.lang.AssertionError">${stack}</failure>` : '') +
          `<system-out><![CDATA[${output}]]></system-out></testcase>\n`,
      )
    }
    await write('    <system-out>module done</system-out>\n  </testsuite>\n')
  }
  await write('</testsuites>\n')
  out.end()
  await once(out, 'finish')
  return (await stat(file)).size
}

async function main() {
  const testDb = await createTestDatabase()
  process.env.DATABASE_URL = testDb.url
  const dir = path.dirname(testDb.url.slice('file:'.length))
  const file = path.join(dir, 'bench-junit.xml')
  try {
    const startedWrite = performance.now()
    const size = await writeReport(file)
    console.log(`junit-import: wrote ${(size / MB).toFixed(1)} MB (${testcases} test cases, ${distinct} distinct) in ${((performance.now() - startedWrite) / 1000).toFixed(1)} s`)

    const app = createApp()
    const signup = await app.request('/api/trpc/auth.signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ json: { name: 'Bench', email: 'bench@junit.example', password: 'dlouhé bezpečné heslo 42' } }),
    })
    const cookie = signup.headers.getSetCookie().find((c) => c.startsWith('portalscope_session='))!.split(';')[0]!
    const call = async <T>(procedure: string, input: unknown): Promise<T> => {
      const res = await app.request(`/api/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN, cookie }, body: JSON.stringify({ json: input }) })
      if (res.status !== 200) throw new Error(`${procedure}: ${res.status} ${await res.text()}`)
      return ((await res.json()) as { result: { data: { json: T } } }).result.data.json
    }
    const { id: projectId } = await call<{ id: string }>('projects.create', { name: 'Bench', key: 'BENCH' })
    // A quarter of the distinct cases exist and are in the run; the rest are created by the import.
    const existing: string[] = []
    for (let id = 0; id < distinct / 4; id += 1) existing.push((await call<{ id: string }>('testCases.create', { projectId, title: `bench.module${id % 20}.test_case_${id}`, state: 'active' })).id)
    const { id: runId } = await call<{ id: string }>('testRuns.create', { projectId, run: { name: 'Bench' }, source: { kind: 'selection', caseIds: existing } })

    global.gc?.()
    const before = process.memoryUsage()
    let peakHeap = before.heapUsed
    let peakRss = before.rss
    const sampler = setInterval(() => {
      const now = process.memoryUsage()
      peakHeap = Math.max(peakHeap, now.heapUsed)
      peakRss = Math.max(peakRss, now.rss)
    }, 20)
    const started = performance.now()
    const res = await app.request(`/api/test-runs/${runId}/import-junit?createUnknown=1&filename=bench.xml`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', origin: ORIGIN, cookie },
      body: Readable.toWeb(createReadStream(file, { highWaterMark: 256 * 1024 })) as ReadableStream<Uint8Array>,
      duplex: 'half',
    } as RequestInit)
    const answer = (await res.json()) as { recorded: number; created: number; addedToRun: number; counts: Record<string, number> }
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    if (res.status !== 200) throw new Error(`import: ${res.status} ${JSON.stringify(answer)}`)
    console.log(`junit-import: ${res.status}, ${answer.recorded} results recorded, ${answer.created} cases created, ${answer.addedToRun} added to the run, counts ${JSON.stringify(answer.counts)}`)
    console.log(`junit-import: ${seconds.toFixed(1)} s (${(size / MB / seconds).toFixed(1)} MB/s)`)
    console.log(`junit-import: heap before ${(before.heapUsed / MB).toFixed(0)} MB, peak ${(peakHeap / MB).toFixed(0)} MB; RSS before ${(before.rss / MB).toFixed(0)} MB, peak ${(peakRss / MB).toFixed(0)} MB (maxRSS of the process ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB)`)
  } finally {
    await testDb.cleanup()
  }
}

await main()
