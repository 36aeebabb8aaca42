import { describe, expect, it } from 'vitest'
import {
  DEFAULT_STATE,
  explorerHref,
  parseExplorerState,
  searchInput,
  serialiseExplorerState,
  withFilter,
  withKnownPortals,
  withoutFilter,
  type ExplorerState,
} from './explorer-state.ts'

const parse = (query: string) => parseExplorerState(new URLSearchParams(query))

const FULL: ExplorerState = {
  q: 'jízdní řády & MHD',
  portals: ['demo-kraje', 'live-a'],
  filters: {
    organization: ['demo-kraje:hlavni-mesto-praha'],
    groups: ['doprava'],
    tags: ['otevřená data', 'NKOD'],
    formats: ['CSV', 'text/csv'],
    license: ['https://data.gov.cz/podmínky-užití/neobsahuje-autorská-díla/'],
  },
  sort: 'modified',
  page: 3,
  snapshotOnly: true,
}

describe('explorer URL state', () => {
  it('round-trips every field through the query string', () => {
    expect(parse(serialiseExplorerState(FULL))).toEqual(FULL)
    expect(parse(new URL(explorerHref(FULL), 'http://x').search)).toEqual(FULL)
  })

  it('leaves defaults out of the URL', () => {
    expect(serialiseExplorerState(DEFAULT_STATE)).toBe('')
    expect(explorerHref({ ...DEFAULT_STATE, q: 'air' })).toBe('/ckan-explorer?q=air')
    expect(parse('')).toEqual(DEFAULT_STATE)
  })

  it('reads what the GET form sends: repeated parameters and the snapshot switch', () => {
    const state = parse('q=air&portal=a&portal=b&tag=x&tag=y&source=snapshot&sort=name')
    expect(state).toMatchObject({ q: 'air', portals: ['a', 'b'], sort: 'name', snapshotOnly: true, page: 1 })
    expect(state.filters.tags).toEqual(['x', 'y'])
  })

  it('falls back to the default for each value that does not fit', () => {
    expect(parse('sort=random&page=abc&source=ftp')).toEqual(DEFAULT_STATE)
    expect(parse('page=0').page).toBe(1)
    expect(parse('page=2.5').page).toBe(1)
    expect(parse('page=101').page).toBe(1)
    expect(parse('page=100').page).toBe(100)
    expect(parse(`q=${'a'.repeat(501)}`).q).toBe('')
  })

  it('drops only the bad values of a list, and duplicates', () => {
    const state = parse(`tag=good&tag=&tag=%20%20&tag=${'x'.repeat(201)}&tag=good&tag=%20other%20`)
    expect(state.filters.tags).toEqual(['good', 'other'])
    expect(parse(Array.from({ length: 60 }, (_, i) => `format=f${i}`).join('&')).filters.formats).toHaveLength(50)
  })

  it('forgets portals that do not exist', () => {
    const state = withKnownPortals(parse('portal=gone&portal=live-a'), new Set(['live-a']))
    expect(state.portals).toEqual(['live-a'])
  })

  it('adds and removes filters, back to page 1', () => {
    const added = withFilter({ ...DEFAULT_STATE, page: 4 }, 'formats', 'CSV')
    expect(added).toMatchObject({ page: 1, filters: { formats: ['CSV'] } })
    expect(withFilter(added, 'formats', 'CSV').filters.formats).toEqual(['CSV'])
    expect(withoutFilter(added, 'formats', 'CSV').filters.formats).toEqual([])
  })

  it('maps the state to the router input, leaving empty lists out', () => {
    expect(searchInput(FULL, { source: 'snapshot' })).toEqual({
      q: 'jízdní řády & MHD',
      instanceIds: ['demo-kraje', 'live-a'],
      organizationIds: ['demo-kraje:hlavni-mesto-praha'],
      groups: ['doprava'],
      tags: ['otevřená data', 'NKOD'],
      formats: ['CSV', 'text/csv'],
      licenses: ['https://data.gov.cz/podmínky-užití/neobsahuje-autorská-díla/'],
      sort: 'modified',
      page: 3,
      pageSize: 20,
      source: 'snapshot',
    })
    const input = searchInput(DEFAULT_STATE, { source: 'live', instanceIds: undefined, page: 1, pageSize: 60 })
    expect(input).toMatchObject({ q: undefined, instanceIds: undefined, tags: undefined, page: 1, pageSize: 60, source: 'live' })
  })
})
