import { choiceParam, intParam, textParam } from '../../lib/url-state/query-params.ts'
import { HEALTH_STATUSES, healthSeverity, type HealthStatus } from './health.ts'

// The state of /ckan-instances lives in its URL (GET parameters), so a filtered list can be bookmarked, shared and
// used without JavaScript. Parameters that do not fit fall back to their default rather than failing the page.

export const PORTAL_SORTS = ['name', 'health', 'datasets', 'harvested', 'country'] as const
export type PortalSort = (typeof PORTAL_SORTS)[number]
export const DEMO_FILTERS = ['all', 'only', 'hide'] as const

const HEALTH_FILTERS = ['all', ...HEALTH_STATUSES] as const
const SORT_DIRECTIONS = ['asc', 'desc'] as const

export type PortalQuery = {
  q: string
  health: (typeof HEALTH_FILTERS)[number]
  country: string
  demo: (typeof DEMO_FILTERS)[number]
  sort: PortalSort
  dir: (typeof SORT_DIRECTIONS)[number]
}
export type DirectoryQuery = { dq: string; dcountry: string; dpage: number }

/** Two letters (ISO 3166-1 alpha-2, any case in the URL), else '' (every country). */
function countryCode(value: unknown): string {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : ''
  return /^([A-Z]{2})?$/.test(code) ? code : ''
}

export const DIRECTORY_PAGE_SIZE = 20

export function parsePortalQuery(search: Record<string, string | undefined>): PortalQuery {
  return {
    q: textParam(search.q, 200),
    health: choiceParam(search.health, HEALTH_FILTERS, 'all'),
    country: countryCode(search.country),
    demo: choiceParam(search.demo, DEMO_FILTERS, 'all'),
    sort: choiceParam(search.sort, PORTAL_SORTS, 'name'),
    dir: choiceParam(search.dir, SORT_DIRECTIONS, 'asc'),
  }
}

export function parseDirectoryQuery(search: Record<string, string | undefined>): DirectoryQuery {
  return { dq: textParam(search.dq, 200), dcountry: countryCode(search.dcountry), dpage: intParam(search.dpage, 1, 1000, 1) }
}

export const DEFAULT_PORTAL_QUERY: PortalQuery = parsePortalQuery({})
export const DEFAULT_DIRECTORY_QUERY: DirectoryQuery = parseDirectoryQuery({})

/** The page's query string with only the parameters that differ from their defaults, `?` included (or ''). */
export function pageSearch(portal: PortalQuery, directory: DirectoryQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries({ ...portal, ...directory })) {
    const fallback = (DEFAULT_PORTAL_QUERY as Record<string, unknown>)[key] ?? (DEFAULT_DIRECTORY_QUERY as Record<string, unknown>)[key]
    if (value !== fallback && value !== '') params.set(key, String(value))
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value)
  const search = params.toString()
  return search ? `?${search}` : ''
}

/** The direction a column sorts in first: counts and dates biggest and newest first, names A to Z. */
export function defaultDirection(sort: PortalSort): 'asc' | 'desc' {
  return sort === 'datasets' || sort === 'harvested' ? 'desc' : 'asc'
}

/** The query after choosing a column to sort by: the same column again reverses the direction. */
export function toggleSort(query: PortalQuery, sort: PortalSort): PortalQuery {
  if (query.sort === sort) return { ...query, dir: query.dir === 'asc' ? 'desc' : 'asc' }
  return { ...query, sort, dir: defaultDirection(sort) }
}

export type FilterablePortal = {
  id: string
  name: string
  baseUrl: string
  country: string | null
  isDemo: boolean
  health: { status: HealthStatus; datasetCount: number | null }
}

/** Lower-case, without diacritics: "Plzeň" is found by "plzen". */
export function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase()
}

/**
 * The portals the query keeps, in its order. `lastHarvest` gives a portal's last harvest time (ms) for sorting by
 * it; portals lacking a value for the sort key go last in either direction.
 */
export function selectPortals<T extends FilterablePortal>(portals: readonly T[], query: PortalQuery, lastHarvest: (id: string) => number | null = () => null): T[] {
  const needle = fold(query.q.trim())
  const kept = portals.filter(
    (portal) =>
      (query.health === 'all' || portal.health.status === query.health) &&
      (!query.country || portal.country === query.country) &&
      (query.demo === 'all' || (query.demo === 'only') === portal.isDemo) &&
      (!needle || [portal.name, portal.id, portal.baseUrl, portal.country ?? ''].some((field) => fold(field).includes(needle))),
  )
  const key = (portal: T): string | number | null => {
    switch (query.sort) {
      case 'name':
        return fold(portal.name)
      case 'health':
        return healthSeverity(portal.health.status)
      case 'datasets':
        return portal.health.datasetCount
      case 'harvested':
        return lastHarvest(portal.id)
      case 'country':
        return portal.country
    }
  }
  const sign = query.dir === 'asc' ? 1 : -1
  return kept
    .map((portal) => ({ portal, key: key(portal) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null) return a.key === b.key ? byName(a.portal, b.portal) : a.key === null ? 1 : -1
      const order = typeof a.key === 'number' && typeof b.key === 'number' ? a.key - b.key : String(a.key).localeCompare(String(b.key))
      return order === 0 ? byName(a.portal, b.portal) : sign * order
    })
    .map((item) => item.portal)
}

function byName(a: FilterablePortal, b: FilterablePortal): number {
  return fold(a.name).localeCompare(fold(b.name)) || a.id.localeCompare(b.id)
}

/** The countries that occur among the portals, for the filter's choices. */
export function portalCountries(portals: readonly FilterablePortal[]): string[] {
  return [...new Set(portals.flatMap((portal) => (portal.country ? [portal.country] : [])))].sort()
}
