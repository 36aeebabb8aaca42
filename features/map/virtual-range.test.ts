import { describe, expect, it } from 'vitest'
import { visibleRange } from './virtual-range.ts'

describe('visibleRange', () => {
  it('renders the rows in sight and a few more on each side', () => {
    expect(visibleRange(0, 400, 80, 100, 3)).toEqual({ start: 0, end: 8 })
    expect(visibleRange(800, 400, 80, 100, 3)).toEqual({ start: 7, end: 18 })
  })
  it('stays within the rows there are', () => {
    expect(visibleRange(7900, 400, 80, 100, 3)).toEqual({ start: 95, end: 100 })
    expect(visibleRange(0, 400, 80, 0, 3)).toEqual({ start: 0, end: 0 })
  })
})
