import type { CaseStep } from '../../lib/domain/test-management.ts'
import type { CaseDraft } from './case-draft.ts'
import { customIdOf, sameField, stepComparable, type BasicField, type Choice, type Choices, type FieldKey } from './case-diff.ts'

// Merging two versions of a case, field by field as the user chose: only the conflict comparison does it, so it loads
// with that (./lazy-parts.tsx) rather than with the editors; what differs between two drafts is ./case-diff.ts.

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
