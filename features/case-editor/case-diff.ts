import { isEmptyCustom } from '../../lib/domain/custom-fields.ts'
import { normaliseFolder, parseEstimate, type CaseStep } from '../../lib/domain/test-management.ts'
import { normalisedTags, splitList, type CaseDraft } from './case-draft.ts'
import { checkComparable, defaultCheckDraft } from './check-draft.ts'

// Comparing two versions of a case field by field: what a restored draft changes, and, when someone else saved
// meanwhile, which fields the two versions disagree on and what the merged version is once the user has chosen.

export const BASIC_FIELDS = ['title', 'description', 'preconditions', 'steps', 'priority', 'type', 'state', 'tags', 'estimate', 'references', 'folder', 'target', 'check'] as const
export type BasicField = (typeof BASIC_FIELDS)[number]
/** A field of the editor: one of the case's own, or a custom field as `custom.<id>`. */
export type FieldKey = BasicField | `custom.${string}`
export type Choice = 'mine' | 'theirs'
/** The user's choice per differing field; a field not named keeps the user's value. */
export type Choices = Partial<Record<FieldKey, Choice>>

const CUSTOM_PREFIX = 'custom.'

export function customKey(fieldId: string): FieldKey {
  return `${CUSTOM_PREFIX}${fieldId}`
}

export function customIdOf(key: FieldKey): string | null {
  return key.startsWith(CUSTOM_PREFIX) ? key.slice(CUSTOM_PREFIX.length) : null
}

/** A value in a form that compares equal exactly when the saved values would be equal. */
function comparable(draft: CaseDraft, key: FieldKey): unknown {
  const customId = customIdOf(key)
  if (customId !== null) {
    const value = draft.custom[customId]
    if (isEmptyCustom(value)) return null
    return Array.isArray(value) ? [...value].sort() : value
  }
  switch (key as BasicField) {
    case 'title':
      return draft.title.trim()
    case 'description':
      return draft.description
    case 'preconditions':
      return draft.preconditions
    case 'steps':
      return draft.steps.map(stepComparable)
    case 'priority':
      return draft.priority
    case 'type':
      return draft.type
    case 'state':
      return draft.state
    case 'tags':
      return normalisedTags(draft.tags)
    case 'estimate': {
      const minutes = parseEstimate(draft.estimate)
      return minutes === undefined ? draft.estimate.trim() : minutes
    }
    case 'references':
      return splitList(draft.references)
    case 'folder':
      return normaliseFolder(draft.folder)
    case 'target':
      return draft.target ? `${draft.target.kind}:${draft.target.id}` : null
    case 'check':
      // A manual case is saved without its check, so a check left behind in its draft is no difference.
      return draft.type === 'automated' ? checkComparable(draft.check ?? defaultCheckDraft()) : null
  }
}

function stepComparable(step: CaseStep): unknown {
  return step.kind === 'shared' ? ['shared', step.id, step.sharedStepId] : ['step', step.id, step.action.trim(), step.data.trim(), step.expected.trim()]
}

export function sameField(a: CaseDraft, b: CaseDraft, key: FieldKey): boolean {
  return JSON.stringify(comparable(a, key)) === JSON.stringify(comparable(b, key))
}

/** Every field of two drafts: the case's own, then the custom fields either holds a value of. */
export function allFields(...drafts: CaseDraft[]): FieldKey[] {
  const customIds = new Set(drafts.flatMap((draft) => Object.keys(draft.custom)))
  return [...BASIC_FIELDS, ...[...customIds].sort().map(customKey)]
}

/** The fields on which two drafts disagree, in the editor's order. */
export function differingFields(a: CaseDraft, b: CaseDraft, order: readonly FieldKey[] = allFields(a, b)): FieldKey[] {
  return order.filter((key) => !sameField(a, b, key))
}

export function draftsDiffer(a: CaseDraft, b: CaseDraft): boolean {
  return differingFields(a, b).length > 0
}

/**
 * What a field of the merged version starts as: the other person's value where only they changed it since the
 * version this editor started from (`base`), the user's own everywhere else. Without a base every field starts as the
 * user's. The user sees and confirms every one before anything is saved.
 */
export function defaultChoices(base: CaseDraft | null, mine: CaseDraft, theirs: CaseDraft, fields: readonly FieldKey[]): Choices {
  const choices: Choices = {}
  for (const key of fields) choices[key] = base && sameField(base, mine, key) && !sameField(base, theirs, key) ? 'theirs' : 'mine'
  return choices
}

function copyField(target: CaseDraft, source: CaseDraft, key: FieldKey): void {
  const customId = customIdOf(key)
  if (customId !== null) {
    if (Object.hasOwn(source.custom, customId)) target.custom[customId] = source.custom[customId]
    else delete target.custom[customId]
    return
  }
  switch (key as BasicField) {
    case 'steps':
      target.steps = source.steps.map((step) => ({ ...step }))
      break
    case 'target':
      target.target = source.target ? { ...source.target } : null
      break
    case 'check':
      target.check = source.check ? { ...source.check } : null
      break
    default: {
      const field = key as Exclude<BasicField, 'steps' | 'target' | 'check'>
      ;(target as Record<typeof field, unknown>)[field] = source[field]
    }
  }
}

/** The user's draft with the fields they chose to take from the other version. */
export function mergeDrafts(mine: CaseDraft, theirs: CaseDraft, choices: Readonly<Choices>): CaseDraft {
  const merged: CaseDraft = { ...mine, steps: mine.steps.map((step) => ({ ...step })), custom: { ...mine.custom }, target: mine.target ? { ...mine.target } : null, check: mine.check ? { ...mine.check } : null }
  for (const [key, choice] of Object.entries(choices) as Array<[FieldKey, Choice | undefined]>) if (choice === 'theirs') copyField(merged, theirs, key)
  return merged
}

export type StepComparison = { mark: 'same' | 'changed' | 'added' | 'moved' }

/**
 * How each step of one list stands against another list, by the steps' ids: unchanged, changed in text, moved, or
 * not in the other list at all (`added` from the point of view of the list given first).
 */
export function compareSteps(steps: readonly CaseStep[], other: readonly CaseStep[]): StepComparison[] {
  const otherIndex = new Map(other.map((step, index) => [step.id, index]))
  return steps.map((step, index) => {
    const at = otherIndex.get(step.id)
    if (at === undefined) return { mark: 'added' }
    if (JSON.stringify(stepComparable(step)) !== JSON.stringify(stepComparable(other[at]!))) return { mark: 'changed' }
    return { mark: at === index ? 'same' : 'moved' }
  })
}
