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

export function stepComparable(step: CaseStep): unknown {
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
