import type { CaseCheck } from '../../lib/domain/checks.ts'
import { isEmptyCustom } from '../../lib/domain/custom-fields.ts'
import {
  formatEstimate,
  normaliseTags,
  parseEstimate,
  type CaseState,
  type CaseStep,
  type CaseTarget,
  type CaseType,
  type Priority,
} from '../../lib/domain/test-management.ts'
import type { TestCaseFields } from '../../lib/forms/test-management-schemas.ts'
import { checkDraftFrom, checkFromDraft, defaultCheckDraft, type CheckDraft } from './check-draft.ts'

// What an editor holds while a case is being written: the texts exactly as typed (tags, references and the estimate
// are one line each), so nothing typed is ever reformatted under the cursor or lost on a failed save; converted to
// the API's fields only when saved.

export type CaseDraft = {
  title: string
  description: string
  preconditions: string
  steps: CaseStep[]
  priority: Priority
  type: CaseType
  state: CaseState
  /** Comma-separated, as typed. */
  tags: string
  /** `1h 30m`, `45m`, `90`, as typed. */
  estimate: string
  /** Comma-separated ticket ids, as typed. */
  references: string
  folder: string
  target: CaseTarget | null
  /** Values by custom field id, in the types the server keeps (a number field holds its text until it is a number). */
  custom: Record<string, unknown>
  /**
   * An automated case's check as typed. Kept while the type is manual (switching back finds it again), but a manual
   * case is saved without one; null until the case is made automated.
   */
  check: CheckDraft | null
}

/** The fields of a case as the API answers them. */
export type CaseFieldsLike = Pick<
  TestCaseFields,
  'title' | 'description' | 'preconditions' | 'steps' | 'priority' | 'type' | 'state' | 'tags' | 'estimateMinutes' | 'references' | 'folder' | 'target' | 'custom'
> & { check?: CaseCheck | null | undefined }

export function emptyDraft(folder = ''): CaseDraft {
  return {
    title: '',
    description: '',
    preconditions: '',
    steps: [],
    priority: 'medium',
    type: 'manual',
    state: 'draft',
    tags: '',
    estimate: '',
    references: '',
    folder,
    target: null,
    custom: {},
    check: null,
  }
}

export function draftFromCase(fields: CaseFieldsLike): CaseDraft {
  return {
    title: fields.title,
    description: fields.description,
    preconditions: fields.preconditions,
    steps: fields.steps.map((step) => ({ ...step })),
    priority: fields.priority,
    type: fields.type,
    state: fields.state,
    tags: fields.tags.join(', '),
    estimate: formatEstimate(fields.estimateMinutes),
    references: fields.references.join(', '),
    folder: fields.folder,
    target: fields.target ? { ...fields.target } : null,
    custom: { ...fields.custom },
    check: fields.check ? checkDraftFrom(fields.check) : null,
  }
}

export function splitList(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((item) => item.trim())
    .filter(Boolean)
}

/** A fresh id for a step written in the editor (ids keep a step's identity across reorders and edits). */
export function newStepId(): string {
  return globalThis.crypto.randomUUID()
}

/** A new case's draft id in the enhanced editor (./draft-store.ts): short, unguessable enough for a local key. */
export function newDraftId(): string {
  return globalThis.crypto.randomUUID().slice(0, 12)
}

export function blankStep(): CaseStep {
  return { kind: 'step', id: newStepId(), action: '', data: '', expected: '' }
}

/** The API's input for a draft: what the server checks with TestCaseFieldsSchema (./draft-checks.ts runs it first). An unreadable estimate is null. */
export function draftToInput(draft: CaseDraft) {
  const estimate = parseEstimate(draft.estimate)
  return {
    title: draft.title,
    description: draft.description,
    preconditions: draft.preconditions,
    steps: draft.steps,
    priority: draft.priority,
    type: draft.type,
    state: draft.state,
    tags: splitList(draft.tags),
    estimateMinutes: estimate ?? null,
    references: splitList(draft.references),
    folder: draft.folder,
    target: draft.target,
    custom: Object.fromEntries(Object.entries(draft.custom).filter(([, value]) => !isEmptyCustom(value))),
    // A manual case keeps no check; an automated one always sends its own (the default until one is written).
    check: draft.type === 'automated' ? checkFromDraft(draft.check ?? defaultCheckDraft()).check : null,
  }
}

/** The tags as they will be kept, for comparisons (order kept, duplicates and spacing dropped). */
export function normalisedTags(text: string): string[] {
  return normaliseTags(splitList(text))
}
