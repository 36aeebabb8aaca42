import { describe, expect, it } from 'vitest'
import type { CustomFieldDefinition } from '../../lib/domain/custom-fields.ts'
import type { Translate } from '../../lib/i18n/intl.ts'
import { DEFAULT_CHECK } from '../../lib/domain/checks.ts'
import { checkDraftFrom, defaultCheckDraft } from './check-draft.ts'
import { draftFromCase, draftToInput, emptyDraft, type CaseDraft } from './case-draft.ts'
import { checkDraft } from './draft-checks.ts'

// Messages by key, so the tests read which rule refused what.
const t: Translate = (key) => key

const FIELDS: CustomFieldDefinition[] = [
  { id: 'browser', label: 'Browser', type: 'select', options: ['Chrome', 'Firefox'], required: true },
  { id: 'runs', label: 'Runs', type: 'number', options: [], required: false },
  { id: 'owner', label: 'Owner', type: 'user', options: [], required: false },
]
const MEMBERS = new Set(['u1'])

const draft = (changes: Partial<CaseDraft>): CaseDraft => ({ ...emptyDraft(), title: 'Search finds air', custom: { browser: 'Chrome' }, ...changes })

describe('case drafts', () => {
  it('turns the typed texts into the fields the server takes', () => {
    const input = draftToInput(
      draft({ tags: ' smoke, csv ,, regression', references: 'JIRA-1; JIRA-2', estimate: '1h 30m', folder: ' Portál / Vyhledávání ', custom: { browser: 'Chrome', runs: '' } }),
    )
    expect(input).toMatchObject({ tags: ['smoke', 'csv', 'regression'], references: ['JIRA-1', 'JIRA-2'], estimateMinutes: 90, custom: { browser: 'Chrome' } })
    expect(input.custom).not.toHaveProperty('runs')
  })

  it('accepts a complete draft with the shared schema, normalising as the server does', () => {
    const checked = checkDraft(draft({ folder: ' Portál / Vyhledávání ', tags: 'smoke, SMOKE' }), FIELDS, MEMBERS, t)
    expect(checked.ok && checked.fields).toMatchObject({ title: 'Search finds air', folder: 'Portál/Vyhledávání', tags: ['smoke'] })
  })

  it('refuses under the paths the server uses: title, a step action, the estimate and custom fields', () => {
    const checked = checkDraft(
      draft({ title: '  ', steps: [{ kind: 'step', id: 'a', action: '', data: '', expected: '' }], estimate: 'soon', custom: { runs: 'many', owner: 'stranger' } }),
      FIELDS,
      MEMBERS,
      t,
    )
    expect(checked.ok).toBe(false)
    expect(!checked.ok && checked.errors).toEqual({
      title: 'validation.required',
      'steps.0.action': 'validation.required',
      estimateMinutes: 'validation.estimate',
      'custom.browser': 'validation.required',
      'custom.runs': 'validation.number',
      'custom.owner': 'validation.option',
    })
  })

  it('reads a saved case back as the texts it was typed as', () => {
    const fromCase = draftFromCase({
      title: 'T',
      description: '',
      preconditions: '',
      steps: [{ kind: 'shared', id: 's', sharedStepId: 'sh1' }],
      priority: 'high',
      type: 'automated',
      state: 'active',
      tags: ['a', 'b'],
      estimateMinutes: 135,
      references: ['X-1'],
      folder: 'A/B',
      target: { kind: 'portal', id: 'p', label: 'Portal' },
      custom: { browser: 'Firefox' },
    })
    expect(fromCase).toMatchObject({ tags: 'a, b', estimate: '2h 15m', references: 'X-1', steps: [{ kind: 'shared', sharedStepId: 'sh1' }] })
    expect(draftToInput(fromCase).estimateMinutes).toBe(135)
  })

  it('sends an automated case with its check (the default until one is written), a manual one with none', () => {
    expect(draftToInput(draft({ type: 'automated' })).check).toEqual(DEFAULT_CHECK)
    const check = { ...defaultCheckDraft(), type: 'portal-answers' as const, portal: 'live-a', minVersion: '2.9' }
    expect(draftToInput(draft({ type: 'automated', check })).check).toEqual({ ...DEFAULT_CHECK, type: 'portal-answers', portal: 'live-a', minVersion: '2.9' })
    expect(draftToInput(draft({ type: 'manual', check })).check).toBeNull()
  })

  it('refuses a check under the server\'s paths: what its type needs, and numbers that are not numbers', () => {
    const refused = checkDraft(draft({ type: 'automated', check: { ...defaultCheckDraft(), type: 'modified-within', days: 'week' } }), FIELDS, MEMBERS, t)
    expect(!refused.ok && refused.errors).toEqual({ 'check.dataset': 'validation.required', 'check.days': 'validation.integer' })
    const stars = checkDraft(draft({ type: 'automated', check: { ...defaultCheckDraft(), type: 'stars-at-least', dataset: 'a', minimum: '6' } }), FIELDS, MEMBERS, t)
    expect(!stars.ok && stars.errors).toEqual({ 'check.minimum': 'validation.checkStarsRange' })
    // A manual case is saved without its check, so a check it keeps from before never refuses the save.
    expect(checkDraft(draft({ type: 'manual', check: { ...defaultCheckDraft(), days: 'week' } }), FIELDS, MEMBERS, t).ok).toBe(true)
  })

  it('reads a saved check back as the texts it was typed as', () => {
    const check = { ...DEFAULT_CHECK, type: 'metadata-present' as const, dataset: 'a', fields: ['notes', 'license_id'] }
    const fromCase = draftFromCase({ ...draftToInput(draft({})), type: 'automated', estimateMinutes: null, check })
    expect(fromCase.check).toEqual(checkDraftFrom(check))
    expect(fromCase.check?.fields).toBe('notes, license_id')
    expect(draftFromCase({ ...draftToInput(draft({})), estimateMinutes: null }).check).toBeNull()
  })
})
