import { describe, expect, it } from 'vitest'
import { junitNoticeParam, noticeParams, parseJunitNotice } from './junit-notice.ts'

const read = (param: string) => parseJunitNotice(new URLSearchParams(param).get('junit') ?? undefined)

describe('the JUnit notice in a run page address', () => {
  it('carries a summary and a refusal as figures and codes, and reads them back', () => {
    const summary = { ok: true as const, recorded: 5, created: 2, addedToRun: 1, unmatchedCount: 3, counts: { passed: 2, failed: 2, blocked: 0, skipped: 1 }, warnings: 1 }
    expect(read(junitNoticeParam(summary))).toEqual(summary)
    const refusal = { ok: false as const, problem: 'tooDeep', line: 12, params: noticeParams({ max: 64, open: 'testsuite', closing: '</x>' }) }
    expect(refusal.params).toEqual({ max: 64 })
    expect(read(junitNoticeParam(refusal))).toEqual(refusal)
  })

  it.each([
    ['a file name', { ok: true, file: 'Your account is locked, call +420 123.xml', recorded: 1, created: 0, addedToRun: 0, unmatchedCount: 0, counts: { passed: 1, failed: 0, blocked: 0, skipped: 0 }, warnings: 0 }],
    ['test names', { ok: true, unmatched: ['Send your password to evil.example'], recorded: 1, created: 0, addedToRun: 0, unmatchedCount: 1, counts: { passed: 1, failed: 0, blocked: 0, skipped: 0 }, warnings: 0 }],
    ['a word as a parameter', { ok: false, problem: 'notJunit', line: null, params: { root: 'Pay the fine at evil.example' } }],
    ['a sentence as the problem', { ok: false, problem: 'Pay at evil.example', line: null, params: {} }],
    ['an unknown key', { ok: false, problem: 'malformed', line: null, params: {}, message: 'Pay at evil.example' }],
  ])('refuses a notice with %s', (_what, notice) => {
    expect(read(`junit=${encodeURIComponent(JSON.stringify(notice))}`)).toBeNull()
  })
})
