import { describe, expect, it } from 'vitest'
import { analysisHref, EMPTY_QUERY, hasFilters } from './analysis-href.ts'
import { parseAnalysisQuery, parseFormat, parsePage, toFilters } from './analysis-query.ts'

describe('parseAnalysisQuery', () => {
  it('reads repeated portals, the organization and the region', () => {
    expect(parseAnalysisQuery(new URLSearchParams('portal=demo-kraje&portal=demo-mesta&organization=cz-praha&region=CZ010'))).toEqual({
      portals: ['demo-kraje', 'demo-mesta'],
      organization: 'cz-praha',
      region: 'CZ010',
    })
  })

  it('drops empty and malformed values, as an unfiltered GET form sends them', () => {
    expect(parseAnalysisQuery(new URLSearchParams('portal=&portal=demo-kraje&portal=demo-kraje&organization=&region=cz010'))).toEqual({
      portals: ['demo-kraje'],
      organization: null,
      region: null,
    })
    expect(parseAnalysisQuery(new URLSearchParams())).toEqual(EMPTY_QUERY)
  })

  it('takes the last valid value of a single-valued parameter', () => {
    expect(parseAnalysisQuery(new URLSearchParams('region=CZ010&region=CZ&region=nonsense')).region).toBe('CZ')
  })
})

describe('toFilters', () => {
  it('leaves absent filters out', () => {
    expect(toFilters(EMPTY_QUERY)).toEqual({})
    expect(toFilters({ portals: ['a'], organization: null, region: 'CZ' })).toEqual({ instanceIds: ['a'], regionId: 'CZ' })
  })
})

describe('parsePage and parseFormat', () => {
  it('reads a page number, defaulting to 1', () => {
    expect(parsePage('3')).toBe(3)
    for (const bad of [undefined, '', '0', '-2', '1.5', 'x', '100000']) expect(parsePage(bad)).toBe(1)
  })

  it('finds a canonical format in any case', () => {
    expect(parseFormat('CSV')).toBe('CSV')
    expect(parseFormat('csv')).toBe('CSV')
    expect(parseFormat('geojson')).toBe('GeoJSON')
    expect(parseFormat('json-ld')).toBe('JSON-LD')
    expect(parseFormat('no-such-format')).toBeNull()
    expect(parseFormat(undefined)).toBeNull()
  })
})

describe('analysisHref', () => {
  it('puts the filters and extras in the URL, page 1 and empty values left out', () => {
    const query = { portals: ['demo-kraje', 'demo-mesta'], organization: 'cz-most', region: 'CZ042' }
    expect(analysisHref('/data-formats', query, { format: 'CSV', page: 2 })).toBe(
      '/data-formats?portal=demo-kraje&portal=demo-mesta&organization=cz-most&region=CZ042&format=CSV&page=2',
    )
    expect(analysisHref('/data-formats', EMPTY_QUERY, { format: null, page: 1 })).toBe('/data-formats')
  })

  it('round-trips through the parser', () => {
    const query = { portals: ['a:b'], organization: 'x&y=z', region: 'CZ' }
    const url = new URL(analysisHref('/data-quality', query), 'http://localhost')
    expect(parseAnalysisQuery(url.searchParams)).toEqual(query)
  })

  it('tells whether any filter is set', () => {
    expect(hasFilters(EMPTY_QUERY)).toBe(false)
    expect(hasFilters({ ...EMPTY_QUERY, region: 'CZ' })).toBe(true)
  })
})
