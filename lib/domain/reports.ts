// The figures of a project's reports (docs/reports.md): filters, pass rates by dimension, flaky cases and blocked
// causes, and the report as CSV and JSON. Pure: the server reads aggregates with SQL, these functions shape them.

import { toCsv } from '../csv.ts'
import type { CheckMessage, CheckType } from './checks.ts'
import type { Priority } from './test-management.ts'
import { emptyCounts, passRate, RUN_STATES, type ResultStatus, type RunCounts, type RunState } from './test-runs.ts'

export const REPORT_PERIODS = ['7', '30', '90', 'all'] as const
export type ReportPeriod = (typeof REPORT_PERIODS)[number]
export const DEFAULT_PERIOD: ReportPeriod = '30'

/** How many runs a report looks at (the newest that match), and how long its lists are. */
export const REPORT_LIMITS = { runs: 50, flaky: 20, slowest: 10, causes: 10, groups: 20, flakyWindow: 10 } as const

export type ReportFilters = { period: ReportPeriod; suiteId: string | null; portalId: string | null; state: RunState | null }

const DAY_MS = 86_400_000

/** The earliest run creation time a period includes (null: all time). */
export function periodStart(period: ReportPeriod, now: Date): Date | null {
  return period === 'all' ? null : new Date(now.getTime() - Number(period) * DAY_MS)
}

const text = (value: string | undefined, max = 64) => {
  const trimmed = value?.trim() ?? ''
  return trimmed && trimmed.length <= max ? trimmed : null
}

/** The filters from an address's query (`period`, `suite`, `portal`, `state`): unknown values fall back to none. */
export function filtersFromQuery(search: Readonly<Record<string, string | undefined>>): ReportFilters {
  const period = (REPORT_PERIODS as readonly string[]).includes(search.period ?? '') ? (search.period as ReportPeriod) : DEFAULT_PERIOD
  const state = (RUN_STATES as readonly string[]).includes(search.state ?? '') ? (search.state as RunState) : null
  return { period, suiteId: text(search.suite), portalId: text(search.portal), state }
}

/** The filters as query parameters (the defaults left out), in the order the form sends them. */
export function filtersToQuery(filters: ReportFilters): string {
  const params = new URLSearchParams()
  if (filters.period !== DEFAULT_PERIOD) params.set('period', filters.period)
  if (filters.suiteId) params.set('suite', filters.suiteId)
  if (filters.portalId) params.set('portal', filters.portalId)
  if (filters.state) params.set('state', filters.state)
  return params.toString()
}

export type Figure = { counts: RunCounts; total: number; passRate: number | null }

export function figureOf(counts: RunCounts): Figure {
  const total = counts.passed + counts.failed + counts.blocked + counts.skipped + counts.untested
  return { counts, total, passRate: passRate(counts) }
}

export function addCounts(into: RunCounts, from: RunCounts): RunCounts {
  for (const status of Object.keys(into) as Array<keyof RunCounts>) into[status] += from[status]
  return into
}

/** Rows of `(key, latest status, count)` (a null status is an untested case) as one figure per key, in first-seen order. */
export function groupFigures<K extends string | null>(rows: ReadonlyArray<{ key: K; status: ResultStatus | null; count: number }>): Array<{ key: K } & Figure> {
  const counts = new Map<K, RunCounts>()
  for (const row of rows) {
    const of = counts.get(row.key) ?? emptyCounts()
    of[row.status ?? 'untested'] += Number(row.count)
    counts.set(row.key, of)
  }
  return [...counts].map(([key, of]) => ({ key, ...figureOf(of) }))
}

/**
 * How often a case's outcome flipped between passed and failed, from its latest results in runs oldest first.
 * Blocked, skipped and untested say nothing about the case itself, so they are stepped over: P, B, F is one flip.
 */
export function flipsOf(statuses: ReadonlyArray<ResultStatus | null>): number {
  let flips = 0
  let last: 'passed' | 'failed' | null = null
  for (const status of statuses) {
    if (status !== 'passed' && status !== 'failed') continue
    if (last !== null && status !== last) flips += 1
    last = status
  }
  return flips
}

export type FlakyInput = { caseId: string; runId: string; runCreatedAt: Date; status: ResultStatus | null }
export type FlakyCase = { caseId: string; flips: number; runs: number; passed: number; failed: number; statuses: Array<ResultStatus | null> }

/**
 * Flaky means alternating: the outcome changed and changed back (P, F, P or F, P, F), so at least two flips. One flip
 * is a fix (F, P) or a regression (P, F), which says something about the product, not about the case's reliability.
 */
export const FLAKY_MIN_FLIPS = 2

/** Whether a case's outcomes, oldest first, alternate between passed and failed (see FLAKY_MIN_FLIPS). */
export function isFlaky(statuses: ReadonlyArray<ResultStatus | null>): boolean {
  return flipsOf(statuses) >= FLAKY_MIN_FLIPS
}

/**
 * The flaky cases: those whose latest results across their recent runs (the `window` newest runs that contain them)
 * alternate between passed and failed (`isFlaky`). Most flips first, then most failures; `statuses` are oldest first.
 */
export function flakyCases(rows: readonly FlakyInput[], window: number = REPORT_LIMITS.flakyWindow, limit: number = REPORT_LIMITS.flaky): FlakyCase[] {
  const byCase = new Map<string, FlakyInput[]>()
  for (const row of rows) byCase.set(row.caseId, [...(byCase.get(row.caseId) ?? []), row])
  const flaky: FlakyCase[] = []
  for (const [caseId, list] of byCase) {
    const recent = [...list]
      .sort((a, b) => b.runCreatedAt.getTime() - a.runCreatedAt.getTime() || (a.runId < b.runId ? 1 : -1))
      .slice(0, window)
      .reverse()
    const statuses = recent.map((row) => row.status)
    const passed = statuses.filter((status) => status === 'passed').length
    const failed = statuses.filter((status) => status === 'failed').length
    const flips = flipsOf(statuses)
    if (flips < FLAKY_MIN_FLIPS) continue
    flaky.push({ caseId, flips, runs: recent.length, passed, failed, statuses })
  }
  return flaky.sort((a, b) => b.flips - a.flips || b.failed - a.failed || a.caseId.localeCompare(b.caseId)).slice(0, limit)
}

/** A cause as people write it: its first line, spaces collapsed, trailing punctuation dropped, at most 120 characters. */
export function normaliseCause(value: string | null | undefined): string {
  const firstLine = (value ?? '').split(/\r?\n/, 1)[0] ?? ''
  const cleaned = firstLine.replace(/\s+/g, ' ').trim().replace(/[\s.,;:!…]+$/u, '')
  const chars = [...cleaned]
  return chars.length <= 120 ? cleaned : `${chars.slice(0, 119).join('').trimEnd()}…`
}

export type CauseSource = 'check' | 'comment'
/** A cause of blocked results: a check's deciding message (`cause` is its code), or a person's words. */
export type BlockedCause = { source: CauseSource; cause: string; message?: CheckMessage; count: number; /** The message in the reader's language (the API adds it). */ label?: string }

/** A stored check message (JSON from the database) as a message, or null when it is not one. */
function checkMessageOf(json: string | null): CheckMessage | null {
  try {
    const value: unknown = JSON.parse(json ?? '')
    if (typeof value !== 'object' || value === null || typeof (value as { code?: unknown }).code !== 'string') return null
    const { code, params } = value as { code: string; params?: unknown }
    if (typeof params !== 'object' || params === null) return { code }
    const kept = Object.entries(params).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number')
    return { code, params: Object.fromEntries(kept) }
  } catch {
    return null
  }
}

/**
 * Blocked results grouped by cause: an automated check's deciding message (its code and values, as JSON), or the
 * first line of a person's comment (compared without case, shown as most often written). A blocked result without a
 * reason counts under an empty cause.
 */
export function blockedCauses(rows: ReadonlyArray<{ source: CauseSource; cause: string | null; count: number }>, limit: number = REPORT_LIMITS.causes): BlockedCause[] {
  const groups = new Map<string, { source: CauseSource; message?: CheckMessage; count: number; spellings: Map<string, number> }>()
  for (const row of rows) {
    const message = row.source === 'check' ? checkMessageOf(row.cause) : null
    const cause = message ? message.code : normaliseCause(row.cause)
    const key = `${row.source}\u0000${message ? JSON.stringify(message) : row.source === 'check' ? cause : cause.toLocaleLowerCase('cs')}`
    const group = groups.get(key) ?? { source: row.source, ...(message ? { message } : {}), count: 0, spellings: new Map<string, number>() }
    group.count += Number(row.count)
    group.spellings.set(cause, (group.spellings.get(cause) ?? 0) + Number(row.count))
    groups.set(key, group)
  }
  return [...groups.values()]
    .map(({ spellings, ...group }) => ({ ...group, cause: [...spellings].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0] }))
    .sort((a, b) => b.count - a.count || a.cause.localeCompare(b.cause))
    .slice(0, limit)
}

/** The UTC day of a time, `yyyy-mm-dd` (reports group by UTC days, so every reader sees the same days). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10)
}

export type ReportRunRow = Figure & {
  id: string
  name: string
  state: RunState
  createdAt: Date
  suiteId: string | null
  suiteName: string | null
  portalId: string | null
  portalName: string | null
}

export type DayFigure = Figure & { day: string; runs: number; results: number }

/**
 * One entry per day that had a run created or a result recorded, oldest first: the latest results of the runs created
 * that day (their pass rate) and how many results were recorded that day in the report's runs.
 */
export function overTime(runs: readonly ReportRunRow[], resultsPerDay: ReadonlyArray<{ day: string; count: number }>): DayFigure[] {
  const days = new Map<string, { runs: number; results: number; counts: RunCounts }>()
  const dayOf = (day: string) => {
    const entry = days.get(day) ?? { runs: 0, results: 0, counts: emptyCounts() }
    days.set(day, entry)
    return entry
  }
  for (const run of runs) {
    const entry = dayOf(utcDay(run.createdAt))
    entry.runs += 1
    addCounts(entry.counts, run.counts)
  }
  for (const row of resultsPerDay) dayOf(row.day).results += Number(row.count)
  return [...days]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, entry]) => ({ day, runs: entry.runs, results: entry.results, ...figureOf(entry.counts) }))
}

/** The runs' figures summed per key (their suite, their portal), most cases first. */
export function byRunField(runs: readonly ReportRunRow[], field: 'suite' | 'portal'): Array<Figure & { key: string | null; label: string | null; runs: number }> {
  const groups = new Map<string | null, { label: string | null; runs: number; counts: RunCounts }>()
  for (const run of runs) {
    const key = field === 'suite' ? run.suiteId : run.portalId
    const group = groups.get(key) ?? { label: field === 'suite' ? run.suiteName : run.portalName, runs: 0, counts: emptyCounts() }
    group.runs += 1
    addCounts(group.counts, run.counts)
    groups.set(key, group)
  }
  return [...groups]
    .map(([key, group]) => ({ key, label: group.label, runs: group.runs, ...figureOf(group.counts) }))
    .sort((a, b) => b.total - a.total || (a.label ?? '').localeCompare(b.label ?? ''))
}

export type ReportSummary = {
  project: { id: string; key: string; name: string }
  filters: ReportFilters
  /** The project's runs at all: a filter that matches none is not the same as no runs yet. */
  projectRuns: number
  /** Runs that match the filters; the report shows the newest REPORT_LIMITS.runs of them. */
  matchingRuns: number
  runs: ReportRunRow[]
  overall: Figure
  overTime: DayFigure[]
  byPriority: Array<Figure & { key: Priority }>
  bySuite: Array<Figure & { key: string | null; label: string | null; runs: number }>
  byFolder: Array<Figure & { key: string }>
  byPortal: Array<Figure & { key: string | null; label: string | null; runs: number }>
  byDataset: Array<Figure & { key: string; label: string }>
  flaky: Array<FlakyCase & { key: string; title: string }>
  blockedCauses: BlockedCause[]
  checkFailures: Array<{ check: CheckType | string; failed: number; blocked: number; total: number }>
  slowest: Array<{ caseId: string; key: string; title: string; runId: string; runName: string; check: CheckType | string; status: ResultStatus; durationMs: number }>
}

export const REPORT_EXPORT_FORMATS = ['csv', 'json'] as const
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number]

export function isReportExportFormat(value: string): value is ReportExportFormat {
  return (REPORT_EXPORT_FORMATS as readonly string[]).includes(value)
}

/** `<KEY>-report-<yyyy-mm-dd>.<ext>`: the key is capitals and digits, so the name is safe in a header as it is. */
export function reportExportFilename(projectKey: string, at: Date, format: ReportExportFormat): string {
  const key = projectKey.replace(/[^A-Za-z0-9]/g, '') || 'PROJECT'
  return `${key}-report-${utcDay(at)}.${format}`
}

export const REPORT_CSV_HEADER = ['section', 'key', 'label', 'date', 'total', 'passed', 'failed', 'blocked', 'skipped', 'untested', 'pass_rate', 'value']

type CsvRow = Array<string | number | Date | null>

const rate = (value: number | null) => (value === null ? null : Math.round(value * 10_000) / 10_000)
const figureCells = (figure: Figure): CsvRow => [figure.total, figure.counts.passed, figure.counts.failed, figure.counts.blocked, figure.counts.skipped, figure.counts.untested, rate(figure.passRate)]
const emptyFigure: CsvRow = [null, null, null, null, null, null, null]

/**
 * The whole report as one CSV table, one row per figure, its `section` saying which part it belongs to (run, day,
 * priority, suite, folder, portal, dataset, flaky, blocked_cause, check_failures, slowest_check), so a spreadsheet
 * filters it by section. `value` holds what a section has beyond the counts: flips, a cause's count, milliseconds.
 */
export function reportToCsv(report: ReportSummary): string {
  const rows: CsvRow[] = [
    ['overall', '', report.project.key, null, ...figureCells(report.overall), null],
    ...report.runs.map((run): CsvRow => ['run', run.id, run.name, run.createdAt, ...figureCells(run), run.state]),
    ...report.overTime.map((day): CsvRow => ['day', day.day, '', day.day, ...figureCells(day), day.results]),
    ...report.byPriority.map((group): CsvRow => ['priority', group.key, group.key, null, ...figureCells(group), null]),
    ...report.bySuite.map((group): CsvRow => ['suite', group.key ?? '', group.label ?? '', null, ...figureCells(group), group.runs]),
    ...report.byFolder.map((group): CsvRow => ['folder', group.key, group.key, null, ...figureCells(group), null]),
    ...report.byPortal.map((group): CsvRow => ['portal', group.key ?? '', group.label ?? '', null, ...figureCells(group), group.runs]),
    ...report.byDataset.map((group): CsvRow => ['dataset', group.key, group.label, null, ...figureCells(group), null]),
    ...report.flaky.map((item): CsvRow => ['flaky', item.key, item.title, null, item.runs, item.passed, item.failed, null, null, null, null, item.flips]),
    ...report.blockedCauses.map((item): CsvRow => ['blocked_cause', item.source, item.cause, null, item.count, null, null, item.count, null, null, null, item.count]),
    ...report.checkFailures.map((item): CsvRow => ['check_failures', item.check, item.check, null, item.total, null, item.failed, item.blocked, null, null, null, item.failed + item.blocked]),
    ...report.slowest.map((item): CsvRow => ['slowest_check', item.key, item.title, null, ...emptyFigure, item.durationMs]),
  ]
  return toCsv(REPORT_CSV_HEADER, rows)
}

/** The report as JSON for scripts: what the page shows, with the filters and when it was made. */
export function reportToJson(report: ReportSummary, exportedAt = new Date()): string {
  return JSON.stringify({ exportedAt, ...report }, null, 2)
}
