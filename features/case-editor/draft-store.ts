import { z } from '../../lib/zod.ts'
import { CHECK_SCOPES, CHECK_TYPES } from '../../lib/domain/checks.ts'
import { CASE_STATES, CASE_TYPES, PRIORITIES, TARGET_KINDS } from '../../lib/domain/test-management.ts'
import type { CaseDraft } from './case-draft.ts'
import { draftsDiffer } from './case-diff.ts'

// Drafts of the enhanced editor, kept in localStorage so that a reload, a crash or a closed tab loses nothing. One
// entry per user, project and case (or per new case, by a draft id of its own); each records the version of the case
// it was written over, and that version's fields, so a draft written over an older version is merged, not saved over
// someone else's work. What localStorage holds is outside data (another tab, an older build): it is parsed, and an
// entry that does not parse is dropped.

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

const PREFIX = 'portalscope.caseDraft'
/** Drafts older than this are dropped when the editor opens: nobody remembers what they were about. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

export type DraftOwner = { userId: string; projectId: string }
/** A case by id, or a new case by its draft id. */
export type DraftSubject = { caseId: string } | { newDraftId: string }

const text = z.string().max(100_000)
// The check as typed (features/case-editor/check-draft.ts): every value a text but its type and scope.
const CheckDraftSchema = z.object({
  type: z.enum(CHECK_TYPES),
  portal: text,
  scope: z.enum(CHECK_SCOPES),
  dataset: text,
  resource: text,
  organization: text,
  limit: text,
  minVersion: text,
  format: text,
  contentType: text,
  columns: text,
  tableSchema: text,
  maxErrors: text,
  days: text,
  minimum: text,
  fields: text,
})
const DraftSchema = z.object({
  title: text,
  description: text,
  preconditions: text,
  steps: z
    .array(
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('step'), id: z.string().min(1).max(64), action: text, data: text, expected: text }),
        z.object({ kind: z.literal('shared'), id: z.string().min(1).max(64), sharedStepId: z.string().min(1).max(64) }),
      ]),
    )
    .max(500),
  priority: z.enum(PRIORITIES),
  type: z.enum(CASE_TYPES),
  state: z.enum(CASE_STATES),
  tags: text,
  estimate: text,
  references: text,
  folder: text,
  target: z.object({ kind: z.enum(TARGET_KINDS), id: z.string().max(400), label: z.string().max(400) }).nullable(),
  custom: z.record(z.string(), z.unknown()),
  // Drafts kept before checks existed have none.
  check: CheckDraftSchema.nullable().default(null),
}) satisfies z.ZodType<CaseDraft>

const StoredSchema = z.object({
  v: z.literal(1),
  userId: z.string(),
  projectId: z.string(),
  caseId: z.string().nullable(),
  newDraftId: z.string().nullable(),
  /** The case's version the draft was written over (null for a new case). */
  baseVersion: z.number().int().nullable(),
  /** That version's fields, for telling the user's changes from the other person's. */
  base: DraftSchema.nullable(),
  savedAt: z.number(),
  draft: DraftSchema,
})
export type StoredDraft = z.output<typeof StoredSchema>

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
  const parsed = StoredSchema.safeParse(json)
  if (!parsed.success) {
    storage.removeItem(key)
    return null
  }
  return parsed.data
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

/** A new draft id: short, unguessable enough for a local key. */
export function newDraftId(): string {
  return globalThis.crypto.randomUUID().slice(0, 12)
}
