import { describe, expect, it } from 'vitest'
import { folderOptions } from './folders.ts'

describe('folderOptions', () => {
  it('adds the folders above each folder, once, and leaves out the top level', () => {
    expect(folderOptions([{ folder: '' }, { folder: 'Search/Tags/Deep' }, { folder: 'Export' }, { folder: 'Search' }])).toEqual([
      'Export',
      'Search',
      'Search/Tags',
      'Search/Tags/Deep',
    ])
  })
})
