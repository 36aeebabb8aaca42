import { describe, expect, it } from 'vitest'
import { decidingMessage, pausedByBreaker, type CheckEvidence, type CheckItemEvidence, type CheckMessage } from './checks.ts'
import type { ResultStatus } from './test-runs.ts'

const item = (outcome: ResultStatus, messages: CheckMessage[], subject = 'x'): CheckItemEvidence => ({
  subject,
  outcome,
  messages,
  request: null,
  finalUrl: null,
  status: null,
  latencyMs: null,
  headers: { contentType: null, contentLength: null, etag: null, lastModified: null },
  redirects: [],
  hash: null,
  bytes: null,
  excerpt: null,
  attempts: [],
})

const evidence = (outcome: ResultStatus, messages: CheckMessage[], items: CheckItemEvidence[] = []): CheckEvidence => ({
  ...item(outcome, messages),
  kind: 'check',
  check: 'csv-valid',
  scope: 'single',
  startedAt: '2026-11-29T00:00:00.000Z',
  durationMs: 1,
  items,
})

describe('the message that names why a check ended as it did', () => {
  it('skips what was found on the way to the problem', () => {
    const failed = evidence('failed', [{ code: 'csvEncoding', params: { encoding: 'utf-8' } }, { code: 'csvDelimiter', params: { delimiter: ',' } }, { code: 'csvUnique', params: { row: 4, column: 'id', value: '2' } }])
    expect(decidingMessage(failed)).toEqual({ code: 'csvUnique', params: { row: 4, column: 'id', value: '2' } })
    expect(decidingMessage(evidence('blocked', [{ code: 'ckan.timeout' }]))).toEqual({ code: 'ckan.timeout' })
  })

  it('looks into the first item that ended as the whole check did', () => {
    const items = [item('passed', [{ code: 'reachable', params: { status: 200, redirects: 0 } }], 'a'), item('blocked', [{ code: 'probe.timeout' }], 'b'), item('failed', [{ code: 'httpStatus', params: { status: 404 } }], 'c')]
    expect(decidingMessage(evidence('failed', [{ code: 'itemsChecked', params: { total: 3 } }], items))).toEqual({ code: 'httpStatus', params: { status: 404 } })
    expect(decidingMessage(evidence('blocked', [{ code: 'itemsChecked', params: { total: 3 } }], items))).toEqual({ code: 'probe.timeout' })
  })

  it('names a passed check by its first message, and nothing when there is none', () => {
    expect(decidingMessage(evidence('passed', [{ code: 'csvEncoding', params: { encoding: 'utf-8' } }, { code: 'csvRows', params: { rows: 1, columns: 1 } }]))).toEqual({ code: 'csvEncoding', params: { encoding: 'utf-8' } })
    expect(decidingMessage(evidence('skipped', []))).toBeNull()
  })
})

describe('a check paused by the circuit breaker', () => {
  it('is one blocked by the pause alone, at the top or in its items', () => {
    expect(pausedByBreaker(evidence('blocked', [{ code: 'ckan.circuit-open' }]))).toBe(true)
    const items = [item('passed', [{ code: 'reachable', params: { status: 200, redirects: 0 } }]), item('blocked', [{ code: 'probe.circuit-open' }])]
    expect(pausedByBreaker(evidence('blocked', [{ code: 'itemsChecked', params: { total: 2 } }], items))).toBe(true)
  })

  it('is not one blocked by an answer, nor one that failed', () => {
    expect(pausedByBreaker(evidence('blocked', [{ code: 'ckan.timeout' }]))).toBe(false)
    const items = [item('failed', [{ code: 'httpStatus', params: { status: 404 } }]), item('blocked', [{ code: 'probe.circuit-open' }])]
    expect(pausedByBreaker(evidence('failed', [{ code: 'itemsChecked', params: { total: 2 } }], items))).toBe(false)
  })
})
