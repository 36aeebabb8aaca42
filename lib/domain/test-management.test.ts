import { describe, expect, it } from 'vitest'
import { caseKey, formatEstimate, normaliseFolder, normaliseTags, parseCaseKey, parseEstimate, roleAtLeast, validFolder } from './test-management.ts'

describe('test management rules', () => {
  it('orders roles', () => {
    expect(roleAtLeast('owner', 'editor')).toBe(true)
    expect(roleAtLeast('tester', 'editor')).toBe(false)
    expect(roleAtLeast('viewer', 'viewer')).toBe(true)
  })

  it('writes and reads case keys', () => {
    expect(caseKey('PRG', 12)).toBe('PRG-12')
    expect(parseCaseKey(' prg-12 ')).toEqual({ projectKey: 'PRG', number: 12 })
    expect(parseCaseKey('PRG12')).toBeNull()
    expect(parseCaseKey('P-1')).toBeNull()
  })

  it('reads estimates as people write them, and writes them back readably', () => {
    const cases: Array<[string, number | null | undefined]> = [['', null], ['90', 90], ['45m', 45], ['45 min', 45], ['2h', 120], ['1h 30m', 90], ['1,5 h', 90], ['1.5h', 90], ['2 hodiny', 120], ['30 minut', 30], ['soon', undefined], ['1h 30', undefined]]
    for (const [text, minutes] of cases) expect(parseEstimate(text), text).toBe(minutes)
    for (const minutes of [0, 5, 60, 90, 600, 61]) expect(parseEstimate(formatEstimate(minutes))).toBe(minutes)
  })

  it('normalises folders and tags', () => {
    expect(normaliseFolder(' Portály / Vyhledávání  /  ')).toBe('Portály/Vyhledávání')
    expect(validFolder(Array(11).fill('a').join('/'))).toBe(false)
    expect(validFolder('x'.repeat(81))).toBe(false)
    expect(normaliseTags([' smoke ', 'Smoke', 'csv  export', ''])).toEqual(['smoke', 'csv export'])
  })
})
