import { RESULT_STATUSES, type ResultStatus, type RunCounts } from '../../../lib/domain/test-runs.ts'
import { runHref } from '../../../lib/routing/project-links.ts'

// The pure rules of the execution view: the filters and the current case in the address, moving between cases,
// the optimistic figures after a record, the keyboard shortcuts, and reading the form's fields.

export const CASE_FILTER_STATUSES = [...RESULT_STATUSES, 'untested'] as const
export type CaseFilterStatus = (typeof CASE_FILTER_STATUSES)[number]
/** `status=done`: every case with a result, whatever it is (a tester's "done" in the progress by tester). */
export const DONE = 'done'

/** What the address says: the cases shown (by latest status and assignee) and the case open. */
export type ExecutionQuery = { status: CaseFilterStatus | typeof DONE | null; assignee: string | null; caseId: string | null }

/** The bulk assign form's id: the case list's checkboxes belong to it (`form=`), wherever they are in the page. */
export const ASSIGN_FORM_ID = 'assign-form'
/** The "give to" value that means nobody, in the assign forms. */
export const NOBODY = 'none'

/** `assignee=none` means the cases nobody was given. */
export const UNASSIGNED = 'none'

export function parseExecutionQuery(search: Record<string, string | undefined>): ExecutionQuery {
  const status = ([...CASE_FILTER_STATUSES, DONE] as readonly string[]).includes(search.status ?? '') ? (search.status as CaseFilterStatus | typeof DONE) : null
  const assignee = search.assignee?.trim() || null
  const caseId = search.case?.trim() || null
  return { status, assignee, caseId }
}

/** The page's address for a query (only what is set, so a plain link stays short). */
export function executionHref(runId: string, query: ExecutionQuery): string {
  const params = new URLSearchParams()
  if (query.status) params.set('status', query.status)
  if (query.assignee) params.set('assignee', query.assignee)
  if (query.caseId) params.set('case', query.caseId)
  const search = params.toString()
  return `${runHref(runId)}${search ? `?${search}` : ''}`
}

type FilterableCase = { id: string; assigneeId: string | null; latest: { status: ResultStatus } | null }

export function filterCases<T extends FilterableCase>(cases: readonly T[], query: Pick<ExecutionQuery, 'status' | 'assignee'>): T[] {
  return cases.filter((item) => {
    if (query.status === DONE) {
      if (!item.latest) return false
    } else if (query.status && (item.latest?.status ?? 'untested') !== query.status) return false
    if (query.assignee === UNASSIGNED) return item.assigneeId === null
    if (query.assignee && item.assigneeId !== query.assignee) return false
    return true
  })
}

/**
 * The case open: the one named when it is among those shown, else the first shown (a filter that hides the open
 * case moves to the first it shows), else null.
 */
export function currentCaseId(shown: readonly { id: string }[], wanted: string | null): string | null {
  if (wanted && shown.some((item) => item.id === wanted)) return wanted
  return shown[0]?.id ?? null
}

/** The case after (1) or before (-1) the open one among those shown; null at either end. */
export function neighbourCaseId(shown: readonly { id: string }[], current: string | null, step: 1 | -1): string | null {
  const index = shown.findIndex((item) => item.id === current)
  if (index === -1) return shown[0]?.id ?? null
  return shown[index + step]?.id ?? null
}

/** The run's figures with one case's latest status changed, as they will be once the record is stored. */
export function countsAfter(counts: RunCounts, from: ResultStatus | null, to: ResultStatus): RunCounts {
  const next = { ...counts }
  const before = from ?? 'untested'
  if (next[before] > 0) next[before] -= 1
  next[to] += 1
  return next
}

/** Each status's share of the run in whole per cent, rounded so that the shares add up to 100 (largest remainder). */
export function progressShares(counts: RunCounts): Record<keyof RunCounts, number> {
  const keys = CASE_FILTER_STATUSES
  const total = keys.reduce((sum, key) => sum + counts[key], 0)
  const shares = { passed: 0, failed: 0, blocked: 0, skipped: 0, untested: 0 }
  if (total === 0) return shares
  const exact = keys.map((key) => ({ key, value: (counts[key] * 100) / total }))
  for (const { key, value } of exact) shares[key] = Math.floor(value)
  let left = 100 - keys.reduce((sum, key) => sum + shares[key], 0)
  for (const { key } of [...exact].sort((a, b) => b.value - Math.floor(b.value) - (a.value - Math.floor(a.value)))) {
    if (left <= 0) break
    shares[key] += 1
    left -= 1
  }
  return shares
}

export type ShortcutAction = { kind: 'status'; status: ResultStatus } | { kind: 'move'; step: 1 | -1 }

const STATUS_KEYS: Record<string, ResultStatus> = { p: 'passed', f: 'failed', b: 'blocked', s: 'skipped' }

/** Whether a key press happens while typing (a field, a select, editable text): shortcuts never fire there. */
export function isTypingTarget(target: { tagName?: string; isContentEditable?: boolean; type?: string } | null): boolean {
  if (!target?.tagName) return false
  const tag = target.tagName.toLowerCase()
  if (target.isContentEditable) return true
  if (tag === 'textarea' || tag === 'select') return true
  if (tag !== 'input') return false
  // Checkboxes and radios take no text: P on a focused checkbox still records.
  return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes((target.type ?? 'text').toLowerCase())
}

/**
 * The action of a key press: P, F, B, S record passed, failed, blocked, skipped; J or N the next case, K or Shift+N
 * the previous one. Nothing with Ctrl, Alt or Meta (those belong to the browser) or while typing.
 */
export function shortcutFor(event: { key: string; shiftKey: boolean; ctrlKey: boolean; altKey: boolean; metaKey: boolean; target: unknown }): ShortcutAction | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null
  if (isTypingTarget(event.target as Parameters<typeof isTypingTarget>[0])) return null
  const key = event.key.toLowerCase()
  if (key === 'n') return { kind: 'move', step: event.shiftKey ? -1 : 1 }
  if (event.shiftKey) return null
  if (key === 'j') return { kind: 'move', step: 1 }
  if (key === 'k') return { kind: 'move', step: -1 }
  const status = STATUS_KEYS[key]
  return status ? { kind: 'status', status } : null
}

/** Defect links or ids as typed, one per line or separated by commas; blanks and repeats dropped. */
export function parseDefects(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ]
}

/**
 * Elapsed time as typed: minutes ("5", "1.5"), minutes and seconds ("4:30") or hours, minutes and seconds
 * ("1:02:03"). Empty is null; anything else is undefined (the form says it cannot read it).
 */
export function parseElapsed(text: string): number | null | undefined {
  const value = text.trim().replace(',', '.')
  if (!value) return null
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 60)
  const parts = value.split(':')
  if (parts.length < 2 || parts.length > 3 || parts.some((part) => !/^\d+$/.test(part))) return undefined
  const numbers = parts.map(Number)
  if (numbers.slice(1).some((part) => part >= 60)) return undefined
  return numbers.reduce((sum, part) => sum * 60 + part, 0)
}

/** Seconds as the form and the history show them: m:ss, or h:mm:ss from an hour. */
export function formatElapsed(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  const pad = (n: number) => String(n).padStart(2, '0')
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`
}

/**
 * Milliseconds as the history shows them: under a minute in seconds to the millisecond (`0.009 s`, `12.5 s`), from a
 * minute as formatElapsed with the milliseconds after a point when there are any (`6:06.120`).
 */
export function formatElapsedMs(ms: number, locale = 'en'): string {
  const whole = Math.max(0, Math.round(ms))
  const rest = whole % 1000
  if (whole < 60_000) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(whole / 1000)} s`
  const base = formatElapsed(Math.floor(whole / 1000))
  return rest === 0 ? base : `${base}.${String(rest).padStart(3, '0')}`
}

type Announceable = { id: string; key: string; latest: { id: number; status: ResultStatus; recordedBy: string | null } | null }

/**
 * Results that arrived from others since the last look: cases whose latest result changed and was not one this
 * browser recorded (`ownResultIds`), for a polite announcement.
 */
export function newResultsFromOthers(before: readonly Announceable[], after: readonly Announceable[], ownResultIds: ReadonlySet<number>): Array<{ key: string; status: ResultStatus; by: string | null }> {
  const previous = new Map(before.map((item) => [item.id, item.latest?.id ?? null]))
  const out: Array<{ key: string; status: ResultStatus; by: string | null }> = []
  for (const item of after) {
    if (!item.latest || !previous.has(item.id)) continue
    // A negative id is this browser's own result shown before the server answered.
    if (item.latest.id < 0 || previous.get(item.id) === item.latest.id || ownResultIds.has(item.latest.id)) continue
    out.push({ key: item.key, status: item.latest.status, by: item.latest.recordedBy })
  }
  return out
}
