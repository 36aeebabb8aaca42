import { describe, expect, it } from 'vitest'
import { diffCaseVersions, diffText, isEmptyDiff, type CaseVersionContent } from './case-diff.ts'
import type { CaseStep } from './test-management.ts'

const step = (id: string, action: string, data = '', expected = ''): CaseStep => ({ kind: 'step', id, action, data, expected })
const shared = (id: string, sharedStepId: string): CaseStep => ({ kind: 'shared', id, sharedStepId })

const BASE: CaseVersionContent = {
  title: 'Search finds air quality',
  description: 'The **search** must work.',
  preconditions: '',
  steps: [step('a', 'Open the portal'), step('b', 'Type air', 'air', 'Suggestions'), step('c', 'Press Enter', '', 'Results')],
  priority: 'medium',
  type: 'manual',
  state: 'draft',
  tags: ['search', 'smoke'],
  estimateMinutes: 15,
  references: ['REQ-1'],
  folder: 'Search',
  target: null,
  custom: { browser: 'Firefox' },
  sharedSteps: {},
}

const version = (changes: Partial<CaseVersionContent>): CaseVersionContent => ({ ...BASE, ...changes })

describe('diffCaseVersions: fields', () => {
  it('finds nothing between equal versions', () => {
    const diff = diffCaseVersions(BASE, version({}))
    expect(isEmptyDiff(diff)).toBe(true)
    expect(diff).toEqual({ fields: [], lists: [], custom: [], steps: [] })
  })

  it('lists every changed single field with its old and new value, in the history order', () => {
    const target = { kind: 'dataset' as const, id: 'p:1', label: 'Air' }
    const diff = diffCaseVersions(BASE, version({ title: 'Search finds water', priority: 'critical', state: 'active', type: 'automated', estimateMinutes: null, folder: '', target, preconditions: 'Signed in' }))
    expect(diff.fields).toEqual([
      { field: 'title', before: 'Search finds air quality', after: 'Search finds water' },
      { field: 'state', before: 'draft', after: 'active' },
      { field: 'priority', before: 'medium', after: 'critical' },
      { field: 'type', before: 'manual', after: 'automated' },
      { field: 'folder', before: 'Search', after: '' },
      { field: 'estimateMinutes', before: 15, after: null },
      { field: 'target', before: null, after: target },
      { field: 'preconditions', before: '', after: 'Signed in' },
    ])
    expect(isEmptyDiff(diff)).toBe(false)
  })

  it('sees a changed target label or id as a changed target', () => {
    const before = version({ target: { kind: 'dataset', id: 'p:1', label: 'Air' } })
    expect(diffCaseVersions(before, version({ target: { kind: 'dataset', id: 'p:2', label: 'Air' } })).fields.map((change) => change.field)).toEqual(['target'])
    expect(diffCaseVersions(before, version({ target: { kind: 'dataset', id: 'p:1', label: 'Air' } })).fields).toEqual([])
  })
})

describe('diffCaseVersions: tags, references and custom fields', () => {
  it('names tags added and removed', () => {
    const diff = diffCaseVersions(BASE, version({ tags: ['smoke', 'regression'], references: ['REQ-1', 'REQ-2'] }))
    expect(diff.lists).toEqual([
      { field: 'tags', added: ['regression'], removed: ['search'], reordered: false },
      { field: 'references', added: ['REQ-2'], removed: [], reordered: false },
    ])
  })

  it('says when only the order of tags changed', () => {
    expect(diffCaseVersions(BASE, version({ tags: ['smoke', 'search'] })).lists).toEqual([{ field: 'tags', added: [], removed: [], reordered: true }])
  })

  it('tells a tag whose case changed as one removed and one added', () => {
    expect(diffCaseVersions(BASE, version({ tags: ['Search', 'smoke'] })).lists[0]).toMatchObject({ added: ['Search'], removed: ['search'] })
  })

  it('reports custom values set, changed and cleared by field id', () => {
    const diff = diffCaseVersions(version({ custom: { browser: 'Firefox', os: ['Linux'], gone: true } }), version({ custom: { browser: 'Chrome', os: ['Linux'], owner: 'u1' } }))
    expect(diff.custom).toEqual([
      { fieldId: 'browser', before: 'Firefox', after: 'Chrome' },
      { fieldId: 'gone', before: true, after: null },
      { fieldId: 'owner', before: null, after: 'u1' },
    ])
  })

  it('sees a multiselect in another order and false versus missing checkboxes', () => {
    const diff = diffCaseVersions(version({ custom: { os: ['Linux', 'Mac'], done: false } }), version({ custom: { os: ['Mac', 'Linux'] } }))
    expect(diff.custom).toEqual([
      { fieldId: 'os', before: ['Linux', 'Mac'], after: ['Mac', 'Linux'] },
      { fieldId: 'done', before: false, after: null },
    ])
  })
})

describe('diffCaseVersions: steps', () => {
  it('matches steps by id: an edited step shows the parts that changed', () => {
    const diff = diffCaseVersions(BASE, version({ steps: [step('a', 'Open the portal'), step('b', 'Type water', 'water', 'Suggestions'), step('c', 'Press Enter', '', 'Results')] }))
    expect(diff.steps).toEqual([
      {
        kind: 'edited',
        id: 'b',
        from: 2,
        to: 2,
        moved: false,
        parts: [
          { part: 'action', before: 'Type air', after: 'Type water' },
          { part: 'data', before: 'air', after: 'water' },
        ],
      },
    ])
  })

  it('shows added and removed steps at their positions', () => {
    const diff = diffCaseVersions(BASE, version({ steps: [step('a', 'Open the portal'), step('n', 'Choose English'), step('c', 'Press Enter', '', 'Results')] }))
    expect(diff.steps).toEqual([
      { kind: 'removed', id: 'b', from: 2, step: { kind: 'step', action: 'Type air', data: 'air', expected: 'Suggestions' } },
      { kind: 'added', id: 'n', to: 2, step: { kind: 'step', action: 'Choose English', data: '', expected: '' } },
    ])
  })

  it('lists a removed first step first', () => {
    const diff = diffCaseVersions(BASE, version({ steps: [BASE.steps[1]!, BASE.steps[2]!, step('z', 'Close')] }))
    expect(diff.steps.map((change) => `${change.kind}:${change.id}`)).toEqual(['removed:a', 'added:z'])
  })

  it('reads a reorder as the fewest moved steps, not as removals', () => {
    const [a, b, c] = BASE.steps as [CaseStep, CaseStep, CaseStep]
    expect(diffCaseVersions(BASE, version({ steps: [c, a, b] })).steps).toEqual([{ kind: 'moved', id: 'c', from: 3, to: 1, step: { kind: 'step', action: 'Press Enter', data: '', expected: 'Results' } }])
    const swapped = diffCaseVersions(BASE, version({ steps: [b, a, c] })).steps
    expect(swapped).toHaveLength(1)
    expect(swapped[0]).toMatchObject({ kind: 'moved' })
  })

  it('marks a step both moved and edited', () => {
    const [a, b] = BASE.steps as [CaseStep, CaseStep, CaseStep]
    const diff = diffCaseVersions(BASE, version({ steps: [step('c', 'Press Enter twice', '', 'Results'), a, b] }))
    expect(diff.steps).toEqual([{ kind: 'edited', id: 'c', from: 3, to: 1, moved: true, parts: [{ part: 'action', before: 'Press Enter', after: 'Press Enter twice' }] }])
  })

  it('a step removed after a deleted neighbour still lands between its surviving neighbours', () => {
    const before = version({ steps: [step('a', 'A'), step('b', 'B'), step('c', 'C'), step('d', 'D')] })
    const diff = diffCaseVersions(before, version({ steps: [step('a', 'A'), step('d', 'D'), step('e', 'E')] }))
    expect(diff.steps.map((change) => `${change.kind}:${change.id}`)).toEqual(['removed:b', 'removed:c', 'added:e'])
  })
})

describe('diffCaseVersions: shared steps', () => {
  const signIn = { title: 'Sign in', steps: [{ action: 'Open the login form', data: '', expected: 'A form' }] }
  const signInEdited = { title: 'Sign in', steps: [{ action: 'Open the sign-in form', data: 'jana@example.cz', expected: 'A form' }, { action: 'Submit', data: '', expected: 'Signed in' }] }

  it('shows what changed inside a shared step the case uses, step by step', () => {
    const before = version({ steps: [shared('x', 'S1'), step('y', 'Open the profile')], sharedSteps: { S1: signIn } })
    const after = version({ steps: [shared('x', 'S1'), step('y', 'Open the profile')], sharedSteps: { S1: signInEdited } })
    expect(diffCaseVersions(before, after).steps).toEqual([
      {
        kind: 'sharedEdited',
        id: 'x',
        from: 1,
        to: 1,
        moved: false,
        sharedStepId: 'S1',
        // Named even though its name did not change.
        name: 'Sign in',
        title: null,
        steps: [
          { index: 1, before: signIn.steps[0], after: signInEdited.steps[0] },
          { index: 2, before: null, after: signInEdited.steps[1] },
        ],
      },
    ])
  })

  it('shows a renamed shared step', () => {
    const before = version({ steps: [shared('x', 'S1')], sharedSteps: { S1: signIn } })
    const after = version({ steps: [shared('x', 'S1')], sharedSteps: { S1: { ...signIn, title: 'Log in' } } })
    expect(diffCaseVersions(before, after).steps).toEqual([expect.objectContaining({ kind: 'sharedEdited', name: 'Log in', title: { before: 'Sign in', after: 'Log in' }, steps: [] })])
  })

  it('says nothing when the shared text is unknown on one side', () => {
    const before = version({ steps: [shared('x', 'S1')], sharedSteps: { S1: null } })
    const after = version({ steps: [shared('x', 'S1')], sharedSteps: { S1: signIn } })
    expect(diffCaseVersions(before, after).steps).toEqual([])
  })

  it('expands added and removed shared steps with their title and content', () => {
    const before = version({ steps: [step('a', 'A')], sharedSteps: {} })
    const after = version({ steps: [step('a', 'A'), shared('x', 'S1')], sharedSteps: { S1: signIn } })
    expect(diffCaseVersions(before, after).steps).toEqual([{ kind: 'added', id: 'x', to: 2, step: { kind: 'shared', sharedStepId: 'S1', title: 'Sign in', steps: signIn.steps } }])
  })

  it('a step that became a shared step (same id) is replaced', () => {
    const before = version({ steps: [step('x', 'Sign in by hand')] })
    const after = version({ steps: [shared('x', 'S1')], sharedSteps: { S1: signIn } })
    expect(diffCaseVersions(before, after).steps).toEqual([
      {
        kind: 'replaced',
        id: 'x',
        from: 1,
        to: 1,
        moved: false,
        before: { kind: 'step', action: 'Sign in by hand', data: '', expected: '' },
        after: { kind: 'shared', sharedStepId: 'S1', title: 'Sign in', steps: signIn.steps },
      },
    ])
  })

  it('a moved shared step with unchanged content is moved', () => {
    const before = version({ steps: [shared('x', 'S1'), step('a', 'A'), step('b', 'B')], sharedSteps: { S1: signIn } })
    const after = version({ steps: [step('a', 'A'), step('b', 'B'), shared('x', 'S1')], sharedSteps: { S1: signIn } })
    expect(diffCaseVersions(before, after).steps).toEqual([{ kind: 'moved', id: 'x', from: 1, to: 3, step: { kind: 'shared', sharedStepId: 'S1', title: 'Sign in', steps: signIn.steps } }])
  })
})

describe('diffText', () => {
  it('keeps what is the same and marks removed and added words', () => {
    expect(diffText('Open the login form', 'Open the sign-in form')).toEqual([
      { op: 'same', text: 'Open the ' },
      { op: 'removed', text: 'login' },
      { op: 'added', text: 'sign-in' },
      { op: 'same', text: ' form' },
    ])
  })

  it('joins neighbouring changes into one replacement', () => {
    expect(diffText('a b c d', 'a x y d')).toEqual([
      { op: 'same', text: 'a ' },
      { op: 'removed', text: 'b c' },
      { op: 'added', text: 'x y' },
      { op: 'same', text: ' d' },
    ])
  })

  it('handles insertions, deletions and empty texts', () => {
    expect(diffText('', 'New text')).toEqual([{ op: 'added', text: 'New text' }])
    expect(diffText('Old text', '')).toEqual([{ op: 'removed', text: 'Old text' }])
    expect(diffText('one three', 'one two three')).toEqual([
      { op: 'same', text: 'one ' },
      { op: 'added', text: 'two ' },
      { op: 'same', text: 'three' },
    ])
    expect(diffText('same', 'same')).toEqual([{ op: 'same', text: 'same' }])
  })

  it('keeps line breaks and rebuilds both texts exactly', () => {
    const before = 'Line one\nLine two\n\nA **bold** end'
    const after = 'Line one\nLine 2\n\nA **bold** ending, really'
    const segments = diffText(before, after)
    expect(segments.filter((s) => s.op !== 'added').map((s) => s.text).join('')).toBe(before)
    expect(segments.filter((s) => s.op !== 'removed').map((s) => s.text).join('')).toBe(after)
  })

  it('replaces the middle of two long unrelated texts whole instead of diffing every word', () => {
    const before = Array.from({ length: 1500 }, (_, i) => `a${i}`).join(' ')
    const after = Array.from({ length: 1500 }, (_, i) => `b${i}`).join(' ')
    const segments = diffText(`Start ${before} end`, `Start ${after} end`)
    expect(segments.map((segment) => segment.op)).toEqual(['same', 'removed', 'added', 'same'])
  })
})
