// Rules of test management that both the browser and the server need: roles and what they allow, case keys,
// estimates, folders, and the order of priorities.

export const PROJECT_ROLES = ['viewer', 'tester', 'editor', 'owner'] as const
export type ProjectRole = (typeof PROJECT_ROLES)[number]

/** What each role may do, from the least to the most: a role may do everything the ones before it may. */
const ROLE_RANK: Record<ProjectRole, number> = { viewer: 0, tester: 1, editor: 2, owner: 3 }

export function roleAtLeast(role: ProjectRole, minimum: ProjectRole): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[minimum]
}

export const PRIORITIES = ['low', 'medium', 'high', 'critical'] as const
export type Priority = (typeof PRIORITIES)[number]
export const CASE_TYPES = ['manual', 'automated'] as const
export type CaseType = (typeof CASE_TYPES)[number]
export const CASE_STATES = ['draft', 'active', 'deprecated'] as const
export type CaseState = (typeof CASE_STATES)[number]
export const TARGET_KINDS = ['portal', 'dataset', 'resource'] as const
export type TargetKind = (typeof TARGET_KINDS)[number]
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'select', 'multiselect', 'checkbox', 'date', 'url', 'user'] as const
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number]

export function priorityRank(priority: Priority): number {
  return PRIORITIES.indexOf(priority)
}

/** A project key: a capital letter, then up to nine capitals or digits (`PRG`, `NKOD2`). */
export const PROJECT_KEY_PATTERN = /^[A-Z][A-Z0-9]{1,9}$/

/** `PRG-12`. */
export function caseKey(projectKey: string, number: number): string {
  return `${projectKey}-${number}`
}

/** The project key and number of `PRG-12` (any case, spaces around), or null. */
export function parseCaseKey(text: string): { projectKey: string; number: number } | null {
  const match = /^\s*([A-Za-z][A-Za-z0-9]{1,9})-(\d{1,9})\s*$/.exec(text)
  return match ? { projectKey: match[1]!.toUpperCase(), number: Number(match[2]) } : null
}

/**
 * Minutes from an estimate as people write it: `90`, `45m`, `45 min`, `2h`, `1h 30m`, `1,5 h`, `1.5h`. Null for an
 * empty text; undefined when it cannot be read.
 */
export function parseEstimate(text: string): number | null | undefined {
  const value = text.trim().toLowerCase()
  if (value === '') return null
  if (/^\d+$/.test(value)) return Number(value)
  const match = /^(?:(\d+(?:[.,]\d+)?)\s*h(?:ours?|od(?:in[ay]?)?)?)?\s*(?:(\d+)\s*m(?:in(?:utes?|ut[ay]?)?)?)?$/.exec(value)
  if (!match || (match[1] === undefined && match[2] === undefined)) return undefined
  const hours = match[1] ? Number(match[1].replace(',', '.')) : 0
  const minutes = match[2] ? Number(match[2]) : 0
  return Math.round(hours * 60 + minutes)
}

/** `1h 30m`, `45m`, `2h`: the form parseEstimate reads back. */
export function formatEstimate(minutes: number | null): string {
  if (minutes === null) return ''
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return `${rest}m`
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`
}

/** A folder path as stored: segments trimmed, joined by `/`, none empty; '' is the top level. */
export function normaliseFolder(path: string): string {
  return path
    .split('/')
    .map((segment) => segment.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .join('/')
}

export const MAX_FOLDER_DEPTH = 10
export const MAX_FOLDER_SEGMENT = 80

export function validFolder(path: string): boolean {
  const segments = normaliseFolder(path).split('/').filter(Boolean)
  return segments.length <= MAX_FOLDER_DEPTH && segments.every((segment) => segment.length <= MAX_FOLDER_SEGMENT)
}

/** Tags as kept: trimmed, inner spaces single, duplicates (ignoring case) dropped, in the order given. */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ')
    if (!tag || seen.has(tag.toLowerCase())) continue
    seen.add(tag.toLowerCase())
    out.push(tag)
  }
  return out
}

/** What one step says. */
export type StepText = { action: string; data: string; expected: string }
/** A step of a case: written in it, or a shared step inserted by reference. `id` keeps a step's identity across edits. */
export type CaseStep = ({ kind: 'step'; id: string } & StepText) | { kind: 'shared'; id: string; sharedStepId: string }
/** What a case checks, when it is about something in a harvested catalogue (`id` as datasets.byId takes it, or a portal slug). */
export type CaseTarget = { kind: TargetKind; id: string; label: string }

export const SUITE_KINDS = ['static', 'dynamic'] as const
export type SuiteKind = (typeof SUITE_KINDS)[number]
/** A dynamic suite's rule, resolved when a run starts: active cases meeting every condition that is set. */
export type SuiteRule = { tags: string[]; minPriority: Priority | null; folder: string | null; portalId: string | null }
