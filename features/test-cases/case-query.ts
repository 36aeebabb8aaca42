import { CASE_STATES, CASE_TYPES, normaliseFolder, PRIORITIES, TARGET_KINDS, type CaseState, type CaseType, type Priority, type TargetKind } from '../../lib/domain/test-management.ts'
import { projectHref } from '../../lib/routing/project-links.ts'
import { choiceParam, intParam, listParam, oneOf, textParam } from '../../lib/url-state/query-params.ts'

// The test-case list's whole state lives in the URL: the first paint is rendered from it on the server, a link to it
// can be shared, the filter form works without JavaScript as a GET form, and the back button returns to it. One
// parser and one serialiser, used by +data.ts on the server and by the page in the browser.

export const CASES_PATH = '/test-cases'
export const CASE_SORTS = ['key', 'title', 'priority', 'updated'] as const
export type CaseSort = (typeof CASE_SORTS)[number]
export const PAGE_SIZE = 50
/** The router's page limit. */
export const MAX_PAGE = 10_000

export type CaseQuery = {
  q: string
  priorities: Priority[]
  types: CaseType[]
  states: CaseState[]
  tags: string[]
  /** A folder path (its cases and those of its sub-folders); '' for every folder. */
  folder: string
  /** Only the cases in no folder (the folder path is then ignored). */
  noFolder: boolean
  targetKind: TargetKind | null
  targetId: string
  sort: CaseSort
  page: number
}

export const DEFAULT_QUERY: CaseQuery = { q: '', priorities: [], types: [], states: [], tags: [], folder: '', noFolder: false, targetKind: null, targetId: '', sort: 'key', page: 1 }

/** The URL's parameters (as the filter form sends them, empty fields included): each value checked on its own, so one
 * bad value drops itself and not the whole list (duplicates go); what does not fit falls back. */
export function parseCaseQuery(params: URLSearchParams): CaseQuery {
  const noFolder = params.get('nofolder') === '1'
  return {
    q: textParam(params.get('q'), 200),
    priorities: listParam(params.getAll('priority'), oneOf(PRIORITIES), PRIORITIES.length),
    types: listParam(params.getAll('type'), oneOf(CASE_TYPES), CASE_TYPES.length),
    states: listParam(params.getAll('state'), oneOf(CASE_STATES), CASE_STATES.length),
    tags: listParam(params.getAll('tag'), (value): value is string => value.length >= 1 && value.length <= 40, 10),
    folder: noFolder ? '' : folderParam(params.get('folder')),
    noFolder,
    targetKind: choiceParam(params.get('target'), TARGET_KINDS, null),
    targetId: textParam(params.get('targetId'), 400),
    sort: choiceParam(params.get('sort'), CASE_SORTS, 'key'),
    page: intParam(params.get('page') || undefined, 1, MAX_PAGE, 1),
  }
}

function folderParam(value: string | null): string {
  if (value === null || value.length > 1000) return ''
  return normaliseFolder(value)
}

/** The query's parameters after `project`, defaults left out so URLs stay short. */
export function caseQueryParams(query: CaseQuery): URLSearchParams {
  const params = new URLSearchParams()
  if (query.q) params.set('q', query.q)
  for (const priority of query.priorities) params.append('priority', priority)
  for (const type of query.types) params.append('type', type)
  for (const state of query.states) params.append('state', state)
  for (const tag of query.tags) params.append('tag', tag)
  if (query.noFolder) params.set('nofolder', '1')
  else if (query.folder) params.set('folder', query.folder)
  if (query.targetKind) params.set('target', query.targetKind)
  if (query.targetId) params.set('targetId', query.targetId)
  if (query.sort !== 'key') params.set('sort', query.sort)
  if (query.page !== 1) params.set('page', String(query.page))
  return params
}

/** The list page of a project in this state. */
export function casesHref(projectId: string, query: CaseQuery): string {
  const params = caseQueryParams(query).toString()
  return `${projectHref('cases', projectId)}${params ? `&${params}` : ''}`
}

export function sameQuery(a: CaseQuery, b: CaseQuery): boolean {
  return caseQueryParams(a).toString() === caseQueryParams(b).toString()
}

/** Whether anything narrows the list (the sort and the page do not). */
export function hasFilters(query: CaseQuery): boolean {
  return sameQuery({ ...query, sort: 'key', page: 1 }, DEFAULT_QUERY) === false
}

export function withoutFilters(query: CaseQuery): CaseQuery {
  return { ...DEFAULT_QUERY, sort: query.sort }
}

/** The input of testCases.list for this state. */
export function listInput(projectId: string, query: CaseQuery) {
  return {
    projectId,
    filters: {
      q: query.q || undefined,
      priorities: query.priorities.length ? query.priorities : undefined,
      types: query.types.length ? query.types : undefined,
      states: query.states.length ? query.states : undefined,
      tags: query.tags.length ? query.tags : undefined,
      folder: !query.noFolder && query.folder ? query.folder : undefined,
      noFolder: query.noFolder || undefined,
      targetKind: query.targetKind ?? undefined,
      targetId: query.targetId || undefined,
    },
    sort: query.sort,
    page: query.page,
    pageSize: PAGE_SIZE,
  }
}
