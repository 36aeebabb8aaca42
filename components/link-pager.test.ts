import { describe, expect, it } from 'vitest'
import { pageWindow } from './LinkPager.tsx'

describe('pageWindow', () => {
  it('shows every page of a short list', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4])
    expect(pageWindow(1, 5, 2)).toEqual([1, 2, 3, 4, 5])
  })

  it('shows the ends and one either side, with gaps of more than one page collapsed', () => {
    expect(pageWindow(10, 20)).toEqual([1, null, 9, 10, 11, null, 20])
    expect(pageWindow(1, 20)).toEqual([1, 2, null, 20])
    expect(pageWindow(20, 20)).toEqual([1, null, 19, 20])
  })

  it('shows two either side when asked to', () => {
    expect(pageWindow(10, 20, 2)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20])
    expect(pageWindow(1, 20, 2)).toEqual([1, 2, 3, null, 20])
    expect(pageWindow(5, 20, 2)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 20])
  })

  it('fills a gap of one page with that page rather than an ellipsis', () => {
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, null, 7])
    expect(pageWindow(4, 7, 2)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })
})
