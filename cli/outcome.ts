// What the `portalscope` command answers CI with: its exit code, decided from results and failures. Pure (outcome.test.ts).

import { printable } from './terminal.ts'

/** The documented exit codes (docs/api.md, `portalscope --help`). */
export const EXIT = {
  ok: 0,
  /** A check failed or was blocked, the wait timed out, or the server refused the operation (400, 404, 409...). */
  failed: 1,
  /** The command line or the configuration is wrong (nothing was sent). */
  usage: 2,
  /** The server could not be reached, or refused the token (401: unknown, expired or revoked; 403: not allowed). */
  unreachable: 3,
} as const
export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

export type RunCounts = { passed: number; failed: number; blocked: number; skipped: number; untested: number }

/** A finished run is green when nothing failed and nothing was blocked; skipped and untested cases do not fail it. */
export function runExitCode(counts: RunCounts): ExitCode {
  return counts.failed > 0 || counts.blocked > 0 ? EXIT.failed : EXIT.ok
}

/** Why a request did not succeed: no answer at all, or an answer with an HTTP status and the server's message. */
export type Failure = { kind: 'network'; detail: string } | { kind: 'http'; status: number; message: string }

/** A failure as a line for the log and the exit code it gives. */
export function describeFailure(failure: Failure, server: string): { exitCode: ExitCode; message: string } {
  if (failure.kind === 'network') {
    return { exitCode: EXIT.unreachable, message: `Could not reach the Portalscope server at ${server}: ${printable(failure.detail)}` }
  }
  const said = failure.message ? `: ${printable(failure.message)}` : ''
  if (failure.status === 401) {
    return { exitCode: EXIT.unreachable, message: `The server did not accept the token (401; unknown, expired or revoked)${said}` }
  }
  if (failure.status === 403) return { exitCode: EXIT.unreachable, message: `The server refused the token (403)${said}` }
  if (failure.status >= 500) return { exitCode: EXIT.failed, message: `The server failed (${failure.status})${said}` }
  return { exitCode: EXIT.failed, message: `The server refused (${failure.status})${said}` }
}

/** One progress line of a run being checked: "3/10 checked (passed 2, failed 1, blocked 0, skipped 0), 7 pending". */
export function progressLine(progress: { pending: number; counts: RunCounts }): string {
  const { passed, failed, blocked, skipped, untested } = progress.counts
  const total = passed + failed + blocked + skipped + untested
  const done = total - untested
  return `${done}/${total} recorded (passed ${passed}, failed ${failed}, blocked ${blocked}, skipped ${skipped}), ${progress.pending} check${progress.pending === 1 ? '' : 's'} pending`
}

/** The default run name: when it started, to the minute, in UTC (CI machines are in any time zone). */
export function defaultRunName(now: Date): string {
  return `CI ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}
