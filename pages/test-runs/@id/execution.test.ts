import { describe, expect, it } from 'vitest'
import {
  countsAfter,
  currentCaseId,
  executionHref,
  filterCases,
  formatElapsed,
  formatElapsedMs,
  neighbourCaseId,
  newResultsFromOthers,
  parseDefects,
  parseElapsed,
  parseExecutionQuery,
  progressShares,
  shortcutFor,
} from './execution.ts'

const cases = [
  { id: 'a', key: 'E-1', assigneeId: 'u1', latest: { id: 1, status: 'passed' as const, recordedBy: 'Eva' } },
  { id: 'b', key: 'E-2', assigneeId: null, latest: null },
  { id: 'c', key: 'E-3', assigneeId: 'u2', latest: { id: 2, status: 'failed' as const, recordedBy: 'Xaver' } },
]
const key = (k: string, extra: Partial<{ shiftKey: boolean; ctrlKey: boolean; target: unknown }> = {}) => ({ key: k, shiftKey: false, ctrlKey: false, altKey: false, metaKey: false, target: { tagName: 'BODY' }, ...extra })

describe('the address of the execution view', () => {
  it('reads known statuses only and writes back only what is set', () => {
    expect(parseExecutionQuery({ status: 'failed', assignee: ' u1 ', case: 'c' })).toEqual({ status: 'failed', assignee: 'u1', caseId: 'c' })
    expect(parseExecutionQuery({ status: 'nonsense' })).toEqual({ status: null, assignee: null, caseId: null })
    expect(executionHref('r 1', { status: 'untested', assignee: null, caseId: 'b' })).toBe('/test-runs/r%201?status=untested&case=b')
    expect(executionHref('r', { status: null, assignee: null, caseId: null })).toBe('/test-runs/r')
  })
})

describe('filtering and moving between cases', () => {
  it('filters by latest status (no result is untested) and by assignee, "none" meaning unassigned', () => {
    expect(filterCases(cases, { status: 'untested', assignee: null }).map((c) => c.id)).toEqual(['b'])
    expect(filterCases(cases, { status: null, assignee: 'u2' }).map((c) => c.id)).toEqual(['c'])
    expect(filterCases(cases, { status: null, assignee: 'none' }).map((c) => c.id)).toEqual(['b'])
    expect(filterCases(cases, { status: 'passed', assignee: 'u2' })).toEqual([])
    // "done" is any result: what the progress by tester calls done.
    expect(filterCases(cases, { status: 'done', assignee: null }).map((c) => c.id)).toEqual(['a', 'c'])
    expect(filterCases(cases, { status: 'done', assignee: 'u2' }).map((c) => c.id)).toEqual(['c'])
    expect(parseExecutionQuery({ status: 'done' }).status).toBe('done')
  })
  it('opens the named case when shown, else the first; moves stop at both ends', () => {
    expect(currentCaseId(cases, 'c')).toBe('c')
    expect(currentCaseId(cases.slice(0, 2), 'c')).toBe('a')
    expect(currentCaseId([], 'c')).toBeNull()
    expect(neighbourCaseId(cases, 'a', 1)).toBe('b')
    expect(neighbourCaseId(cases, 'a', -1)).toBeNull()
    expect(neighbourCaseId(cases, 'c', 1)).toBeNull()
  })
})

describe('figures', () => {
  it('moves one case from its old status to the new one', () => {
    const counts = { passed: 1, failed: 1, blocked: 0, skipped: 0, untested: 1 }
    expect(countsAfter(counts, null, 'blocked')).toEqual({ passed: 1, failed: 1, blocked: 1, skipped: 0, untested: 0 })
    expect(countsAfter(counts, 'failed', 'passed')).toEqual({ passed: 2, failed: 0, blocked: 0, skipped: 0, untested: 1 })
    expect(counts.untested).toBe(1)
  })
  it('splits 100 % among statuses without losing a point to rounding', () => {
    const shares = progressShares({ passed: 1, failed: 1, blocked: 1, skipped: 0, untested: 0 })
    expect(Object.values(shares).reduce((a, b) => a + b, 0)).toBe(100)
    expect(shares.skipped).toBe(0)
    expect(progressShares({ passed: 0, failed: 0, blocked: 0, skipped: 0, untested: 0 }).passed).toBe(0)
  })
})

describe('keyboard shortcuts', () => {
  it('records and moves with single letters', () => {
    expect(shortcutFor(key('p'))).toEqual({ kind: 'status', status: 'passed' })
    expect(shortcutFor(key('F'))).toEqual({ kind: 'status', status: 'failed' })
    expect(shortcutFor(key('j'))).toEqual({ kind: 'move', step: 1 })
    expect(shortcutFor(key('N', { shiftKey: true }))).toEqual({ kind: 'move', step: -1 })
    expect(shortcutFor(key('x'))).toBeNull()
  })
  it('never fires while typing or with browser modifiers', () => {
    expect(shortcutFor(key('p', { target: { tagName: 'TEXTAREA' } }))).toBeNull()
    expect(shortcutFor(key('p', { target: { tagName: 'INPUT', type: 'text' } }))).toBeNull()
    expect(shortcutFor(key('p', { target: { tagName: 'DIV', isContentEditable: true } }))).toBeNull()
    expect(shortcutFor(key('p', { target: { tagName: 'INPUT', type: 'checkbox' } }))).toEqual({ kind: 'status', status: 'passed' })
    expect(shortcutFor(key('p', { ctrlKey: true }))).toBeNull()
  })
})

describe('form fields', () => {
  it('reads defects from lines or commas, without blanks or repeats', () => {
    expect(parseDefects('BUG-1, BUG-2\n\nhttps://x.example/3\nBUG-1')).toEqual(['BUG-1', 'BUG-2', 'https://x.example/3'])
  })
  it('reads elapsed time as minutes, m:ss or h:mm:ss and refuses the rest', () => {
    expect(parseElapsed('')).toBeNull()
    expect(parseElapsed('5')).toBe(300)
    expect(parseElapsed('1,5')).toBe(90)
    expect(parseElapsed('4:30')).toBe(270)
    expect(parseElapsed('1:02:03')).toBe(3723)
    expect(parseElapsed('4:75')).toBeUndefined()
    expect(parseElapsed('soon')).toBeUndefined()
    expect(formatElapsed(270)).toBe('4:30')
    expect(formatElapsed(3723)).toBe('1:02:03')
  })
  it('shows a time to the millisecond: short ones in seconds, long ones as m:ss with the milliseconds', () => {
    expect(formatElapsedMs(9)).toBe('0.009 s')
    expect(formatElapsedMs(12_500)).toBe('12.5 s')
    expect(formatElapsedMs(366_120)).toBe('6:06.120')
    expect(formatElapsedMs(270_000)).toBe('4:30')
    expect(formatElapsedMs(3_723_004)).toBe('1:02:03.004')
    expect(formatElapsedMs(9, 'cs')).toBe('0,009 s')
  })
})

describe('announcing others', () => {
  it('names cases whose latest result changed by someone else, not our own or unchanged ones', () => {
    const after = [{ ...cases[0]!, latest: { id: 5, status: 'blocked' as const, recordedBy: 'Xaver' } }, { ...cases[1]!, latest: { id: 6, status: 'passed' as const, recordedBy: 'Me' } }, { ...cases[2]!, latest: { id: -1, status: 'passed' as const, recordedBy: 'You' } }]
    expect(newResultsFromOthers(cases, after, new Set([6]))).toEqual([{ key: 'E-1', status: 'blocked', by: 'Xaver' }])
  })
})

describe('drafts', () => {
  it('sends the steps that were touched, parsed defects and elapsed time, or names the unreadable field', async () => {
    const { resultOf, isDirty, EMPTY_DRAFT } = await import('./draft.ts')
    const draft = { ...EMPTY_DRAFT, steps: { s1: { status: 'failed' as const, actual: 'No rows' }, s2: { status: 'untested' as const, actual: '' } }, comment: 'Empty CSV', elapsed: '2:30', defects: 'BUG-7, BUG-7' }
    expect(resultOf(draft, 'failed', ['s1', 's2', 's3'])).toEqual({
      ok: true,
      result: { status: 'failed', steps: [{ stepId: 's1', status: 'failed', actual: 'No rows' }], comment: 'Empty CSV', elapsedSeconds: 150, defects: ['BUG-7'], retest: false },
    })
    expect(resultOf({ ...draft, elapsed: 'later' }, 'passed', [])).toEqual({ ok: false, field: 'elapsed' })
    expect(isDirty(EMPTY_DRAFT)).toBe(false)
    expect(isDirty({ ...EMPTY_DRAFT, retest: true })).toBe(true)
  })
})
