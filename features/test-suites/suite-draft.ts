// A static suite being edited: its sections and the order of its cases, and the changes made since it was loaded,
// kept as operations. When someone else saves the suite meanwhile (the save answers CONFLICT), their version is
// loaded and these operations are applied to it again, so nothing the editor did is lost and nothing they did is
// overwritten blindly. Operations name cases and sections by id and place a case after its neighbour, not at an
// index, so they still mean the same thing on a list that changed.

/** The key of the first group: cases before any named section (the server stores them with no section). */
export const UNSECTIONED = 'unsectioned'

export type DraftSection = {
  /** The server's id, `UNSECTIONED`, or `new-…` for a section added in this editor. */
  key: string
  id: string | null
  name: string
  caseIds: string[]
}
/** Always starts with the unsectioned group. */
export type SuiteContent = DraftSection[]

/** Where a case goes in its section. */
export type Place = 'start' | 'end' | { after: string }

export type ContentOp =
  | { kind: 'addSection'; key: string; name: string }
  | { kind: 'renameSection'; key: string; name: string }
  | { kind: 'removeSection'; key: string }
  | { kind: 'placeSection'; key: string; after: string | null }
  | { kind: 'placeCase'; caseId: string; section: string; place: Place }
  | { kind: 'removeCase'; caseId: string }
  | { kind: 'addCases'; caseIds: string[]; section: string }

type ServerSection = { id: string | null; name: string; cases: ReadonlyArray<{ id: string }> }

/** The content as the API's `testSuites.byId` answers it. */
export function contentFromServer(sections: readonly ServerSection[]): SuiteContent {
  const unsectioned = sections.find((section) => section.id === null)
  return [
    { key: UNSECTIONED, id: null, name: '', caseIds: unsectioned ? unsectioned.cases.map((item) => item.id) : [] },
    ...sections.filter((section) => section.id !== null).map((section) => ({ key: section.id!, id: section.id, name: section.name, caseIds: section.cases.map((item) => item.id) })),
  ]
}

/** The content as `testSuites.setContent` takes it: the unsectioned group first, new sections without an id. */
export function contentInput(content: SuiteContent): Array<{ id: string | null; name: string; caseIds: string[] }> {
  return content.map((section) => ({ id: section.id, name: section.name.trim(), caseIds: [...section.caseIds] }))
}

export function sameContent(a: SuiteContent, b: SuiteContent): boolean {
  return JSON.stringify(contentInput(a)) === JSON.stringify(contentInput(b))
}

/** Every case id in the suite, in order. */
export function caseIdsOf(content: SuiteContent): string[] {
  return content.flatMap((section) => section.caseIds)
}

function withoutCase(content: SuiteContent, caseId: string): SuiteContent {
  return content.map((section) => (section.caseIds.includes(caseId) ? { ...section, caseIds: section.caseIds.filter((id) => id !== caseId) } : section))
}

function insertAt(list: readonly string[], item: string, place: Place): string[] {
  if (place === 'start') return [item, ...list]
  const index = place === 'end' ? -1 : list.indexOf(place.after)
  // A neighbour that is gone (removed meanwhile) puts the case at the end.
  if (index < 0) return [...list, item]
  return [...list.slice(0, index + 1), item, ...list.slice(index + 1)]
}

/** The section a change aims at, or the unsectioned group when that section is gone. */
function targetKey(content: SuiteContent, key: string): string {
  return content.some((section) => section.key === key) ? key : UNSECTIONED
}

/** The content after one change. A change that no longer applies (its case or section is gone) changes nothing. */
export function applyOp(content: SuiteContent, op: ContentOp): SuiteContent {
  switch (op.kind) {
    case 'addSection':
      if (content.some((section) => section.key === op.key)) return content
      return [...content, { key: op.key, id: null, name: op.name, caseIds: [] }]
    case 'renameSection':
      return content.map((section) => (section.key === op.key && section.key !== UNSECTIONED ? { ...section, name: op.name } : section))
    case 'removeSection': {
      const removed = content.find((section) => section.key === op.key)
      if (!removed || removed.key === UNSECTIONED) return content
      // Its cases stay in the suite, at the end of the unsectioned group.
      return content
        .filter((section) => section.key !== op.key)
        .map((section) => (section.key === UNSECTIONED ? { ...section, caseIds: [...section.caseIds, ...removed.caseIds] } : section))
    }
    case 'placeSection': {
      const moved = content.find((section) => section.key === op.key)
      if (!moved || moved.key === UNSECTIONED) return content
      const [first, ...named] = content.filter((section) => section.key !== op.key)
      const index = op.after === null ? -1 : named.findIndex((section) => section.key === op.after)
      const at = op.after !== null && index < 0 ? named.length : index + 1
      return [first!, ...named.slice(0, at), moved, ...named.slice(at)]
    }
    case 'placeCase': {
      // A case someone else removed meanwhile stays removed.
      if (!content.some((section) => section.caseIds.includes(op.caseId))) return content
      const target = targetKey(content, op.section)
      return withoutCase(content, op.caseId).map((section) => (section.key === target ? { ...section, caseIds: insertAt(section.caseIds, op.caseId, op.place) } : section))
    }
    case 'removeCase':
      return withoutCase(content, op.caseId)
    case 'addCases': {
      const present = new Set(caseIdsOf(content))
      const added = [...new Set(op.caseIds)].filter((id) => !present.has(id))
      if (added.length === 0) return content
      const target = targetKey(content, op.section)
      return content.map((section) => (section.key === target ? { ...section, caseIds: [...section.caseIds, ...added] } : section))
    }
  }
}

export function replayOps(content: SuiteContent, ops: readonly ContentOp[]): SuiteContent {
  return ops.reduce(applyOp, content)
}

/** Adds a change to the list, folding a rename into the previous rename of the same section. */
export function recordOp(ops: readonly ContentOp[], op: ContentOp): ContentOp[] {
  const last = ops.at(-1)
  if (op.kind === 'renameSection' && last?.kind === 'renameSection' && last.key === op.key) return [...ops.slice(0, -1), op]
  return [...ops, op]
}

/** The change that moves the case at `from` to `to` within a section (the order SortableList reports). */
export function reorderOp(section: DraftSection, from: number, to: number): ContentOp | null {
  const caseId = section.caseIds[from]
  if (caseId === undefined || from === to) return null
  const rest = section.caseIds.filter((_, index) => index !== from)
  return { kind: 'placeCase', caseId, section: section.key, place: to === 0 ? 'start' : { after: rest[to - 1]! } }
}

/** The change that moves the named section at `from` to `to` among the named sections. */
export function reorderSectionOp(content: SuiteContent, from: number, to: number): ContentOp | null {
  const named = content.slice(1)
  const moved = named[from]
  if (!moved || from === to) return null
  const rest = named.filter((_, index) => index !== from)
  return { kind: 'placeSection', key: moved.key, after: to === 0 ? null : rest[to - 1]!.key }
}

/**
 * Fields after a conflict: each one the editor changed keeps the editor's value; the others take the newer saved
 * value. Values are compared as JSON (a rule is an object).
 */
export function mergeFields<T extends Record<string, unknown>>(base: T, mine: T, theirs: T): T {
  const merged = { ...theirs }
  for (const key of Object.keys(mine) as Array<keyof T>) {
    if (JSON.stringify(mine[key]) !== JSON.stringify(base[key])) merged[key] = mine[key]
  }
  return merged
}

/** What the editor holds: the last saved version, the changes made on it, and the result. */
export type EditorState<F extends Record<string, unknown>> = {
  version: number
  baseFields: F
  fields: F
  baseContent: SuiteContent
  ops: ContentOp[]
  content: SuiteContent
}

export function editorState<F extends Record<string, unknown>>(version: number, fields: F, content: SuiteContent): EditorState<F> {
  return { version, baseFields: fields, fields, baseContent: content, ops: [], content }
}

export function withOp<F extends Record<string, unknown>>(state: EditorState<F>, op: ContentOp): EditorState<F> {
  return { ...state, ops: recordOp(state.ops, op), content: applyOp(state.content, op) }
}

export function isDirty<F extends Record<string, unknown>>(state: EditorState<F>): { fields: boolean; content: boolean } {
  return { fields: JSON.stringify(state.fields) !== JSON.stringify(state.baseFields), content: !sameContent(state.content, state.baseContent) }
}

/**
 * The editor on a newer saved version: the changes made after `since` (the number of changes and the fields as they
 * were then) are applied to it. After a conflict `since` is the start (nothing of the editor's was saved); after a
 * save it is the moment the save began (what was typed while it ran stays).
 */
export function rebase<F extends Record<string, unknown>>(
  state: EditorState<F>,
  since: { ops: number; fields: F },
  saved: { version: number; fields: F; content: SuiteContent },
): EditorState<F> {
  const ops = state.ops.slice(since.ops)
  return {
    version: saved.version,
    baseFields: saved.fields,
    fields: mergeFields(since.fields, state.fields, saved.fields),
    baseContent: saved.content,
    ops,
    content: replayOps(saved.content, ops),
  }
}
