// The three commands of `portalscope`: each talks to the server and answers its exit code. Progress and warnings go
// to stderr; what a script reads (a summary, an exported file) to stdout.

import { createReadStream, createWriteStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { setTimeout as sleep } from 'node:timers/promises'
import { z } from 'zod'
import { runHref } from '../lib/routing/project-links.ts'
import type { Connection, ExportCommand, ImportJunitCommand, RunCommand } from './args.ts'
import { defaultRunName, EXIT, progressLine, runExitCode, type ExitCode, type RunCounts } from './outcome.ts'
import { answerText, apiClient, call, CLI_MAX_ANSWER_BYTES, failureOf, request, RequestFailed } from './requests.ts'
import { printable } from './terminal.ts'
import { AnswerTooLarge, boundedStream } from '../lib/api/bounded-body.ts'
import { madeBy } from '../lib/made-by.ts'

export type Output = { out: (line: string) => void; err: (line: string) => void; stdout: NodeJS.WritableStream }

/** The most an export writes: a run's JUnit, CSV or JSON is a few MB; a server that sends more is not ours to trust. */
export const MAX_EXPORT_BYTES = 1024 * 1024 * 1024

/** How often `run --wait` asks for progress, and how many failed asks in a row it forgives (a restart, a busy moment). */
export const POLL_INTERVAL_MS = 2_000
const POLL_FAILURES_FORGIVEN = 3
/** Without a change, a progress line at least this often, so a CI log shows the command is alive. */
const QUIET_PROGRESS_MS = 30_000

export async function runSuite(command: RunCommand, connection: Connection, io: Output): Promise<ExitCode> {
  const api = apiClient(connection)
  const { project } = await call(api.testSuites.byId.query({ id: command.suiteId }))
  const name = command.runName ?? defaultRunName(new Date())
  const created = await call(
    api.testRuns.create.mutate({
      projectId: project.id,
      run: { name, build: command.build, commit: command.commit, portalId: command.portalId },
      source: { kind: 'suite', suiteId: command.suiteId },
    }),
  )
  const url = new URL(runHref(created.id), connection.url).toString()
  const { queued } = await call(api.testRuns.runChecks.mutate({ runId: created.id }))
  io.err(`Started run "${printable(name)}" in ${printable(project.key)}: ${created.cases} case${created.cases === 1 ? '' : 's'}, ${queued} automated check${queued === 1 ? '' : 's'} queued.`)
  if (queued === 0) io.err('Warning: the suite has no automated cases; nothing will be checked.')
  if (!command.wait) {
    io.out(`Run ${created.id} started: ${url}`)
    return EXIT.ok
  }

  const started = Date.now()
  let lastLine = ''
  let lastPrinted = 0
  let failuresInARow = 0
  for (;;) {
    let progress: { pending: number; counts: RunCounts }
    try {
      progress = await api.testRuns.checkProgress.query({ runId: created.id })
      failuresInARow = 0
    } catch (error) {
      const failure = failureOf(error)
      const transient = failure.kind === 'network' || failure.status >= 500
      if (!transient || ++failuresInARow > POLL_FAILURES_FORGIVEN) throw new RequestFailed(failure)
      io.err(`Could not read the progress (${failure.kind === 'network' ? printable(failure.detail) : failure.status}); trying again.`)
      await sleep(POLL_INTERVAL_MS)
      continue
    }
    const line = progressLine(progress)
    if (line !== lastLine || Date.now() - lastPrinted >= QUIET_PROGRESS_MS) {
      io.err(line)
      lastLine = line
      lastPrinted = Date.now()
    }
    if (progress.pending === 0) {
      if (command.complete) await completeRun(api, created.id, io)
      await printOutcome(api, created.id, name, project.key, progress.counts, url, io)
      return runExitCode(progress.counts)
    }
    if (command.timeoutS !== null && Date.now() - started >= command.timeoutS * 1000) {
      if (command.complete) io.err('The run was left open: its checks were still pending.')
      io.out(`Gave up after ${command.timeoutS} s with ${progress.pending} check${progress.pending === 1 ? '' : 's'} still pending: ${url}`)
      return EXIT.failed
    }
    await sleep(POLL_INTERVAL_MS)
  }
}

/** How many times completing is tried when the run changed between reading its version and completing it. */
const COMPLETE_TRIES = 3

/**
 * Completes the run over its current version (an editor's right, which the token's owner has: they created it). A
 * change in between (a result that started the run) is a CONFLICT: the version is read again and it is tried again.
 */
async function completeRun(api: ReturnType<typeof apiClient>, runId: string, io: Output): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const { version, run } = await call(api.testRuns.byId.query({ id: runId }))
    if (run.state === 'completed') break
    try {
      await api.testRuns.update.mutate({ id: runId, expectedVersion: version, run: { state: 'completed' } })
      break
    } catch (error) {
      const failure = failureOf(error)
      if (failure.kind !== 'http' || failure.status !== 409 || attempt >= COMPLETE_TRIES) throw new RequestFailed(failure)
    }
  }
  io.err('Run completed.')
}

/** The summary on stdout: the counts, the cases that failed or were blocked (with the server's note), the run's URL. */
async function printOutcome(api: ReturnType<typeof apiClient>, runId: string, name: string, key: string, counts: RunCounts, url: string, io: Output) {
  const { passed, failed, blocked, skipped, untested } = counts
  io.out(`Run "${printable(name)}" (${printable(key)}): passed ${passed}, failed ${failed}, blocked ${blocked}, skipped ${skipped}, untested ${untested}`)
  if (failed + blocked > 0) {
    const detail = await call(api.testRuns.byId.query({ id: runId }))
    for (const item of detail.cases) {
      const status = item.latest?.status
      if (status !== 'failed' && status !== 'blocked') continue
      const note = item.latest?.comment.split('\n')[0]?.trim()
      io.out(`  ${status.toUpperCase()} ${printable(item.key)} ${printable(item.title)}${note ? ` (${printable(note)})` : ''}`)
    }
  }
  io.out(url)
}

/** The import route's answer (built beside this command; read leniently so an added field breaks nothing). */
const ImportAnswerSchema = z.object({
  cases: z.number(),
  recorded: z.number(),
  created: z.number().default(0),
  addedToRun: z.number().default(0),
  unmatched: z.array(z.string()).default([]),
  counts: z.object({ passed: z.number(), failed: z.number(), skipped: z.number() }),
  warnings: z.array(z.string()).default([]),
})

export async function importJunit(command: ImportJunitCommand, connection: Connection, io: Output): Promise<ExitCode> {
  const file = await stat(command.file).catch(() => null)
  if (!file?.isFile()) {
    io.err(`Cannot read "${command.file}": no such file.`)
    return EXIT.usage
  }
  const query = new URLSearchParams({ filename: basename(command.file) })
  if (command.createUnknown) query.set('createUnknown', '1')
  // Cases the run does not hold are added only with --add-cases (the server refuses with how many, nothing written).
  query.set('addCases', command.addCases ? '1' : '0')
  const route = `/api/test-runs/${encodeURIComponent(command.runId)}/import-junit?${query}`
  let response: Response
  try {
    response = await request(connection, route, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      // Streamed: a report of many megabytes is never held in memory whole.
      body: Readable.toWeb(createReadStream(command.file)) as ReadableStream<Uint8Array>,
      duplex: 'half',
    } as RequestInit)
  } catch (error) {
    throw await realRefusal(error, connection, route)
  }
  const parsed = ImportAnswerSchema.safeParse(await readJson(response))
  if (!parsed.success) {
    io.err('The server accepted the report but its answer was not understood; check the run in the browser.')
    return EXIT.failed
  }
  const answer = parsed.data
  const { passed, failed, skipped } = answer.counts
  io.out(
    `Imported ${basename(command.file)} into run ${command.runId}: ${answer.cases} test case${answer.cases === 1 ? '' : 's'}, ` +
      `${answer.recorded} result${answer.recorded === 1 ? '' : 's'} recorded (passed ${passed}, failed ${failed}, skipped ${skipped})` +
      (answer.created || answer.addedToRun ? `, ${answer.created} case${answer.created === 1 ? '' : 's'} created, ${answer.addedToRun} added to the run` : '') +
      '.',
  )
  if (answer.unmatched.length > 0) {
    io.out(`Not matched to a case (${answer.unmatched.length})${command.createUnknown ? '' : '; --create-unknown creates them'}:`)
    for (const name of answer.unmatched) io.out(`  ${printable(name)}`)
  }
  for (const warning of answer.warnings) io.err(`Warning: ${printable(warning)}`)
  return EXIT.ok
}

/**
 * A server that refuses an upload before reading it (no token, a viewer, a tester asking to create cases, a completed
 * run) answers and closes the connection while the file is still being sent; the client then sees the connection
 * break, or only a bare status from a proxy in between. Asking again with a one-byte body gets the refusal itself,
 * since access is checked before a body is read; a body that is refused as a file means the access was not the
 * problem, and the first failure stands.
 */
async function realRefusal(error: unknown, connection: Connection, route: string): Promise<unknown> {
  if (!madeBy(error, RequestFailed)) return error
  const { failure } = error
  const bare = failure.kind === 'network' || (failure.status === 400 && (failure.message === '' || failure.message === 'Bad Request'))
  if (!bare) return error
  try {
    await request(connection, route, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: ' ' })
  } catch (probe) {
    if (!madeBy(probe, RequestFailed) || probe.failure.kind !== 'http') return error
    const { status, message } = probe.failure
    if ([401, 403, 404].includes(status) || (status === 400 && !/not XML/i.test(message))) return probe
  }
  return error
}

/** The import's answer as JSON (null when it is not JSON), read up to the command's ceiling. */
async function readJson(response: Response): Promise<unknown> {
  const text = await answerText(response, CLI_MAX_ANSWER_BYTES)
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

export async function exportRun(command: ExportCommand, connection: Connection, io: Output): Promise<ExitCode> {
  const response = await request(connection, `/api/test-runs/${encodeURIComponent(command.runId)}/export?format=${command.format}`)
  const body = response.body ? Readable.fromWeb(boundedStream(response.body, MAX_EXPORT_BYTES) as WebReadableStream<Uint8Array>) : Readable.from([])
  try {
    if (command.output) {
      // The file is created only once the server has said yes, so a refusal leaves no empty file behind.
      await pipeline(body, createWriteStream(command.output))
      io.err(`Wrote ${command.format} export of run ${command.runId} to ${command.output}.`)
    } else {
      await pipeline(body, io.stdout, { end: false })
    }
  } catch (error) {
    if (madeBy(error, AnswerTooLarge)) throw new RequestFailed({ kind: 'network', detail: error.message })
    throw error
  }
  return EXIT.ok
}
