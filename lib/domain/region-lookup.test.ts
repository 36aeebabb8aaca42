import { describe, expect, it } from 'vitest'
import { findRegion } from './region-lookup.ts'

describe('findRegion', () => {
  it('knows the Czech regions by NUTS3 code', () => {
    expect(findRegion('CZ010')).toMatchObject({ level: 'cz-kraj', nameEn: 'Prague', nameCs: 'Hlavní město Praha' })
    expect(findRegion('CZ080')?.nameCs).toBe('Moravskoslezský kraj')
  })

  it('knows countries by ISO 3166-1 alpha-2 code', () => {
    expect(findRegion('CZ')).toMatchObject({ level: 'country', nameEn: 'Czechia' })
    expect(findRegion('DE')?.nameCs).toBe('Německo')
  })

  it.each(['CZ099', 'cz', 'QQ', 'UK', 'EU', 'ZZ', 'CZE', ''])('has no region %j', (id) => {
    expect(findRegion(id)).toBeUndefined()
  })
})
