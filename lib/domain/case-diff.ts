// What changed between two versions of a test case, field by field and step by step: the history of the case page
// shows it. Steps are matched by their id (an edit keeps a step's id), so a reordered step reads as moved, not as
// removed and added again; a shared step whose own content changed between the versions shows that change too.

import type { CaseCheck } from './checks.ts'
import type { CaseState, CaseStep, CaseTarget, CaseType, Priority, StepText } from './test-management.ts'

/** A shared step as it read at a version (null when its text is no longer known). */
export type SharedStepText = { title: string; steps: StepText[] }

/** A case as one of its versions saved it (test_case_version.snapshot), and as a run keeps it when it starts. */
export type CaseSnapshot = {
  title: string
  description: string
  preconditions: string
  steps: CaseStep[]
  priority: Priority
  type: CaseType
  state: CaseState
  tags: string[]
  estimateMinutes: number | null
  references: string[]
  folder: string
  target: CaseTarget | null
  /** Absent in versions saved before automated checks existed. */
  check?: CaseCheck | null
  custom: Record<string, unknown>
  /** The version each shared step in `steps` was at. */
  sharedSteps: Record<string, number>
}

/** One version of a case as the history compares it: its snapshot with the text of the shared steps it used, as they read then. */
export type CaseVersionContent = Omit<CaseSnapshot, 'sharedSteps'> & { sharedSteps: Record<string, SharedStepText | null> }

type FieldValues = {
  title: string
  priority: Priority
  type: CaseType
  state: CaseState
  estimateMinutes: number | null
  folder: string
  target: CaseTarget | null
  description: string
  preconditions: string
}
export type DiffedField = keyof FieldValues
/** The single-valued fields in the order the history lists them. */
export const DIFFED_FIELDS = ['title', 'state', 'priority', 'type', 'folder', 'estimateMinutes', 'target', 'description', 'preconditions'] as const satisfies readonly DiffedField[]

export type FieldChange = { [F in DiffedField]: { field: F; before: FieldValues[F]; after: FieldValues[F] } }[DiffedField]
export type ListChange = { field: 'tags' | 'references'; added: string[]; removed: string[]; reordered: boolean }
export type CustomChange = { fieldId: string; before: unknown; after: unknown }

/** A step as the history shows it: written in the case, or a shared step with its title and content at that version. */
export type StepView = ({ kind: 'step' } & StepText) | { kind: 'shared'; sharedStepId: string; title: string | null; steps: StepText[] }
export type StepPart = keyof StepText
export const STEP_PARTS = ['action', 'data', 'expected'] as const satisfies readonly StepPart[]

/** `from` and `to`: the step's position (1-based) in the older and the newer version. */
export type StepChange =
  | { kind: 'added'; id: string; to: number; step: StepView }
  | { kind: 'removed'; id: string; from: number; step: StepView }
  | { kind: 'moved'; id: string; from: number; to: number; step: StepView }
  | { kind: 'edited'; id: string; from: number; to: number; moved: boolean; parts: Array<{ part: StepPart; before: string; after: string }> }
  /** The same place now holds something else: a written step became a shared one, or another shared step. */
  | { kind: 'replaced'; id: string; from: number; to: number; moved: boolean; before: StepView; after: StepView }
  /** A shared step whose own content changed between the versions (edited where shared steps are kept). */
  | {
      kind: 'sharedEdited'
      id: string
      from: number
      to: number
      moved: boolean
      sharedStepId: string
      /** Its name now (the one it had when it has none now), whether or not the name changed. */
      name: string
      title: { before: string | null; after: string | null } | null
      steps: Array<{ index: number; before: StepText | null; after: StepText | null }>
    }

export type CaseDiff = { fields: FieldChange[]; lists: ListChange[]; custom: CustomChange[]; steps: StepChange[] }

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

function stepView(step: CaseStep, shared: Record<string, SharedStepText | null>): StepView {
  if (step.kind === 'step') return { kind: 'step', action: step.action, data: step.data, expected: step.expected }
  const text = shared[step.sharedStepId] ?? null
  return { kind: 'shared', sharedStepId: step.sharedStepId, title: text?.title ?? null, steps: text?.steps ?? [] }
}

function listChange(field: ListChange['field'], before: string[], after: string[]): ListChange | null {
  if (same(before, after)) return null
  const added = after.filter((item) => !before.includes(item))
  const removed = before.filter((item) => !after.includes(item))
  return { field, added, removed, reordered: added.length === 0 && removed.length === 0 }
}

/** Indexes (into `values`) of one longest strictly increasing subsequence. */
function longestIncreasing(values: number[]): Set<number> {
  const tails: number[] = []
  const previous: number[] = new Array<number>(values.length).fill(-1)
  values.forEach((value, index) => {
    let low = 0
    let high = tails.length
    while (low < high) {
      const mid = (low + high) >> 1
      if (values[tails[mid]!]! < value) low = mid + 1
      else high = mid
    }
    if (low > 0) previous[index] = tails[low - 1]!
    tails[low] = index
  })
  const kept = new Set<number>()
  for (let index = tails.at(-1) ?? -1; index !== -1; index = previous[index]!) kept.add(index)
  return kept
}

function diffSteps(before: CaseVersionContent, after: CaseVersionContent): StepChange[] {
  const oldIndex = new Map(before.steps.map((step, index) => [step.id, index]))
  const newIds = new Set(after.steps.map((step) => step.id))
  // Steps in both versions, in the new order: those off the longest run that kept its old order were moved.
  const common = after.steps.flatMap((step, index) => (oldIndex.has(step.id) ? [{ step, to: index, from: oldIndex.get(step.id)! }] : []))
  const stayed = longestIncreasing(common.map((item) => item.from))
  const moved = new Set(common.filter((_, index) => !stayed.has(index)).map((item) => item.step.id))

  const changes: Array<{ order: number; change: StepChange }> = []
  after.steps.forEach((step, to) => {
    const from = oldIndex.get(step.id)
    if (from === undefined) {
      changes.push({ order: to, change: { kind: 'added', id: step.id, to: to + 1, step: stepView(step, after.sharedSteps) } })
      return
    }
    const old = before.steps[from]!
    const position = { id: step.id, from: from + 1, to: to + 1, moved: moved.has(step.id) }
    if (old.kind === 'step' && step.kind === 'step') {
      const parts = STEP_PARTS.filter((part) => old[part] !== step[part]).map((part) => ({ part, before: old[part], after: step[part] }))
      if (parts.length > 0) changes.push({ order: to, change: { kind: 'edited', ...position, parts } })
      else if (position.moved) changes.push({ order: to, change: { kind: 'moved', id: step.id, from: from + 1, to: to + 1, step: stepView(step, after.sharedSteps) } })
      return
    }
    if (old.kind === 'shared' && step.kind === 'shared' && old.sharedStepId === step.sharedStepId) {
      const was = before.sharedSteps[old.sharedStepId] ?? null
      const now = after.sharedSteps[step.sharedStepId] ?? null
      // Unknown text on either side says nothing about a change.
      if (was && now && !same(was, now)) {
        const count = Math.max(was.steps.length, now.steps.length)
        const inner = Array.from({ length: count }, (_, index) => ({ index: index + 1, before: was.steps[index] ?? null, after: now.steps[index] ?? null })).filter(
          (entry) => !same(entry.before, entry.after),
        )
        const title = was.title !== now.title ? { before: was.title, after: now.title } : null
        changes.push({ order: to, change: { kind: 'sharedEdited', ...position, sharedStepId: step.sharedStepId, name: now.title || was.title || '', title, steps: inner } })
      } else if (position.moved) changes.push({ order: to, change: { kind: 'moved', id: step.id, from: from + 1, to: to + 1, step: stepView(step, after.sharedSteps) } })
      return
    }
    changes.push({ order: to, change: { kind: 'replaced', ...position, before: stepView(old, before.sharedSteps), after: stepView(step, after.sharedSteps) } })
  })

  // A removed step is listed where it stood: after the step that preceded it, if that one is still there.
  before.steps.forEach((step, from) => {
    if (newIds.has(step.id)) return
    let anchor = -1
    for (let index = from - 1; index >= 0; index--) {
      const id = before.steps[index]!.id
      if (newIds.has(id)) {
        anchor = after.steps.findIndex((candidate) => candidate.id === id)
        break
      }
    }
    changes.push({ order: anchor + 0.5 + from / 10_000, change: { kind: 'removed', id: step.id, from: from + 1, step: stepView(step, before.sharedSteps) } })
  })
  return changes.sort((a, b) => a.order - b.order).map((entry) => entry.change)
}

/** Everything that differs from `before` to `after`; empty lists when nothing does. */
export function diffCaseVersions(before: CaseVersionContent, after: CaseVersionContent): CaseDiff {
  const fields = DIFFED_FIELDS.filter((field) => !same(before[field], after[field])).map((field) => ({ field, before: before[field], after: after[field] }) as FieldChange)
  const lists = [listChange('tags', before.tags, after.tags), listChange('references', before.references, after.references)].filter((change): change is ListChange => change !== null)
  const ids = [...new Set([...Object.keys(before.custom), ...Object.keys(after.custom)])]
  const custom = ids
    .map((fieldId) => ({ fieldId, before: before.custom[fieldId] ?? null, after: after.custom[fieldId] ?? null }))
    .filter((change) => !same(change.before, change.after))
  return { fields, lists, custom, steps: diffSteps(before, after) }
}

export function isEmptyDiff(diff: CaseDiff): boolean {
  return diff.fields.length === 0 && diff.lists.length === 0 && diff.custom.length === 0 && diff.steps.length === 0
}

export type TextSegment = { op: 'same' | 'removed' | 'added'; text: string }

// Above this many token pairs the middle of a text is shown as replaced whole: a word diff of two unrelated long
// texts costs more than it helps.
const MAX_DIFF_CELLS = 1_000_000

/**
 * Joins runs for reading: between two unchanged runs, everything removed comes first and everything added after it; a
 * space alone between two changes belongs to both (so "a b" → "x y" reads as one replacement, not four).
 */
function merge(segments: TextSegment[]): TextSegment[] {
  const kept = segments.filter((segment) => segment.text)
  const out: TextSegment[] = []
  let removed = ''
  let added = ''
  const flush = () => {
    if (removed) out.push({ op: 'removed', text: removed })
    if (added) out.push({ op: 'added', text: added })
    removed = ''
    added = ''
  }
  kept.forEach((segment, index) => {
    const changedBefore = removed !== '' || added !== ''
    const changedAfter = kept[index + 1] !== undefined && kept[index + 1]!.op !== 'same'
    if (segment.op === 'removed') removed += segment.text
    else if (segment.op === 'added') added += segment.text
    else if (changedBefore && changedAfter && /^\s+$/.test(segment.text)) {
      removed += segment.text
      added += segment.text
    } else {
      flush()
      const last = out.at(-1)
      if (last?.op === 'same') last.text += segment.text
      else out.push({ op: 'same', text: segment.text })
    }
  })
  flush()
  return out
}

/** A word-level diff of two texts: unchanged, removed and added runs, in reading order (removed before added). */
export function diffText(before: string, after: string): TextSegment[] {
  const a = before.match(/\s+|[^\s]+/g) ?? []
  const b = after.match(/\s+|[^\s]+/g) ?? []
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  const head: TextSegment = { op: 'same', text: a.slice(0, start).join('') }
  const tail: TextSegment = { op: 'same', text: a.slice(endA).join('') }
  const midA = a.slice(start, endA)
  const midB = b.slice(start, endB)
  if (midA.length * midB.length > MAX_DIFF_CELLS) {
    return merge([head, { op: 'removed', text: midA.join('') }, { op: 'added', text: midB.join('') }, tail])
  }
  // Longest common subsequence of the middle tokens, then walked from the start.
  const width = midB.length + 1
  const table = new Uint32Array((midA.length + 1) * width)
  for (let i = midA.length - 1; i >= 0; i--) {
    for (let j = midB.length - 1; j >= 0; j--) {
      table[i * width + j] = midA[i] === midB[j] ? table[(i + 1) * width + j + 1]! + 1 : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!)
    }
  }
  const middle: TextSegment[] = []
  let removed = ''
  let added = ''
  const flush = () => {
    middle.push({ op: 'removed', text: removed }, { op: 'added', text: added })
    removed = ''
    added = ''
  }
  let i = 0
  let j = 0
  while (i < midA.length || j < midB.length) {
    if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
      flush()
      middle.push({ op: 'same', text: midA[i]! })
      i++
      j++
    } else if (j >= midB.length || (i < midA.length && table[(i + 1) * width + j]! >= table[i * width + j + 1]!)) {
      removed += midA[i++]
    } else {
      added += midB[j++]
    }
  }
  flush()
  return merge([head, ...middle, tail])
}
