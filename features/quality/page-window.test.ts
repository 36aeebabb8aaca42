import { describe, expect, it } from 'vitest'
import { pageWindow } from './page-window.ts'

describe('pageWindow', () => {
  it('shows every page of a short list', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4])
  })

  it('keeps the first, the last and the neighbours of the current page, with gaps between', () => {
    expect(pageWindow(10, 20)).toEqual([1, null, 9, 10, 11, null, 20])
    expect(pageWindow(1, 20)).toEqual([1, 2, null, 20])
    expect(pageWindow(20, 20)).toEqual([1, null, 19, 20])
  })

  it('shows a single skipped page instead of an ellipsis', () => {
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, null, 7])
  })
})
