import { describe, expect, it } from 'vitest'
import { etaParts, pollInterval, progressBar } from './harvest-progress.ts'

describe('harvest progress', () => {
  it('says how long is left in the unit a person would use', () => {
    expect(etaParts(0)).toEqual({ value: 1, unit: 'second' })
    expect(etaParts(42.2)).toEqual({ value: 43, unit: 'second' })
    expect(etaParts(200)).toEqual({ value: 4, unit: 'minute' })
    expect(etaParts(3 * 3600)).toEqual({ value: 3, unit: 'hour' })
  })

  it('is indeterminate until the total is known and never runs past it', () => {
    expect(progressBar(10, null)).toEqual({ value: null, max: 100 })
    expect(progressBar(10, 0)).toEqual({ value: null, max: 100 })
    expect(progressBar(250, 1000)).toEqual({ value: 250, max: 1000 })
    expect(progressBar(1200, 1000)).toEqual({ value: 1000, max: 1000 })
  })

  it('polls only while the harvest runs', () => {
    expect(pollInterval(true)).toBeGreaterThan(0)
    expect(pollInterval(false)).toBe(false)
  })
})
