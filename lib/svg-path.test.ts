import { describe, expect, it } from 'vitest'
import { simplifyPath } from './svg-path.ts'

describe('simplifyPath', () => {
  it('rounds to whole pixels, drops repeated points and keeps rings closed', () => {
    expect(simplifyPath('M10.2 20.4L10.4 20.3L15.6 20.1ZM1 1L2 2Z')).toBe('M10 20L16 20ZM1 1L2 2Z')
  })
})
