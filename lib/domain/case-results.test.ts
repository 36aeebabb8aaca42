import { describe, expect, it } from 'vitest'
import {
  CASE_RESULTS_MAX_PAGE,
  caseResultsHref,
  caseResultsQuery,
  EMPTY_CASE_RESULTS_QUERY,
  pageCount,
  rerunCases,
  rerunName,
  staleBefore,
  staleDays,
  STALE_DAYS_DEFAULT,
} from './case-results.ts'

describe('the results history query', () => {
  it('reads the filters and the page, leaving out what does not fit', () => {
    expect(caseResultsQuery({})).toEqual(EMPTY_CASE_RESULTS_QUERY)
    expect(caseResultsQuery({ status: 'failed', run: ' r1 ', build: '1.4.2', page: '3' })).toEqual({ status: 'failed', runId: 'r1', build: '1.4.2', page: 3 })
    // There is no "untested" result, and nothing unknown.
    expect(caseResultsQuery({ status: 'untested' }).status).toBeNull()
    expect(caseResultsQuery({ status: 'PASSED' }).status).toBeNull()
    for (const page of ['0', '-1', 'x', '1.5', '', '99999']) expect(caseResultsQuery({ page }).page, page).toBe(1)
    expect(caseResultsQuery({ page: '9999' }).page).toBe(CASE_RESULTS_MAX_PAGE)
    expect(caseResultsQuery({ run: 'x'.repeat(65), build: 'y'.repeat(201) })).toMatchObject({ runId: null, build: null })
    expect(caseResultsQuery({ run: '   ', build: '' })).toMatchObject({ runId: null, build: null })
  })

  it('writes only what is set into the address, which reads back the same', () => {
    expect(caseResultsHref('/test-cases/c1', EMPTY_CASE_RESULTS_QUERY)).toBe('/test-cases/c1#results')
    const query = { status: 'blocked' as const, runId: 'r 1', build: 'v1&2', page: 2 }
    const href = caseResultsHref('/test-cases/c1', query)
    expect(href).toBe('/test-cases/c1?status=blocked&run=r+1&build=v1%262&page=2#results')
    const search = Object.fromEntries(new URL(href, 'http://x').searchParams)
    expect(caseResultsQuery(search)).toEqual(query)
  })

  it('counts pages, at least one and at most the bound', () => {
    expect(pageCount(0)).toBe(1)
    expect(pageCount(25)).toBe(1)
    expect(pageCount(26)).toBe(2)
    expect(pageCount(1_000_000)).toBe(CASE_RESULTS_MAX_PAGE)
  })
})

describe('reruns', () => {
  const cases = [
    { id: 'a', latest: { status: 'passed' as const } },
    { id: 'b', latest: { status: 'failed' as const } },
    { id: 'c', latest: null },
    { id: 'd', latest: { status: 'blocked' as const } },
    { id: 'e', latest: { status: 'skipped' as const } },
    { id: 'f', latest: { status: 'failed' as const } },
  ]
  it('takes the cases of the chosen outcomes, in the run order, never passed or skipped ones', () => {
    expect(rerunCases(cases, ['failed']).map((item) => item.id)).toEqual(['b', 'f'])
    expect(rerunCases(cases, ['untested']).map((item) => item.id)).toEqual(['c'])
    expect(rerunCases(cases, ['blocked', 'failed']).map((item) => item.id)).toEqual(['b', 'd', 'f'])
    expect(rerunCases(cases, ['failed', 'blocked', 'untested']).map((item) => item.id)).toEqual(['b', 'c', 'd', 'f'])
    expect(rerunCases(cases, [])).toEqual([])
  })

  it('names a rerun with one numbered suffix that counts on', () => {
    expect(rerunName('Nightly', 'rerun')).toBe('Nightly (rerun 1)')
    expect(rerunName('Nightly (rerun 1)', 'rerun')).toBe('Nightly (rerun 2)')
    expect(rerunName('Nightly (rerun 9)', 'rerun')).toBe('Nightly (rerun 10)')
    expect(rerunName('Noční běh (opakování 2)', 'opakování')).toBe('Noční běh (opakování 3)')
    // Another word, or a bracket that is not ours, is part of the name.
    expect(rerunName('Nightly (rerun 1)', 'opakování')).toBe('Nightly (rerun 1) (opakování 1)')
    expect(rerunName('Sprint (week 3)', 'rerun')).toBe('Sprint (week 3) (rerun 1)')
    expect(rerunName('Odd (re.run 1)', 're.run')).toBe('Odd (re.run 2)')
    expect(rerunName('Oddly (rexrun 1)', 're.run')).toBe('Oddly (rexrun 1) (re.run 1)')
  })

  it('keeps a rerun name within the limit by shortening the base, never the suffix', () => {
    const long = 'ř'.repeat(200)
    const named = rerunName(long, 'rerun')
    expect([...named].length).toBe(200)
    expect(named.endsWith(' (rerun 1)')).toBe(true)
    expect(rerunName(named, 'rerun').endsWith(' (rerun 2)')).toBe(true)
  })
})

describe('runs nobody touches', () => {
  it('reads the days, falling back to the default', () => {
    expect(staleDays(undefined)).toBe(STALE_DAYS_DEFAULT)
    expect(staleDays('14')).toBe(14)
    expect(staleDays('365')).toBe(365)
    for (const value of ['0', '366', '-3', 'x', '1e2', '']) expect(staleDays(value), value).toBe(STALE_DAYS_DEFAULT)
  })

  it('counts whole days back', () => {
    expect(staleBefore(30, new Date('2026-11-30T12:00:00Z')).toISOString()).toBe('2026-10-31T12:00:00.000Z')
  })
})
