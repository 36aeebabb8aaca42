import { describe, expect, it } from 'vitest'
import { defaultFirstRun, fromLocalInput, toLocalInput } from './schedule-time.ts'

describe('schedule times', () => {
  it('starts tomorrow at 06:00 local time, across a month end', () => {
    expect(toLocalInput(defaultFirstRun(new Date(2026, 0, 31, 22, 15)))).toBe('2026-02-01T06:00')
  })

  it('reads back what it writes and refuses what is not a date', () => {
    const date = new Date(2026, 4, 7, 9, 30)
    expect(fromLocalInput(toLocalInput(date))?.getTime()).toBe(date.getTime())
    expect(fromLocalInput('2026-02-31T06:00')).toBeNull()
    expect(fromLocalInput('')).toBeNull()
    expect(fromLocalInput('tomorrow')).toBeNull()
  })
})
