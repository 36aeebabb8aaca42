import { describe, expect, it } from 'vitest'
import { emptyDraft, type CaseDraft } from './case-draft.ts'
import { defaultCheckDraft } from './check-draft.ts'
import { differingFields, draftsDiffer } from './case-diff.ts'
import { compareSteps, defaultChoices, mergeDrafts } from './case-merge.ts'

const step = (id: string, action: string) => ({ kind: 'step' as const, id, action, data: '', expected: '' })
const base: CaseDraft = {
  ...emptyDraft(),
  title: 'Search finds air',
  steps: [step('a', 'Open the portal'), step('b', 'Search for air')],
  tags: 'smoke, search',
  estimate: '90',
  custom: { browser: 'Chrome' },
}

describe('comparing versions of a case', () => {
  it('compares fields as they would be saved, not as typed', () => {
    const retyped: CaseDraft = { ...base, title: ' Search finds air ', tags: 'smoke,search, Smoke', estimate: '1h 30m', folder: ' ' }
    expect(draftsDiffer(base, retyped)).toBe(false)
    expect(differingFields(base, { ...base, estimate: '1h', custom: { browser: 'Firefox', extra: 'x' } })).toEqual(['estimate', 'custom.browser', 'custom.extra'])
  })

  it('sees a changed, a moved and a new step', () => {
    const mine = [step('b', 'Search for air quality'), step('a', 'Open the portal'), step('c', 'Open the first result')]
    expect(compareSteps(mine, base.steps).map((row) => row.mark)).toEqual(['changed', 'moved', 'added'])
    expect(differingFields(base, { ...base, steps: [base.steps[1]!, base.steps[0]!] })).toEqual(['steps'])
  })

  it('starts each field of a merge as the other person’s only where they alone changed it', () => {
    const mine: CaseDraft = { ...base, title: 'Search finds air quality', priority: 'high' }
    const theirs: CaseDraft = { ...base, steps: [step('a', 'Open the national portal'), base.steps[1]!], priority: 'low' }
    const fields = differingFields(mine, theirs)
    expect(fields).toEqual(['title', 'steps', 'priority'])
    // Title: only mine changed; steps: only theirs; priority: both (the user's stays until they choose).
    expect(defaultChoices(base, mine, theirs, fields)).toEqual({ title: 'mine', steps: 'theirs', priority: 'mine' })
    // Without the version both started from, nothing of the user's is replaced unasked.
    expect(defaultChoices(null, mine, theirs, fields)).toEqual({ title: 'mine', steps: 'mine', priority: 'mine' })
  })

  it('merges the chosen fields and keeps the rest of the user’s draft', () => {
    const mine: CaseDraft = { ...base, title: 'Mine', custom: { browser: 'Chrome', runs: 3 } }
    const theirs: CaseDraft = { ...base, title: 'Theirs', steps: [step('z', 'Their step')], custom: {} }
    const merged = mergeDrafts(mine, theirs, { title: 'mine', steps: 'theirs', 'custom.browser': 'theirs', 'custom.runs': 'mine' })
    expect(merged.title).toBe('Mine')
    expect(merged.steps).toEqual([step('z', 'Their step')])
    expect(merged.custom).toEqual({ runs: 3 })
    // Neither input is changed.
    expect(mine.custom).toEqual({ browser: 'Chrome', runs: 3 })
    merged.steps[0]!.id = 'changed'
    expect(theirs.steps[0]!.id).toBe('z')
  })

  it('tells checks apart by what would be saved, and merges the chosen one', () => {
    const automated: CaseDraft = { ...base, type: 'automated', check: { ...defaultCheckDraft(), dataset: 'a' } }
    const theirs: CaseDraft = { ...automated, check: { ...defaultCheckDraft(), dataset: 'b' } }
    expect(differingFields(automated, theirs)).toEqual(['check'])
    expect(mergeDrafts(automated, theirs, { check: 'theirs' }).check?.dataset).toBe('b')
    // A manual case's leftover check is not saved, so it is no difference.
    expect(draftsDiffer({ ...automated, type: 'manual' }, { ...theirs, type: 'manual' })).toBe(false)
  })
})
