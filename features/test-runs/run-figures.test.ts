import { describe, expect, it } from 'vitest'
import { emptyCounts } from '../../lib/domain/test-runs.ts'
import { barSegments, defaultRunName, stateFromQuery } from './run-figures.ts'

describe('barSegments', () => {
  it('is empty for a run without cases', () => {
    expect(barSegments(emptyCounts())).toEqual([])
  })

  it('leaves out empty statuses and keeps the fixed order', () => {
    expect(barSegments({ ...emptyCounts(), untested: 2, passed: 2 })).toEqual([
      { status: 'passed', count: 2, percent: 50 },
      { status: 'untested', count: 2, percent: 50 },
    ])
  })

  it('always adds up to 100 %, giving the rounding remainder to the largest segment', () => {
    const segments = barSegments({ passed: 1, failed: 1, blocked: 1, skipped: 0, untested: 0 })
    expect(segments.map((segment) => segment.percent)).toEqual([33.4, 33.3, 33.3])
    const many = barSegments({ passed: 2, failed: 1, blocked: 1, skipped: 1, untested: 2 })
    expect(many.reduce((sum, segment) => sum + segment.percent, 0)).toBeCloseTo(100, 6)
  })
})

describe('stateFromQuery', () => {
  it('accepts the known states only', () => {
    expect(stateFromQuery('in_progress')).toBe('in_progress')
    expect(stateFromQuery('completed')).toBe('completed')
    expect(stateFromQuery(undefined)).toBeNull()
    expect(stateFromQuery('')).toBeNull()
    expect(stateFromQuery('done')).toBeNull()
  })
})

describe('defaultRunName', () => {
  it('names the run after the suite and the day, or leaves it for the user', () => {
    expect(defaultRunName('Regression', '23. 11. 2026')).toBe('Regression 23. 11. 2026')
    expect(defaultRunName(null, '23. 11. 2026')).toBe('')
  })
})
