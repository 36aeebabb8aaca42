// CSV import of test cases (docs/test-case-csv.md) with many tiny rows, against the app in a process of its own
// (tests/load/app-process.ts: the same middleware, body limit and tRPC decoding as the server, no pages to build) on a
// throwaway database, a fresh one for each case: a preview of a file of two-byte rows as large as an import's request
// takes (IMPORT_BODY_MAX; JSON writes each line break as two characters), `concurrent` of them at once, a preview of a
// file at the row limit, and its import. Prints the time, the answer, the server's peak resident memory (the kernel's
// maxRSS, exact) and heap (sampled every 10 ms by bench/heap-probe.ts, so a peak inside a long synchronous stretch is
// missed) against what it held before, and the slowest health check it answered meanwhile.
//
//   npx node bench/case-import.ts [rows=as many as fit] [concurrent=6] [port=4232]
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CSV_IMPORT_MAX_ROWS } from '../lib/domain/test-case-csv.ts'
import { IMPORT_BODY_MAX } from '../server/request-body.server.ts'
import { startAppProcess, type AppProcess } from '../tests/load/app-server.ts'
import { readHeapProbe } from './heap-probe.ts'

// "t\n" is three characters in the JSON of the request; the rest of the request is well under 200.
const tinyRows = Number(process.argv[2] ?? Math.floor((IMPORT_BODY_MAX - 200) / 3))
const concurrent = Number(process.argv[3] ?? 6)
const port = Number(process.argv[4] ?? 4232)
const MB = 1024 * 1024

type Call = (procedure: string, input: unknown) => Promise<string>

/** A fresh app process and project; `work` timed, with the server's memory against what it held just before. */
async function measured(label: string, work: (call: Call, projectId: string) => Promise<string>): Promise<void> {
  let app: AppProcess | null = null
  const probeFile = path.join(tmpdir(), `portalscope-case-import-probe-${process.pid}.json`)
  try {
    app = await startAppProcess({ port, nodeArgs: ['--import', path.join(import.meta.dirname, 'heap-probe.ts')], env: { HEAP_PROBE_FILE: probeFile } })
    const { server, base } = app
    const signup = await fetch(`${base}/api/trpc/auth.signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ json: { name: 'Bench', email: 'bench@csv.example', password: 'dlouhé bezpečné heslo 42' } }),
    })
    const cookie = signup.headers.getSetCookie().find((c) => c.startsWith('portalscope_session='))!.split(';')[0]!
    /** A call as the import page makes it, answered as "<status>: <what it says>" (an id for a created project). */
    const call: Call = async (procedure, input) => {
      const res = await fetch(`${base}/api/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify({ json: input }) })
      const text = await res.text()
      let answer: { result?: { data: { json: { rows?: unknown[]; fileErrors?: string[]; created?: number; id?: string } } }; error?: { json?: { message: string }; message?: string } }
      try {
        answer = JSON.parse(text) as typeof answer
      } catch {
        return `${res.status}: ${text.slice(0, 200)}`
      }
      if (answer.error) return `${res.status}: ${answer.error.json?.message ?? answer.error.message}`
      const data = answer.result!.data.json
      if (data.id) return data.id
      if (data.fileErrors?.length) return `${res.status}: ${data.fileErrors.join(' ')}`
      return `${res.status}: ${data.created !== undefined ? `${data.created.toLocaleString('en')} created` : `${(data.rows?.length ?? 0).toLocaleString('en')} rows previewed`}`
    }
    const projectId = await call('projects.create', { name: 'Bench', key: 'BENCH' })

    const before = await readHeapProbe(server, probeFile)
    let slowestHealthMs = 0
    let running = true
    const health = (async () => {
      while (running) {
        const started = performance.now()
        await (await fetch(`${base}/api/trpc/health`)).arrayBuffer()
        slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    })()
    const started = performance.now()
    const answer = await work(call, projectId)
    const seconds = (performance.now() - started) / 1000
    running = false
    await health
    const during = await readHeapProbe(server, probeFile)
    const mb = (bytes: number) => (bytes / MB).toFixed(0)
    console.log(
      `case-import: ${label}: ${answer}; ${seconds.toFixed(1)} s; server RSS ${mb(before.maxRss)} -> peak ${mb(during.maxRss)} MB (+${mb(during.maxRss - before.maxRss)}), heap ${mb(before.heap)} -> peak ${mb(Math.max(during.peakHeap, during.heap))} MB (+${mb(Math.max(during.peakHeap, during.heap) - before.heap)}); slowest health check meanwhile ${slowestHealthMs.toFixed(0)} ms`,
    )
  } finally {
    await app?.stop()
    await rm(probeFile, { force: true })
  }
}

// "t\n" rows: a title each, the smallest row that is a case.
const tiny = `Title\n${'t\n'.repeat(tinyRows)}`
const atLimit = `Title\r\n${Array.from({ length: CSV_IMPORT_MAX_ROWS }, (_, index) => `t${index}\r\n`).join('')}`
const size = `${(tiny.length / MB).toFixed(1)} MB (${tinyRows.toLocaleString('en')} rows, a request of ${((tiny.length + tinyRows + 100) / MB).toFixed(1)} MB)`
await measured(`preview of ${size}`, (call, projectId) => call('testCases.importPreview', { projectId, csv: tiny }))
if (concurrent > 1) {
  await measured(`${concurrent} previews of ${size} at once`, async (call, projectId) =>
    (await Promise.all(Array.from({ length: concurrent }, () => call('testCases.importPreview', { projectId, csv: tiny })))).map((answer) => answer.slice(0, 60)).join(' | '),
  )
}
await measured(`preview at the limit (${CSV_IMPORT_MAX_ROWS.toLocaleString('en')} rows, ${(atLimit.length / MB).toFixed(1)} MB)`, (call, projectId) => call('testCases.importPreview', { projectId, csv: atLimit }))
await measured(`import at the limit`, (call, projectId) => call('testCases.import', { projectId, csv: atLimit }))
