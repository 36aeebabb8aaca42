import { describe, expect, it } from 'vitest'
import { choiceParam, intParam, textParam } from './query-params.ts'

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
})
