import { describe, expect, it } from 'vitest'
import type { HealthStatus } from './health.ts'
import { DEFAULT_DIRECTORY_QUERY, DEFAULT_PORTAL_QUERY, pageSearch, parseDirectoryQuery, parsePortalQuery, portalCountries, selectPortals, toggleSort, type FilterablePortal } from './portal-query.ts'

function portal(id: string, status: HealthStatus, extra: Partial<FilterablePortal> = {}): FilterablePortal {
  return { id, name: id, baseUrl: `https://${id}.example`, country: 'CZ', isDemo: status === 'demo', health: { status, datasetCount: null }, ...extra }
}

const PORTALS = [
  portal('opendata-plzen', 'up', { name: 'Otevřená data Plzeň', health: { status: 'up', datasetCount: 300 } }),
  portal('govdata', 'down', { name: 'GovData', country: 'DE', health: { status: 'down', datasetCount: 80_000 } }),
  portal('demo-kraje', 'demo', { name: 'Demo: Kraje', health: { status: 'demo', datasetCount: 5000 } }),
  portal('slow-one', 'slow', { name: 'Slow portal', country: null }),
]

describe('URL parameters of /ckan-instances', () => {
  it('reads what fits and falls back to defaults for the rest', () => {
    expect(parsePortalQuery({ health: 'down', country: 'de', sort: 'datasets', dir: 'desc', q: ' plzeň ' })).toEqual({
      q: 'plzeň',
      health: 'down',
      country: 'DE',
      demo: 'all',
      sort: 'datasets',
      dir: 'desc',
    })
    expect(parsePortalQuery({ health: 'sideways', country: 'Germany', sort: 'colour', demo: 'maybe' })).toEqual(DEFAULT_PORTAL_QUERY)
    expect(parseDirectoryQuery({ dpage: '3', dq: 'austria' })).toEqual({ dq: 'austria', dcountry: '', dpage: 3 })
    expect(parseDirectoryQuery({ dpage: '-2' }).dpage).toBe(1)
  })

  it('writes only what differs from the defaults, so the plain page has a plain URL', () => {
    expect(pageSearch(DEFAULT_PORTAL_QUERY, DEFAULT_DIRECTORY_QUERY)).toBe('')
    expect(pageSearch({ ...DEFAULT_PORTAL_QUERY, health: 'down' }, { ...DEFAULT_DIRECTORY_QUERY, dpage: 2 })).toBe('?health=down&dpage=2')
  })

  it('reverses the direction when the same column is chosen again, and starts counts biggest first', () => {
    const byDatasets = toggleSort(DEFAULT_PORTAL_QUERY, 'datasets')
    expect(byDatasets).toMatchObject({ sort: 'datasets', dir: 'desc' })
    expect(toggleSort(byDatasets, 'datasets')).toMatchObject({ sort: 'datasets', dir: 'asc' })
    expect(toggleSort(DEFAULT_PORTAL_QUERY, 'name')).toMatchObject({ sort: 'name', dir: 'desc' })
  })
})

describe('selectPortals', () => {
  const ids = (list: FilterablePortal[]) => list.map((p) => p.id)

  it('filters by health, country and demo', () => {
    expect(ids(selectPortals(PORTALS, { ...DEFAULT_PORTAL_QUERY, health: 'down' }))).toEqual(['govdata'])
    expect(ids(selectPortals(PORTALS, { ...DEFAULT_PORTAL_QUERY, country: 'CZ' }))).toEqual(['demo-kraje', 'opendata-plzen'])
    expect(ids(selectPortals(PORTALS, { ...DEFAULT_PORTAL_QUERY, demo: 'only' }))).toEqual(['demo-kraje'])
    expect(ids(selectPortals(PORTALS, { ...DEFAULT_PORTAL_QUERY, demo: 'hide' }))).not.toContain('demo-kraje')
  })

  it('searches names, ids and addresses, ignoring case and diacritics', () => {
    expect(ids(selectPortals(PORTALS, { ...DEFAULT_PORTAL_QUERY, q: 'PLZEN' }))).toEqual(['opendata-plzen'])
    expect(ids(selectPortals(PORTALS, { ...DEFAULT_PORTAL_QUERY, q: 'govdata.example' }))).toEqual(['govdata'])
  })

  it('sorts by name, health severity, dataset count and last harvest, unknown values last', () => {
    expect(ids(selectPortals(PORTALS, DEFAULT_PORTAL_QUERY))).toEqual(['demo-kraje', 'govdata', 'opendata-plzen', 'slow-one'])
    expect(ids(selectPortals(PORTALS, { ...DEFAULT_PORTAL_QUERY, sort: 'health' }))).toEqual(['govdata', 'slow-one', 'opendata-plzen', 'demo-kraje'])
    expect(ids(selectPortals(PORTALS, { ...DEFAULT_PORTAL_QUERY, sort: 'datasets', dir: 'desc' }))).toEqual(['govdata', 'demo-kraje', 'opendata-plzen', 'slow-one'])
    expect(ids(selectPortals(PORTALS, { ...DEFAULT_PORTAL_QUERY, sort: 'datasets', dir: 'asc' }))).toEqual(['opendata-plzen', 'demo-kraje', 'govdata', 'slow-one'])
    const harvested: Record<string, number> = { govdata: 100, 'opendata-plzen': 200 }
    expect(ids(selectPortals(PORTALS, { ...DEFAULT_PORTAL_QUERY, sort: 'harvested', dir: 'desc' }, (id) => harvested[id] ?? null))).toEqual([
      'opendata-plzen',
      'govdata',
      'demo-kraje',
      'slow-one',
    ])
  })

  it('lists each country once, for the filter', () => {
    expect(portalCountries(PORTALS)).toEqual(['CZ', 'DE'])
  })
})
