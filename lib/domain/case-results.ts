// Rules of a case's results across runs (its results history on the case page), of reruns and of completing runs
// nobody touches. Pure: the server reads with SQL, the pages and the procedures share these rules
// (docs/decisions/027-case-history-reruns.md).

import { RESULT_STATUSES, type ResultStatus } from './test-runs.ts'

/** How many results the history shows on a page, and how many run outcomes the strip above it shows. */
export const CASE_RESULTS_PAGE_SIZE = 25
export const OUTCOME_STRIP_LENGTH = 30
/** The most pages a history can be paged to (25 × 400 = 10,000 results); beyond it, the filters narrow it. */
export const CASE_RESULTS_MAX_PAGE = 400
/** The most runs and builds the history's filters offer (the newest). */
export const CASE_RESULTS_FILTER_OPTIONS = 200

export type CaseResultsQuery = { status: ResultStatus | null; runId: string | null; build: string | null; page: number }
export const EMPTY_CASE_RESULTS_QUERY: CaseResultsQuery = { status: null, runId: null, build: null, page: 1 }

const shortText = (value: string | undefined, max: number): string | null => {
  const trimmed = value?.trim() ?? ''
  return trimmed && trimmed.length <= max ? trimmed : null
}

/** The history's filters from an address's query (`status`, `run`, `build`, `page`): what does not fit is left out. */
export function caseResultsQuery(search: Readonly<Record<string, string | undefined>>): CaseResultsQuery {
  const status = (RESULT_STATUSES as readonly string[]).includes(search.status ?? '') ? (search.status as ResultStatus) : null
  const page = /^\d{1,4}$/.test(search.page ?? '') ? Math.min(Math.max(Number(search.page), 1), CASE_RESULTS_MAX_PAGE) : 1
  return { status, runId: shortText(search.run, 64), build: shortText(search.build, 200), page }
}

/** The case page's address for a history query (only what is set; `#results` so the page opens at the history). */
export function caseResultsHref(caseHref: string, query: CaseResultsQuery): string {
  const params = new URLSearchParams()
  if (query.status) params.set('status', query.status)
  if (query.runId) params.set('run', query.runId)
  if (query.build) params.set('build', query.build)
  if (query.page > 1) params.set('page', String(query.page))
  const search = params.toString()
  return `${caseHref}${search ? `?${search}` : ''}#results`
}

export function pageCount(total: number, pageSize: number = CASE_RESULTS_PAGE_SIZE): number {
  return Math.min(Math.max(1, Math.ceil(total / pageSize)), CASE_RESULTS_MAX_PAGE)
}

// Reruns ------------------------------------------------------------------------------------------------------------

/** What a rerun may take from a run: the cases whose latest result is one of these (untested: none yet). */
export const RERUN_STATUSES = ['failed', 'blocked', 'untested'] as const
export type RerunStatus = (typeof RERUN_STATUSES)[number]

/** The run cases a rerun takes, in the run's order: those whose latest outcome is one of `statuses`. */
export function rerunCases<T extends { latest: { status: ResultStatus } | null }>(cases: readonly T[], statuses: readonly RerunStatus[]): T[] {
  const wanted = new Set<string>(statuses)
  return cases.filter((item) => wanted.has(item.latest?.status ?? 'untested'))
}

/**
 * The name a rerun is offered: the run's name with a numbered suffix in the user's language (`word`, e.g. "rerun"),
 * "Nightly" → "Nightly (rerun 1)"; a rerun's rerun keeps one suffix and counts on, "Nightly (rerun 1)" →
 * "Nightly (rerun 2)". At most `max` characters: the base is shortened, never the suffix.
 */
export function rerunName(name: string, word: string, max = 200): string {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = new RegExp(`^(.*?)\\s*\\(${escaped} (\\d{1,6})\\)$`, 'u').exec(name.trim())
  const base = (match ? match[1]! : name).trim()
  const number = match ? Number(match[2]) + 1 : 1
  const suffix = ` (${word} ${number})`
  const room = Math.max(0, max - suffix.length)
  const chars = [...base]
  return `${chars.length > room ? chars.slice(0, room).join('').trimEnd() : base}${suffix}`
}

// Runs nobody touches -----------------------------------------------------------------------------------------------

export const STALE_DAYS_DEFAULT = 30
export const STALE_DAYS_MIN = 1
export const STALE_DAYS_MAX = 365
/** The most stale runs listed and completed at once. */
export const STALE_RUNS_LIMIT = 200

const DAY_MS = 86_400_000

/** The days from a query (`stale`): a whole number within the bounds, else the default. */
export function staleDays(value: string | undefined): number {
  if (!/^\d{1,3}$/.test(value ?? '')) return STALE_DAYS_DEFAULT
  const days = Number(value)
  return days >= STALE_DAYS_MIN && days <= STALE_DAYS_MAX ? days : STALE_DAYS_DEFAULT
}

/** The moment before which a run's last change makes it stale. */
export function staleBefore(days: number, now: Date): Date {
  return new Date(now.getTime() - days * DAY_MS)
}
