import { describe, expect, it } from 'vitest'
import { foldersOf, parseScope, scopeValue, sectionsOf, testerProgress } from './run-assignment.ts'

describe('run assignment rules', () => {
  it("counts each tester's done (a result) and to do (none), members in order, nobody's last", () => {
    const cases = [
      { assigneeId: null, latest: null },
      { assigneeId: 'b', latest: { status: 'failed' as const } },
      { assigneeId: 'a', latest: null },
      { assigneeId: 'b', latest: null },
      { assigneeId: 'gone', latest: { status: 'passed' as const } },
    ]
    expect(testerProgress(cases, ['a', 'b'])).toEqual([
      { assigneeId: 'a', done: 0, todo: 1 },
      { assigneeId: 'b', done: 1, todo: 1 },
      { assigneeId: 'gone', done: 1, todo: 0 },
      { assigneeId: null, done: 0, todo: 1 },
    ])
    expect(testerProgress([])).toEqual([])
  })

  it('lists sections in run order and folders with the folders above them', () => {
    expect(sectionsOf([{ sectionName: '' }, { sectionName: 'Search' }, { sectionName: 'Licences' }, { sectionName: 'Search' }])).toEqual(['Search', 'Licences'])
    expect(foldersOf([{ folder: 'Portals/Search/Paging' }, { folder: '' }, { folder: 'Licences' }])).toEqual(['Licences', 'Portals', 'Portals/Search', 'Portals/Search/Paging'])
  })

  it('reads back the scope it writes, and nothing else', () => {
    for (const scope of [{ kind: 'selected' as const }, { kind: 'section' as const, name: 'Search: fast' }, { kind: 'folder' as const, path: 'Portals/Search' }]) {
      expect(parseScope(scopeValue(scope))).toEqual(scope)
    }
    expect(parseScope('section:')).toBeNull()
    expect(parseScope('everything')).toBeNull()
  })
})
