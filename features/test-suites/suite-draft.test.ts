import { describe, expect, it } from 'vitest'
import {
  applyOp,
  contentFromServer,
  contentInput,
  editorState,
  isDirty,
  mergeFields,
  rebase,
  recordOp,
  reorderOp,
  reorderSectionOp,
  replayOps,
  sameContent,
  UNSECTIONED,
  withOp,
  type ContentOp,
  type SuiteContent,
} from './suite-draft.ts'

const cases = (...ids: string[]) => ids.map((id) => ({ id }))
const ordered = (content: SuiteContent) => content.map((section) => `${section.name || '-'}: ${section.caseIds.join(' ')}`)

const base = contentFromServer([
  { id: null, name: '', cases: cases('a', 'b', 'c') },
  { id: 's1', name: 'Search', cases: cases('d', 'e') },
])

describe('contentFromServer and contentInput', () => {
  it('puts the unsectioned group first even when the server sent none, and new sections go without an id', () => {
    const content = contentFromServer([{ id: 's1', name: 'Search', cases: cases('d') }])
    expect(content[0]).toEqual({ key: UNSECTIONED, id: null, name: '', caseIds: [] })
    const withNew = applyOp(content, { kind: 'addSection', key: 'new-1', name: '  Export ' })
    expect(contentInput(withNew)).toEqual([
      { id: null, name: '', caseIds: [] },
      { id: 's1', name: 'Search', caseIds: ['d'] },
      { id: null, name: 'Export', caseIds: [] },
    ])
  })
})

describe('applyOp', () => {
  it('reorders within a section by the neighbour, and moves a case to the end of another section', () => {
    const down = reorderOp(base[0]!, 0, 1)!
    expect(down).toEqual({ kind: 'placeCase', caseId: 'a', section: UNSECTIONED, place: { after: 'b' } })
    const toTop = reorderOp(base[1]!, 1, 0)!
    const moved = replayOps(base, [down, toTop, { kind: 'placeCase', caseId: 'c', section: 's1', place: 'end' }])
    expect(ordered(moved)).toEqual(['-: b a', 'Search: e d c'])
    expect(reorderOp(base[0]!, 1, 1)).toBeNull()
  })

  it('keeps the cases of a removed section in the suite, at the end of the unsectioned group', () => {
    expect(ordered(applyOp(base, { kind: 'removeSection', key: 's1' }))).toEqual(['-: a b c d e'])
    // The unsectioned group cannot be removed or renamed.
    expect(applyOp(base, { kind: 'removeSection', key: UNSECTIONED })).toBe(base)
    expect(applyOp(base, { kind: 'renameSection', key: UNSECTIONED, name: 'x' })).toEqual(base)
  })

  it('adds only cases not already in the suite', () => {
    expect(ordered(applyOp(base, { kind: 'addCases', caseIds: ['e', 'f', 'f', 'g'], section: 's1' }))).toEqual(['-: a b c', 'Search: d e f g'])
  })

  it('orders named sections after the unsectioned group', () => {
    const content = replayOps(base, [
      { kind: 'addSection', key: 'new-1', name: 'Export' },
      { kind: 'addSection', key: 'new-2', name: 'Map' },
    ])
    const op = reorderSectionOp(content, 2, 0)!
    expect(op).toEqual({ kind: 'placeSection', key: 'new-2', after: null })
    expect(applyOp(content, op).map((section) => section.name)).toEqual(['', 'Map', 'Search', 'Export'])
    expect(applyOp(content, { kind: 'placeSection', key: 'new-1', after: 's1' }).map((section) => section.name)).toEqual(['', 'Search', 'Export', 'Map'])
  })
})

describe('replaying changes on a version someone else saved', () => {
  const mine: ContentOp[] = [
    { kind: 'addCases', caseIds: ['x'], section: UNSECTIONED },
    { kind: 'addSection', key: 'new-1', name: 'Export' },
    { kind: 'placeCase', caseId: 'x', section: 'new-1', place: 'end' },
    { kind: 'placeCase', caseId: 'a', section: UNSECTIONED, place: { after: 'c' } },
    { kind: 'placeCase', caseId: 'd', section: 's1', place: { after: 'e' } },
    { kind: 'removeCase', caseId: 'b' },
  ]

  it('gives the same result as the editor saw when nothing changed meanwhile', () => {
    expect(ordered(replayOps(base, mine))).toEqual(['-: c a', 'Search: e d', 'Export: x'])
  })

  it('keeps their changes and applies mine on top, skipping what no longer applies', () => {
    // They removed c and the Search section (its cases went to the unsectioned group) and added y.
    const theirs = contentFromServer([{ id: null, name: '', cases: cases('y', 'a', 'b', 'd', 'e') }])
    const merged = replayOps(theirs, mine)
    // a wanted to follow c, which is gone: it goes to the end; d's section is gone, so it is placed after e in the
    // unsectioned group, where e now is.
    expect(ordered(merged)).toEqual(['-: y e d a', 'Export: x'])
    expect(sameContent(merged, theirs)).toBe(false)
  })
})

describe('recordOp', () => {
  it('folds repeated renames of one section into one change', () => {
    const ops = [{ kind: 'renameSection', key: 's1', name: 'S' }] as ContentOp[]
    expect(recordOp(ops, { kind: 'renameSection', key: 's1', name: 'Se' })).toEqual([{ kind: 'renameSection', key: 's1', name: 'Se' }])
    expect(recordOp(ops, { kind: 'renameSection', key: 's2', name: 'X' })).toHaveLength(2)
  })
})

describe('mergeFields', () => {
  it('keeps what I changed and takes the rest from the newer version', () => {
    const start = { name: 'Smoke', description: 'Old', rule: { tags: ['a'] } }
    const mine = { name: 'Smoke tests', description: 'Old', rule: { tags: ['a'] } }
    const theirs = { name: 'Smoke', description: 'Theirs', rule: { tags: ['b'] } }
    expect(mergeFields(start, mine, theirs)).toEqual({ name: 'Smoke tests', description: 'Theirs', rule: { tags: ['b'] } })
  })
})

describe('the editor state', () => {
  const fields = { name: 'Smoke', description: '' }
  const theirs = contentFromServer([{ id: null, name: '', cases: cases('c', 'a', 'b') }])

  it('after a conflict, loads their version with my changes and fields on top, still unsaved', () => {
    let state = editorState(3, fields, base)
    state = withOp(state, { kind: 'removeCase', caseId: 'a' })
    state = { ...state, fields: { ...state.fields, name: 'Smoke tests' } }
    expect(isDirty(state)).toEqual({ fields: true, content: true })
    const next = rebase(state, { ops: 0, fields: state.baseFields }, { version: 4, fields: { name: 'Smoke', description: 'Theirs' }, content: theirs })
    expect(next.version).toBe(4)
    expect(next.fields).toEqual({ name: 'Smoke tests', description: 'Theirs' })
    expect(ordered(next.content)).toEqual(['-: c b'])
    expect(isDirty(next)).toEqual({ fields: true, content: true })
  })

  it('after a save, keeps only what changed while it ran', () => {
    let state = editorState(3, fields, base)
    state = withOp(state, { kind: 'removeCase', caseId: 'a' })
    const since = { ops: state.ops.length, fields: state.fields }
    state = withOp(state, { kind: 'removeCase', caseId: 'b' })
    const saved = applyOp(base, { kind: 'removeCase', caseId: 'a' })
    const next = rebase(state, since, { version: 4, fields, content: saved })
    expect(next.ops).toEqual([{ kind: 'removeCase', caseId: 'b' }])
    expect(ordered(next.content)).toEqual(['-: c', 'Search: d e'])
    expect(isDirty(rebase(withOp(editorState(3, fields, base), { kind: 'removeCase', caseId: 'a' }), { ops: 1, fields }, { version: 4, fields, content: saved }))).toEqual({ fields: false, content: false })
  })
})
