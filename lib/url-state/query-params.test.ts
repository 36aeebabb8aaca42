import { describe, expect, it } from 'vitest'
import { choiceParam, intParam, listParam, oneOf, textParam } from './query-params.ts'

describe('URL parameter readers', () => {
  it('trims text and drops what is too long or not text', () => {
    expect(textParam('  air quality ', 20)).toBe('air quality')
    expect(textParam('x'.repeat(21), 20)).toBe('')
    expect(textParam(undefined, 20)).toBe('')
  })

  it('takes only a known choice', () => {
    expect(choiceParam('asc', ['asc', 'desc'], 'desc')).toBe('asc')
    expect(choiceParam('ASC', ['asc', 'desc'], 'desc')).toBe('desc')
    expect(choiceParam(null, ['asc', 'desc'], 'desc')).toBe('desc')
  })

  it('takes whole numbers in range and falls back for the rest', () => {
    expect(intParam(' 3 ', 1, 10, 1)).toBe(3)
    for (const value of ['', '0', '11', '2.5', 'abc', 'Infinity', undefined, null]) expect(intParam(value, 1, 10, 1)).toBe(1)
  })

  it('falls back to null when asked to', () => {
    expect(choiceParam('portal', ['portal', 'dataset'], null)).toBe('portal')
    expect(choiceParam('', ['portal', 'dataset'], null)).toBeNull()
  })

  it('keeps each fitting value of a repeated parameter once, trimmed, up to the limit', () => {
    expect(listParam([' high', 'nope', 'high', 'low ', 7, 'medium'], oneOf(['low', 'medium', 'high']), 2)).toEqual(['high', 'low'])
    expect(listParam(['a', '', 'b'], (value): value is string => value.length > 0, 10)).toEqual(['a', 'b'])
    expect(listParam([], oneOf(['low']), 3)).toEqual([])
  })
})
