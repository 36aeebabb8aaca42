import { describe, expect, it } from 'vitest'
import { draftChanged, moveItem, sharedStepDraft, sharedStepInput } from './step-drafts.ts'

describe('shared step drafts', () => {
  it('starts a new draft with one empty step, and an existing one with its steps under keys of their own', () => {
    const fresh = sharedStepDraft()
    expect(fresh.steps).toHaveLength(1)
    const existing = sharedStepDraft({ title: 'Sign in', steps: [{ action: 'Open', data: '', expected: 'Form' }, { action: 'Submit', data: 'x', expected: '' }] })
    expect(existing.steps.map((step) => step.action)).toEqual(['Open', 'Submit'])
    expect(new Set([...fresh.steps, ...existing.steps].map((step) => step.key)).size).toBe(3)
  })

  it('sends only the text, in the order shown', () => {
    const draft = sharedStepDraft({ title: 'T', steps: [{ action: 'a', data: '', expected: '' }, { action: 'b', data: 'd', expected: 'e' }] })
    draft.steps = moveItem(draft.steps, 1, 0)
    expect(sharedStepInput(draft)).toEqual({ title: 'T', steps: [{ action: 'b', data: 'd', expected: 'e' }, { action: 'a', data: '', expected: '' }] })
  })

  it('moves an item and leaves the list alone for moves out of range', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a'])
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b'])
  })

  it('tells an edited draft from an untouched one', () => {
    const saved = { title: 'T', steps: [{ action: 'a', data: '', expected: '' }] }
    const draft = sharedStepDraft(saved)
    expect(draftChanged(draft, saved)).toBe(false)
    draft.steps[0]!.expected = 'shown'
    expect(draftChanged(draft, saved)).toBe(true)
    expect(draftChanged(sharedStepDraft())).toBe(false)
    expect(draftChanged({ title: ' x', steps: [] })).toBe(true)
  })
})
