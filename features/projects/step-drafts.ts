import type { StepText } from '../../lib/domain/test-management.ts'

// The shared-step editor's working copy: each step keeps a key of its own while it is typed in and moved about, so a
// row keeps its text and its focus when the rows around it move. Only the text goes to the server.

export type StepDraft = StepText & { key: string }
export type SharedStepDraft = { title: string; steps: StepDraft[] }

let sequence = 0

export function newStepDraft(text: Partial<StepText> = {}): StepDraft {
  sequence += 1
  return { key: `step-${sequence}`, action: text.action ?? '', data: text.data ?? '', expected: text.expected ?? '' }
}

/** A draft of existing shared steps, or of new ones (with one empty step to start typing in). */
export function sharedStepDraft(existing?: { title: string; steps: readonly StepText[] }): SharedStepDraft {
  if (!existing) return { title: '', steps: [newStepDraft()] }
  return { title: existing.title, steps: existing.steps.map((step) => newStepDraft(step)) }
}

/** What the server takes: the title and the steps' text, in order. */
export function sharedStepInput(draft: SharedStepDraft): { title: string; steps: StepText[] } {
  return { title: draft.title, steps: draft.steps.map(({ action, data, expected }) => ({ action, data, expected })) }
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list]
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item!)
  return next
}

/** Whether the draft says something other than what was saved (a blank new draft says nothing). */
export function draftChanged(draft: SharedStepDraft, saved?: { title: string; steps: readonly StepText[] }): boolean {
  const input = sharedStepInput(draft)
  if (!saved) return input.title.trim() !== '' || input.steps.some((step) => step.action.trim() || step.data.trim() || step.expected.trim())
  return JSON.stringify(input) !== JSON.stringify({ title: saved.title, steps: saved.steps.map(({ action, data, expected }) => ({ action, data, expected })) })
}
