// A person's saves while a tester imports a large JUnit report (docs/decisions/012-database-writes.md, "Imports"):
// the real Hono app on a throwaway libSQL file, a project of `results` cases (a hundred of them in the run, the import
// appends the rest), and an editor saving cases every 50 ms until the import answers. Reports how long each save
// took and whether any failed, and what the import recorded.
//
// Used by bench/write-contention.ts (the figures). The app runs in a process of its own (tests/load/app-process.ts, on
// a port in 4200-4299), so that the saves are sent on time whatever its event loop is doing, and measured as a person
// would notice them.

import { createClient } from '@libsql/client'
import { startAppProcess, type AppProcess } from './app-server.ts'

type SaveFigures = { ok: number; failed: number; p50: number; p95: number; max: number; statuses: number[] }

export type JunitContentionReport = {
  results: number
  import: { status: number; seconds: number; recorded: number; addedToRun: number }
  /** Every save made until the import answered. */
  saves: SaveFigures
  /** The saves sent once the import had stored its first results (its write phase; before it, it reads and matches). */
  savesWhileWriting: SaveFigures
}


function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!)
}

function figures(saves: Array<{ ms: number; status: number }>): SaveFigures {
  const times = saves.map((save) => save.ms)
  return {
    ok: saves.filter((save) => save.status === 200).length,
    failed: saves.filter((save) => save.status !== 200).length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: percentile(times, 100),
    statuses: [...new Set(saves.map((save) => save.status))],
  }
}

/** A report of `count` distinct test cases over 20 modules, each with a little output, one in fifty failing. */
export function junitReport(count: number): string {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="contention">\n']
  const modules = 20
  for (let module = 0; module < modules; module += 1) {
    parts.push(`  <testsuite name="bench.module${module}">\n`)
    for (let id = module; id < count; id += modules) {
      const failure = id % 50 === 0 ? `<failure message="expected 100 datasets" type="AssertionError">at harvest (HarvestTest.java:87)</failure>` : ''
      parts.push(`    <testcase classname="bench.module${module}" name="test_case_${id}" time="0.${id % 1000}">${failure}<system-out>page harvested, 100 datasets</system-out></testcase>\n`)
    }
    parts.push('  </testsuite>\n')
  }
  parts.push('</testsuites>\n')
  return parts.join('')
}

/** `port`: where the app process listens (4231 unless given). */
export async function runJunitContention(options: { results: number; port?: number; log?: (line: string) => void }): Promise<JunitContentionReport> {
  const log = options.log ?? (() => {})
  let app: AppProcess | null = null
  try {
    app = await startAppProcess({ port: options.port ?? 4231 })
    const { base, url } = app
    const signUp = async (name: string, email: string) => {
      const res = await fetch(`${base}/api/trpc/auth.signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ json: { name, email, password: 'dlouhé bezpečné heslo 42' } }),
      })
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('portalscope_session='))
      if (!cookie) throw new Error(`no session for ${email}: ${res.status}`)
      return cookie.split(';')[0]!
    }
    const call = async <T>(procedure: string, input: unknown, cookie: string): Promise<{ status: number; data: T }> => {
      const res = await fetch(`${base}/api/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify({ json: input }) })
      const body = (await res.json()) as { result?: { data: { json: T } } }
      return { status: res.status, data: body.result?.data.json as T }
    }
    const must = async <T>(procedure: string, input: unknown, cookie: string): Promise<T> => {
      const { status, data } = await call<T>(procedure, input, cookie)
      if (status !== 200) throw new Error(`${procedure}: ${status}`)
      return data
    }

    const editor = await signUp('Eva Editor', 'eva@contention.example')
    const tester = await signUp('Tomáš Tester', 'tomas@contention.example')
    const { id: projectId } = await must<{ id: string }>('projects.create', { name: 'Contention', key: 'CONT' }, editor)
    await must('projects.members.add', { projectId, email: 'tomas@contention.example', role: 'tester' }, editor)

    // The project's cases, titled as the report names them. The run starts with a hundred of them and the import appends
    // the rest (a run created from tens of thousands of cases is another matter).
    const lines = ['Title;State']
    for (let id = 0; id < options.results; id += 1) lines.push(`bench.module${id % 20}.test_case_${id};Active`)
    const imported = await must<{ created: number }>('testCases.import', { projectId, csv: `${lines.join('\n')}\n` }, editor)
    log(`${imported.created} cases created`)
    const listed = await fetch(`${base}/api/trpc/testCases.list?input=${encodeURIComponent(JSON.stringify({ json: { projectId, filters: {}, pageSize: 100 } }))}`, { headers: { cookie: editor } })
    const { items } = ((await listed.json()) as { result: { data: { json: { items: Array<{ id: string }> } } } }).result.data.json
    const { id: runId, cases } = await must<{ id: string; cases: number }>('testRuns.create', { projectId, run: { name: 'CI' }, source: { kind: 'selection', caseIds: items.map((item) => item.id) } }, editor)
    log(`run of ${cases} cases`)
    // The cases a person edits meanwhile (each save starts from the version the last one answered).
    const edited: Array<{ id: string; version: number; saving: boolean }> = []
    for (let index = 0; index < 20; index += 1) edited.push({ ...(await must<{ id: string; version: number }>('testCases.create', { projectId, title: `Edited during the import ${index}` }, editor)), saving: false })

    const xml = junitReport(options.results)
    let importDone = false
    const importStarted = performance.now()
    const importing = (async () => {
      const res = await fetch(`${base}/api/test-runs/${runId}/import-junit?filename=contention.xml`, { method: 'POST', headers: { 'content-type': 'application/xml', origin: base, cookie: tester }, body: xml })
      const text = await res.text()
      return { status: res.status, seconds: (performance.now() - importStarted) / 1000, summary: (res.status === 200 ? JSON.parse(text) : {}) as { recorded?: number; addedToRun?: number } }
    })().finally(() => {
      importDone = true
    })

    // A save every 50 ms, whether or not the ones before have answered (a case at a time), until the import answers.
    // Whether the import has begun storing results is read from the file itself, as another process would.
    const file = createClient({ url })
    let writing = false
    const saves: Array<{ ms: number; status: number; whileWriting: boolean }> = []
    const pending: Array<Promise<void>> = []
    for (let round = 0; !importDone; round += 1) {
      writing ||= Number((await file.execute('SELECT count(*) AS n FROM test_result')).rows[0]!.n) > 0
      const item = edited[round % edited.length]!
      if (!item.saving) {
        item.saving = true
        const started = performance.now()
        const whileWriting = writing
        pending.push(
          call<{ version: number }>('testCases.update', { id: item.id, expectedVersion: item.version, title: `Edited during the import, save ${round}` }, editor).then(({ status, data }) => {
            saves.push({ ms: performance.now() - started, status, whileWriting })
            if (status === 200) item.version = data.version
            item.saving = false
          }),
        )
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await Promise.all(pending)
    file.close()
    const done = await importing
    return {
      results: options.results,
      import: { status: done.status, seconds: done.seconds, recorded: done.summary.recorded ?? 0, addedToRun: done.summary.addedToRun ?? 0 },
      saves: figures(saves),
      savesWhileWriting: figures(saves.filter((save) => save.whileWriting)),
    }
  } finally {
    await app?.stop()
  }
}
