import { describe, expect, it } from 'vitest'
import { toOutsideValue } from './outside-data.ts'

describe('toOutsideValue', () => {
  it('turns objects into Maps at every depth, whatever their keys', () => {
    const value = toOutsideValue(JSON.parse('{"__proto__":{"constructor":"x"},"list":[{"toString":1}],"n":2}')) as ReadonlyMap<string, unknown>
    expect([...value.keys()]).toEqual(['__proto__', 'list', 'n'])
    expect((value.get('__proto__') as ReadonlyMap<string, unknown>).get('constructor')).toBe('x')
    expect(((value.get('list') as unknown[])[0] as ReadonlyMap<string, unknown>).get('toString')).toBe(1)
    expect(({} as Record<string, unknown>).constructor).toBe(Object)
  })
})
