import { describe, expect, it } from 'vitest'
import { duplicateTitles, titleKey } from './duplicates.ts'

describe('duplicateTitles', () => {
  it('pairs cases whose titles differ only in case and spacing', () => {
    const found = duplicateTitles([
      { id: 'a', key: 'P-1', title: 'Stažení  CSV' },
      { id: 'b', key: 'P-2', title: 'Jiný případ' },
      { id: 'c', key: 'P-3', title: ' stažení csv ' },
      { id: 'd', key: 'P-4', title: 'STAŽENÍ CSV' },
    ])
    expect(Object.fromEntries(found)).toEqual({ a: ['P-3', 'P-4'], c: ['P-1', 'P-4'], d: ['P-1', 'P-3'] })
  })

  it('leaves unique and empty titles alone', () => {
    expect(duplicateTitles([
      { id: 'a', key: 'P-1', title: '' },
      { id: 'b', key: 'P-2', title: '  ' },
      { id: 'c', key: 'P-3', title: 'Jediný' },
    ]).size).toBe(0)
  })

  it('compares titles the way the server does', () => {
    expect(titleKey('  Ověřit\tLicenci  ')).toBe('ověřit licenci')
  })
})
