import { z } from '../../lib/zod.ts'

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

const ValueSchema = z.string().trim().min(1).max(200)
const MAX_VALUES = 50

/** Each value checked on its own, so one bad value drops itself and not the whole list; duplicates go. */
const ValuesSchema = z.array(z.string()).transform((raw) => {
  const kept: string[] = []
  for (const value of raw) {
    const parsed = ValueSchema.safeParse(value)
    if (parsed.success && !kept.includes(parsed.data)) kept.push(parsed.data)
  }
  return kept.slice(0, MAX_VALUES)
})

/** The URL's parameters; anything that does not fit falls back to its default instead of failing the page. */
export const ExplorerSearchSchema = z.object({
  q: z.string().trim().max(500).catch(''),
  portal: ValuesSchema,
  organization: ValuesSchema,
  group: ValuesSchema,
  tag: ValuesSchema,
  format: ValuesSchema,
  license: ValuesSchema,
  sort: z.enum(SORTS).catch('relevance'),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
  source: z.enum(['live', 'snapshot']).catch('live'),
})

export const DEFAULT_STATE: ExplorerState = {
  q: '',
  portals: [],
  filters: { organization: [], groups: [], tags: [], formats: [], license: [] },
  sort: 'relevance',
  page: 1,
  snapshotOnly: false,
}

export function parseExplorerState(params: URLSearchParams): ExplorerState {
  const raw = {
    q: params.get('q') ?? '',
    portal: params.getAll('portal'),
    organization: params.getAll('organization'),
    group: params.getAll('group'),
    tag: params.getAll('tag'),
    format: params.getAll('format'),
    license: params.getAll('license'),
    sort: params.get('sort') ?? undefined,
    page: params.get('page') ?? undefined,
    source: params.get('source') ?? undefined,
  }
  const parsed = ExplorerSearchSchema.parse(raw)
  return {
    q: parsed.q,
    portals: parsed.portal,
    filters: { organization: parsed.organization, groups: parsed.group, tags: parsed.tag, formats: parsed.format, license: parsed.license },
    sort: parsed.sort,
    page: parsed.page,
    snapshotOnly: parsed.source === 'snapshot',
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
