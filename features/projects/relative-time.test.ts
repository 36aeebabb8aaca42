import { describe, expect, it } from 'vitest'
import { relativeParts } from './relative-time.ts'

const NOW = new Date('2026-11-24T12:00:00Z')
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000)

describe('relativeParts', () => {
  it('says "now" for the last few seconds, in either direction', () => {
    expect(relativeParts(ago(10), NOW)).toEqual({ value: 0, unit: 'second' })
    expect(relativeParts(ago(-10), NOW)).toEqual({ value: 0, unit: 'second' })
  })

  it('picks the largest unit that reads naturally', () => {
    expect(relativeParts(ago(5 * 60), NOW)).toEqual({ value: -5, unit: 'minute' })
    expect(relativeParts(ago(50 * 60), NOW)).toEqual({ value: -1, unit: 'hour' })
    expect(relativeParts(ago(23 * 3600), NOW)).toEqual({ value: -1, unit: 'day' })
    expect(relativeParts(ago(3 * 86400), NOW)).toEqual({ value: -3, unit: 'day' })
    expect(relativeParts(ago(60 * 86400), NOW)).toEqual({ value: -2, unit: 'month' })
    expect(relativeParts(ago(800 * 86400), NOW)).toEqual({ value: -2, unit: 'year' })
  })

  it('counts forward for a clock that is ahead', () => {
    expect(relativeParts(ago(-2 * 3600), NOW)).toEqual({ value: 2, unit: 'hour' })
  })
})
