import { describe, expect, it } from 'vitest'
import { pagesAround } from './LinkPager.tsx'

describe('pagesAround', () => {
  it('shows every page of a short list', () => {
    expect(pagesAround(1, 5)).toEqual([1, 2, 3, 4, 5])
  })

  it('shows the ends and two either side, with gaps of more than one page collapsed', () => {
    expect(pagesAround(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20])
    expect(pagesAround(1, 20)).toEqual([1, 2, 3, null, 20])
    expect(pagesAround(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 20])
  })

  it('fills a gap of one page with that page rather than an ellipsis', () => {
    expect(pagesAround(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })
})
