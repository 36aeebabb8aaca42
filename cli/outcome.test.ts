import { describe, expect, it } from 'vitest'
import { defaultRunName, describeFailure, EXIT, progressLine, runExitCode } from './outcome.ts'

const counts = (changes: Partial<Record<'passed' | 'failed' | 'blocked' | 'skipped' | 'untested', number>>) => ({ passed: 0, failed: 0, blocked: 0, skipped: 0, untested: 0, ...changes })

describe('portalscope exit codes', () => {
  it('passes a run when nothing failed or was blocked, skipped and untested included', () => {
    expect(runExitCode(counts({ passed: 5 }))).toBe(EXIT.ok)
    expect(runExitCode(counts({ passed: 5, skipped: 2, untested: 3 }))).toBe(EXIT.ok)
    expect(runExitCode(counts({}))).toBe(EXIT.ok)
  })

  it('fails a run with one failed or one blocked case', () => {
    expect(runExitCode(counts({ passed: 9, failed: 1 }))).toBe(EXIT.failed)
    expect(runExitCode(counts({ passed: 9, blocked: 1 }))).toBe(EXIT.failed)
  })

  it('answers 3 when the server cannot be reached or refuses the token, 1 when it refuses the operation', () => {
    const server = 'http://localhost:3000'
    expect(describeFailure({ kind: 'network', detail: 'connect ECONNREFUSED 127.0.0.1:3000' }, server)).toEqual({
      exitCode: EXIT.unreachable,
      message: 'Could not reach the Portalscope server at http://localhost:3000: connect ECONNREFUSED 127.0.0.1:3000',
    })
    expect(describeFailure({ kind: 'http', status: 401, message: 'Sign in first' }, server).exitCode).toBe(EXIT.unreachable)
    const readOnly = describeFailure({ kind: 'http', status: 403, message: 'This API token may only read' }, server)
    expect(readOnly).toEqual({ exitCode: EXIT.unreachable, message: 'The server refused the token (403): This API token may only read' })
    expect(describeFailure({ kind: 'http', status: 404, message: 'Run not found' }, server)).toEqual({ exitCode: EXIT.failed, message: 'The server refused (404): Run not found' })
    expect(describeFailure({ kind: 'http', status: 400, message: '' }, server).message).toBe('The server refused (400)')
    expect(describeFailure({ kind: 'http', status: 503, message: 'Busy' }, server)).toEqual({ exitCode: EXIT.failed, message: 'The server failed (503): Busy' })
  })
})

describe('portalscope output', () => {
  it('counts recorded cases against all of them in a progress line', () => {
    expect(progressLine({ pending: 7, counts: counts({ passed: 2, failed: 1, untested: 7 }) })).toBe('3/10 recorded (passed 2, failed 1, blocked 0, skipped 0), 7 checks pending')
    expect(progressLine({ pending: 1, counts: counts({ passed: 1, untested: 1 }) })).toBe('1/2 recorded (passed 1, failed 0, blocked 0, skipped 0), 1 check pending')
  })

  it('names a run after the minute it started, in UTC', () => {
    expect(defaultRunName(new Date('2026-11-24T09:05:59.999+01:00'))).toBe('CI 2026-11-24 08:05 UTC')
  })
})
