import { describe, expect, it } from 'vitest'
import { folderAncestors, folderTree } from './folder-tree.ts'

describe('folderTree', () => {
  it('nests paths by "/", counting each folder\'s own cases and everything under it', () => {
    const tree = folderTree([
      { folder: '', cases: 4 },
      { folder: 'Search', cases: 2 },
      { folder: 'Search/Facets', cases: 3 },
      { folder: 'Datasets/Environment/Air', cases: 1 },
    ])
    expect(tree.unfiled).toBe(4)
    expect(tree.total).toBe(10)
    expect(tree.roots).toEqual([
      {
        name: 'Datasets',
        path: 'Datasets',
        own: 0,
        total: 1,
        children: [{ name: 'Environment', path: 'Datasets/Environment', own: 0, total: 1, children: [{ name: 'Air', path: 'Datasets/Environment/Air', own: 1, total: 1, children: [] }] }],
      },
      { name: 'Search', path: 'Search', own: 2, total: 5, children: [{ name: 'Facets', path: 'Search/Facets', own: 3, total: 3, children: [] }] },
    ])
  })

  it('sorts folders by name at every level, whatever order the counts came in', () => {
    const tree = folderTree([
      { folder: 'b/z', cases: 1 },
      { folder: 'a', cases: 1 },
      { folder: 'b/c', cases: 1 },
    ])
    expect(tree.roots.map((node) => node.name)).toEqual(['a', 'b'])
    expect(tree.roots[1]!.children.map((node) => node.name)).toEqual(['c', 'z'])
  })

  it('has nothing for a project without cases', () => {
    expect(folderTree([])).toEqual({ roots: [], unfiled: 0, total: 0 })
  })
})

describe('folderAncestors', () => {
  it('lists the path from the top', () => {
    expect(folderAncestors('Datasets/Environment/Air')).toEqual(['Datasets', 'Datasets/Environment', 'Datasets/Environment/Air'])
    expect(folderAncestors('')).toEqual([])
  })
})
