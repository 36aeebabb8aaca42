// JUnit import of a large report (docs/junit-import.md): writes a ~200 MB JUnit XML file to disk (200,000 test cases
// over 2,000 distinct ones, each with output, one in fifty failing with a stack), then imports it through
// POST /api/test-runs/:runId/import-junit, streamed from the file. Prints the time and how
// far the server's memory rose (bench/heap-probe.ts): it must stay bounded by the number of distinct cases, not by the
// file's size. The server is the built one (`npm start`), on a throwaway database.
//
//   npx node bench/junit-import.ts [testcases=200000] [distinct=2000]
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startBuiltServer } from './built-server.ts'
import { readHeapProbe } from './heap-probe.ts'

const testcases = Number(process.argv[2] ?? 200_000)
const distinct = Number(process.argv[3] ?? 2_000)
const ROOT = path.resolve(import.meta.dirname, '..')
const MB = 1024 * 1024

/** Streams the report to disk, a suite per module, each test case written `testcases / distinct` times. */
async function writeReport(file: string): Promise<number> {
  const out = createWriteStream(file)
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain')
  }
  const line = 'INFO  c.e.portal.Harvester - page harvested, 100 datasets, 0 errors; checking resources and licences\n'
  const output = line.repeat(9)
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

/** Streams the file as the body of the import (chunked, as a CI upload of a generated report would be). */
function upload(port: number, pathname: string, cookie: string, file: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, method: 'POST', headers: { 'content-type': 'application/xml', origin: `http://127.0.0.1:${port}`, cookie, 'transfer-encoding': 'chunked' } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(req)
  })
}

const directory = await mkdtemp(path.join(tmpdir(), 'portalscope-junit-'))
const file = path.join(directory, 'bench-junit.xml')
const probeFile = path.join(directory, 'probe.json')
let server: ChildProcess | null = null
try {
  const startedWrite = performance.now()
  const size = await writeReport(file)
  console.log(`junit-import: wrote ${(size / MB).toFixed(1)} MB (${testcases} test cases, ${distinct} distinct) in ${((performance.now() - startedWrite) / 1000).toFixed(1)} s`)

  const started = await startBuiltServer(directory, { nodeArgs: ['--import', path.join(ROOT, 'bench/heap-probe.ts')], env: { HEAP_PROBE_FILE: probeFile } })
  server = started.server
  const port = started.port
  const base = `http://127.0.0.1:${port}`
  const signup = await fetch(`${base}/api/trpc/auth.signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ json: { name: 'Bench', email: 'bench@junit.example', password: 'dlouhé bezpečné heslo 42' } }),
  })
  const cookie = signup.headers.getSetCookie().find((c) => c.startsWith('portalscope_session='))!.split(';')[0]!
  const call = async <T>(procedure: string, input: unknown): Promise<T> => {
    const res = await fetch(`${base}/api/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify({ json: input }) })
    if (res.status !== 200) throw new Error(`${procedure}: ${res.status} ${await res.text()}`)
    return ((await res.json()) as { result: { data: { json: T } } }).result.data.json
  }
  const { id: projectId } = await call<{ id: string }>('projects.create', { name: 'Bench', key: 'BENCH' })
  // A quarter of the distinct cases exist and are in the run; the import creates the rest.
  const existing: string[] = []
  for (let id = 0; id < distinct / 4; id += 1) existing.push((await call<{ id: string }>('testCases.create', { projectId, title: `bench.module${id % 20}.test_case_${id}`, state: 'active' })).id)
  const { id: runId } = await call<{ id: string }>('testRuns.create', { projectId, run: { name: 'Bench' }, source: { kind: 'selection', caseIds: existing } })

  const idle = await readHeapProbe(server, probeFile)
  const importStarted = performance.now()
  const res = await upload(port, `/api/test-runs/${runId}/import-junit?createUnknown=1&filename=bench.xml`, cookie, file)
  const seconds = (performance.now() - importStarted) / 1000
  const during = await readHeapProbe(server, probeFile)
  if (res.status !== 200) throw new Error(`import: ${res.status} ${res.body.slice(0, 500)}`)
  const answer = JSON.parse(res.body) as { recorded: number; created: number; addedToRun: number; counts: Record<string, number> }
  console.log(`junit-import: ${res.status}, ${answer.recorded} results recorded, ${answer.created} cases created, ${answer.addedToRun} added to the run, counts ${JSON.stringify(answer.counts)}`)
  console.log(`junit-import: ${seconds.toFixed(1)} s (${(size / MB / seconds).toFixed(1)} MB/s)`)
  console.log(
    `junit-import: server heap ${(idle.heap / MB).toFixed(0)} MB before, peak ${(during.peakHeap / MB).toFixed(0)} MB during; RSS ${(idle.peakRss / MB).toFixed(0)} MB before, peak ${(during.peakRss / MB).toFixed(0)} MB during (maxRSS ${(during.maxRss / MB).toFixed(0)} MB)`,
  )
} finally {
  server?.kill('SIGTERM')
  if (server) await once(server, 'exit').catch(() => undefined)
  await rm(directory, { recursive: true, force: true })
}
