import { choiceParam, intParam, textParam } from '../../lib/url-state/query-params.ts'

// The explorer's whole state lives in the URL (shareable, the back button works, and the same query string is what
// the no-JavaScript GET form and facet links produce). One parser and one serialiser, used by +data.ts on the server
// and by the page in the browser.

export const EXPLORER_PATH = '/ckan-explorer'
export const PAGE_SIZE = 20
/** The router's page limit (datasets.search accepts pages 1 to 100). */
export const MAX_PAGE = 100

export const SORTS = ['relevance', 'name', 'modified'] as const
export type ExplorerSort = (typeof SORTS)[number]

/** The facets a search can be narrowed by: the key in the state and in the answer, and its URL parameter. */
export const FACETS = [
  { key: 'organization', param: 'organization' },
  { key: 'groups', param: 'group' },
  { key: 'tags', param: 'tag' },
  { key: 'formats', param: 'format' },
  { key: 'license', param: 'license' },
] as const
export type FacetKey = (typeof FACETS)[number]['key']
export type FacetFilters = Record<FacetKey, string[]>

export type ExplorerState = {
  q: string
  /** Chosen portal ids; none means every enabled portal. */
  portals: string[]
  filters: FacetFilters
  sort: ExplorerSort
  page: number
  /** "Search harvested snapshot only": no live calls to the portals. */
  snapshotOnly: boolean
}

const MAX_VALUE_LENGTH = 200
const MAX_VALUES = 50

/** Each value checked on its own, so one bad value drops itself and not the whole list; duplicates go. */
function values(raw: string[]): string[] {
  const kept: string[] = []
  for (const value of raw) {
    const text = value.trim()
    if (text && text.length <= MAX_VALUE_LENGTH && !kept.includes(text)) kept.push(text)
  }
  return kept.slice(0, MAX_VALUES)
}

export const DEFAULT_STATE: ExplorerState = {
  q: '',
  portals: [],
  filters: { organization: [], groups: [], tags: [], formats: [], license: [] },
  sort: 'relevance',
  page: 1,
  snapshotOnly: false,
}

/** The URL's parameters; anything that does not fit falls back to its default instead of failing the page. */
export function parseExplorerState(params: URLSearchParams): ExplorerState {
  return {
    q: textParam(params.get('q') ?? '', 500),
    portals: values(params.getAll('portal')),
    filters: {
      organization: values(params.getAll('organization')),
      groups: values(params.getAll('group')),
      tags: values(params.getAll('tag')),
      formats: values(params.getAll('format')),
      license: values(params.getAll('license')),
    },
    sort: choiceParam(params.get('sort'), SORTS, 'relevance'),
    page: intParam(params.get('page') ?? undefined, 1, MAX_PAGE, 1),
    snapshotOnly: params.get('source') === 'snapshot',
  }
}

/** The query string of a state (with its `?`, or '' for the defaults); defaults are left out so URLs stay short. */
export function serialiseExplorerState(state: ExplorerState): string {
  const params = new URLSearchParams()
  if (state.q) params.set('q', state.q)
  for (const id of state.portals) params.append('portal', id)
  for (const { key, param } of FACETS) for (const value of state.filters[key]) params.append(param, value)
  if (state.sort !== 'relevance') params.set('sort', state.sort)
  if (state.page !== 1) params.set('page', String(state.page))
  if (state.snapshotOnly) params.set('source', 'snapshot')
  const query = params.toString()
  return query ? `?${query}` : ''
}

export function explorerHref(state: ExplorerState): string {
  return `${EXPLORER_PATH}${serialiseExplorerState(state)}`
}

/** Keeps only portals that exist (a shared link may name one since removed). */
export function withKnownPortals(state: ExplorerState, knownIds: ReadonlySet<string>): ExplorerState {
  const portals = state.portals.filter((id) => knownIds.has(id))
  return portals.length === state.portals.length ? state : { ...state, portals }
}

export function withFilter(state: ExplorerState, key: FacetKey, value: string): ExplorerState {
  if (state.filters[key].includes(value)) return { ...state, page: 1 }
  return { ...state, filters: { ...state.filters, [key]: [...state.filters[key], value] }, page: 1 }
}

export function withoutFilter(state: ExplorerState, key: FacetKey, value: string): ExplorerState {
  return { ...state, filters: { ...state.filters, [key]: state.filters[key].filter((v) => v !== value) }, page: 1 }
}

export function withoutFilters(state: ExplorerState): ExplorerState {
  return { ...state, q: '', filters: DEFAULT_STATE.filters, page: 1 }
}

export function hasFilters(state: ExplorerState): boolean {
  return FACETS.some(({ key }) => state.filters[key].length > 0)
}

export function sameState(a: ExplorerState, b: ExplorerState): boolean {
  return serialiseExplorerState(a) === serialiseExplorerState(b)
}

/** The datasets.search input for a state (the router's field names; empty lists left out). */
export function searchInput(
  state: ExplorerState,
  options: { source: 'live' | 'snapshot'; instanceIds?: string[] | undefined; page?: number; pageSize?: number },
) {
  const list = (values: string[]) => (values.length ? values : undefined)
  return {
    q: state.q || undefined,
    instanceIds: options.instanceIds === undefined ? list(state.portals) : options.instanceIds,
    organizationIds: list(state.filters.organization),
    groups: list(state.filters.groups),
    tags: list(state.filters.tags),
    formats: list(state.filters.formats),
    licenses: list(state.filters.license),
    sort: state.sort,
    page: options.page ?? state.page,
    pageSize: options.pageSize ?? PAGE_SIZE,
    source: options.source,
  }
}
export type SearchInput = ReturnType<typeof searchInput>
