import { describe, expect, it } from 'vitest'
import { applyBulkChange } from './optimistic.ts'
import type { CaseList, CaseListItem } from './types.ts'

const item = (id: string, changes: Partial<CaseListItem> = {}): CaseListItem => ({
  id,
  number: Number(id.slice(1)),
  key: `PRG-${id.slice(1)}`,
  title: `Case ${id}`,
  priority: 'medium',
  type: 'manual',
  state: 'draft',
  tags: ['smoke'],
  folder: 'Search',
  target: null,
  version: 1,
  updatedAt: new Date('2026-01-01T00:00:00Z'),
  steps: 0,
  ...changes,
})

const LIST: CaseList = {
  project: { id: 'p', key: 'PRG', name: 'Portal regression' },
  role: 'editor',
  items: [item('c1'), item('c2'), item('c3')],
  total: 60,
  page: 1,
  pageSize: 50,
  folders: [{ folder: 'Search', cases: 60 }],
  tags: [{ tag: 'smoke', cases: 60 }],
}

describe('applyBulkChange', () => {
  it('sets the priority, state or folder of the chosen cases only', () => {
    expect(applyBulkChange(LIST, ['c1', 'c3'], { kind: 'priority', priority: 'critical' }).items.map((row) => row.priority)).toEqual(['critical', 'medium', 'critical'])
    expect(applyBulkChange(LIST, ['c2'], { kind: 'state', state: 'active' }).items.map((row) => row.state)).toEqual(['draft', 'active', 'draft'])
    expect(applyBulkChange(LIST, ['c2'], { kind: 'folder', folder: 'A/B' }).items.map((row) => row.folder)).toEqual(['Search', 'A/B', 'Search'])
  })

  it('adds tags once (ignoring case) and removes them ignoring case', () => {
    const added = applyBulkChange(LIST, ['c1'], { kind: 'addTags', tags: ['SMOKE', 'csv'] })
    expect(added.items[0]!.tags).toEqual(['smoke', 'csv'])
    expect(applyBulkChange(added, ['c1', 'c2'], { kind: 'removeTags', tags: ['Smoke'] }).items.map((row) => row.tags)).toEqual([['csv'], [], ['smoke']])
  })

  it('takes deleted cases off the page and the total', () => {
    const after = applyBulkChange(LIST, ['c1', 'c2', 'elsewhere'], { kind: 'delete' })
    expect(after.items.map((row) => row.id)).toEqual(['c3'])
    expect(after.total).toBe(58)
  })

  it('leaves the list as it is for an addition to a suite, and never changes the list it was given', () => {
    expect(applyBulkChange(LIST, ['c1'], { kind: 'addToSuite', suiteId: 's' })).toBe(LIST)
    applyBulkChange(LIST, ['c1'], { kind: 'priority', priority: 'low' })
    expect(LIST.items[0]!.priority).toBe('medium')
  })
})
