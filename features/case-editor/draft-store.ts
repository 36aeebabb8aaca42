import { madeBy } from '../../lib/made-by.ts'
import { CHECK_SCOPES, CHECK_TYPES } from '../../lib/domain/checks.ts'
import { CASE_STATES, CASE_TYPES, PRIORITIES, TARGET_KINDS, type CaseStep, type CaseTarget } from '../../lib/domain/test-management.ts'
import type { CaseDraft } from './case-draft.ts'
import type { CheckDraft } from './check-draft.ts'
import { draftsDiffer } from './case-diff.ts'

// Drafts of the enhanced editor, kept in localStorage so that a reload, a crash or a closed tab loses nothing. One
// entry per user, project and case (or per new case, by a draft id of its own); each records the version of the case
// it was written over, and that version's fields, so a draft written over an older version is merged, not saved over
// someone else's work. What localStorage holds is outside data (another tab, an older build): it is parsed, and an
// entry that does not parse is dropped. The parser is plain code rather than a schema, tested rule by rule; this module
// now loads after hydration (./use-draft-store.ts), so a zod schema would cost the first load nothing either.

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

const PREFIX = 'portalscope.caseDraft'
/** Drafts older than this are dropped when the editor opens: nobody remembers what they were about. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

export type DraftOwner = { userId: string; projectId: string }
/** A case by id, or a new case by its draft id. */
export type DraftSubject = { caseId: string } | { newDraftId: string }

const MAX_TEXT = 100_000

export type StoredDraft = {
  v: 1
  userId: string
  projectId: string
  caseId: string | null
  newDraftId: string | null
  /** The case's version the draft was written over (null for a new case). */
  baseVersion: number | null
  /** That version's fields, for telling the user's changes from the other person's. */
  base: CaseDraft | null
  savedAt: number
  draft: CaseDraft
}

/** Thrown inside the parser at the first value that does not fit; the entry is then dropped. */
class Unreadable extends Error {}

type Json = Record<string, unknown>

function object(value: unknown): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Unreadable()
  return value as Json
}
function string(value: unknown, max: number, min = 0): string {
  if (typeof value !== 'string' || value.length > max || value.length < min) throw new Unreadable()
  return value
}
const text = (value: unknown) => string(value, MAX_TEXT)
const id = (value: unknown) => string(value, 64, 1)
function choice<const T extends string>(value: unknown, choices: readonly T[]): T {
  if (!(choices as readonly unknown[]).includes(value)) throw new Unreadable()
  return value as T
}
function nullable<T>(value: unknown, read: (value: unknown) => T): T | null {
  return value === null ? null : read(value)
}

// The check as typed (./check-draft.ts): every value a text but its type and scope.
function checkDraft(value: unknown): CheckDraft {
  const check = object(value)
  return {
    type: choice(check.type, CHECK_TYPES),
    portal: text(check.portal),
    scope: choice(check.scope, CHECK_SCOPES),
    dataset: text(check.dataset),
    resource: text(check.resource),
    organization: text(check.organization),
    limit: text(check.limit),
    minVersion: text(check.minVersion),
    format: text(check.format),
    contentType: text(check.contentType),
    columns: text(check.columns),
    tableSchema: text(check.tableSchema),
    maxErrors: text(check.maxErrors),
    days: text(check.days),
    minimum: text(check.minimum),
    fields: text(check.fields),
  }
}

function step(value: unknown): CaseStep {
  const entry = object(value)
  if (entry.kind === 'step') return { kind: 'step', id: id(entry.id), action: text(entry.action), data: text(entry.data), expected: text(entry.expected) }
  if (entry.kind === 'shared') return { kind: 'shared', id: id(entry.id), sharedStepId: id(entry.sharedStepId) }
  throw new Unreadable()
}

function target(value: unknown): CaseTarget {
  const entry = object(value)
  return { kind: choice(entry.kind, TARGET_KINDS), id: string(entry.id, 400), label: string(entry.label, 400) }
}

function caseDraft(value: unknown): CaseDraft {
  const draft = object(value)
  if (!Array.isArray(draft.steps) || draft.steps.length > 500) throw new Unreadable()
  return {
    title: text(draft.title),
    description: text(draft.description),
    preconditions: text(draft.preconditions),
    steps: draft.steps.map(step),
    priority: choice(draft.priority, PRIORITIES),
    type: choice(draft.type, CASE_TYPES),
    state: choice(draft.state, CASE_STATES),
    tags: text(draft.tags),
    estimate: text(draft.estimate),
    references: text(draft.references),
    folder: text(draft.folder),
    target: nullable(draft.target, target),
    custom: { ...object(draft.custom) },
    // Drafts kept before checks existed have none.
    check: draft.check === undefined ? null : nullable(draft.check, checkDraft),
  }
}

function whole(value: unknown): number {
  if (!Number.isInteger(value)) throw new Unreadable()
  return value as number
}

/** A stored entry as JSON gave it, with only the fields a draft has; null when anything does not fit. */
export function parseStoredDraft(json: unknown): StoredDraft | null {
  try {
    const entry = object(json)
    if (entry.v !== 1 || typeof entry.savedAt !== 'number' || !Number.isFinite(entry.savedAt)) return null
    return {
      v: 1,
      userId: string(entry.userId, Infinity),
      projectId: string(entry.projectId, Infinity),
      caseId: nullable(entry.caseId, (value) => string(value, Infinity)),
      newDraftId: nullable(entry.newDraftId, (value) => string(value, Infinity)),
      baseVersion: nullable(entry.baseVersion, whole),
      base: nullable(entry.base, caseDraft),
      savedAt: entry.savedAt,
      draft: caseDraft(entry.draft),
    }
  } catch (error) {
    if (madeBy(error, Unreadable)) return null
    throw error
  }
}

function subjectPart(subject: DraftSubject): string {
  return 'caseId' in subject ? `case:${subject.caseId}` : `new:${subject.newDraftId}`
}

export function draftKey(owner: DraftOwner, subject: DraftSubject): string {
  return `${PREFIX}:${owner.userId}:${owner.projectId}:${subjectPart(subject)}`
}

function read(storage: DraftStorage, key: string): StoredDraft | null {
  let raw: string | null
  try {
    raw = storage.getItem(key)
  } catch {
    return null
  }
  if (raw === null) return null
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    json = null
  }
  const parsed = parseStoredDraft(json)
  if (!parsed) storage.removeItem(key)
  return parsed
}

export function loadDraft(storage: DraftStorage, owner: DraftOwner, subject: DraftSubject): StoredDraft | null {
  const stored = read(storage, draftKey(owner, subject))
  return stored && stored.userId === owner.userId && stored.projectId === owner.projectId ? stored : null
}

/** Keeps a draft; false when the browser refuses (storage full or disabled), which the editor says. */
export function saveDraft(
  storage: DraftStorage,
  owner: DraftOwner,
  subject: DraftSubject,
  entry: { baseVersion: number | null; base: CaseDraft | null; draft: CaseDraft },
  now = Date.now(),
): boolean {
  const stored: StoredDraft = {
    v: 1,
    userId: owner.userId,
    projectId: owner.projectId,
    caseId: 'caseId' in subject ? subject.caseId : null,
    newDraftId: 'newDraftId' in subject ? subject.newDraftId : null,
    baseVersion: entry.baseVersion,
    base: entry.base,
    savedAt: now,
    draft: entry.draft,
  }
  try {
    storage.setItem(draftKey(owner, subject), JSON.stringify(stored))
    return true
  } catch {
    return false
  }
}

export function clearDraft(storage: DraftStorage, owner: DraftOwner, subject: DraftSubject): void {
  try {
    storage.removeItem(draftKey(owner, subject))
  } catch {
    // Nothing to clear where storage is disabled.
  }
}

function keysOf(storage: DraftStorage, prefix: string): string[] {
  const keys: string[] = []
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index)
    if (key?.startsWith(prefix)) keys.push(key)
  }
  return keys
}

/** The user's drafts of new cases in a project, newest first; drafts past DRAFT_MAX_AGE_MS are dropped on the way. */
export function newDrafts(storage: DraftStorage, owner: DraftOwner, now = Date.now()): StoredDraft[] {
  const found: StoredDraft[] = []
  let keys: string[]
  try {
    keys = keysOf(storage, `${PREFIX}:${owner.userId}:${owner.projectId}:new:`)
  } catch {
    return []
  }
  for (const key of keys) {
    const stored = read(storage, key)
    if (!stored) continue
    if (now - stored.savedAt > DRAFT_MAX_AGE_MS) storage.removeItem(key)
    else if (stored.newDraftId && stored.userId === owner.userId && stored.projectId === owner.projectId) found.push(stored)
  }
  return found.sort((a, b) => b.savedAt - a.savedAt)
}

export type DraftOffer = { kind: 'none' } | { kind: 'same' } | { kind: 'offer'; stored: StoredDraft; caseChanged: boolean }

/**
 * What to do with a stored draft when a case opens: nothing stored; a draft that says what the case says (drop it
 * quietly); or offer to restore it, noting whether the case has been saved since the draft's version.
 */
export function draftOffer(stored: StoredDraft | null, saved: { version: number; draft: CaseDraft }, now = Date.now()): DraftOffer {
  if (!stored || now - stored.savedAt > DRAFT_MAX_AGE_MS) return { kind: stored ? 'same' : 'none' }
  if (!draftsDiffer(stored.draft, saved.draft)) return { kind: 'same' }
  return { kind: 'offer', stored, caseChanged: stored.baseVersion !== saved.version }
}
