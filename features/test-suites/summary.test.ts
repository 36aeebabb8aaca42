import { describe, expect, it } from 'vitest'
import { plainSummary } from './summary.ts'

describe('plainSummary', () => {
  it('takes the first non-empty line without Markdown marks', () => {
    expect(plainSummary('\n\n## Checks **layout** of `search`\nSecond line')).toBe('Checks layout of search')
    expect(plainSummary('- See [the portal](https://example.org) and _the_ ~~old~~ list')).toBe('See the portal and the old list')
    expect(plainSummary('Snake_case_name stays * alone')).toBe('Snake_case_name stays * alone')
    expect(plainSummary('')).toBe('')
  })

  it('cuts long lines with an ellipsis', () => {
    const summary = plainSummary('word '.repeat(100), 20)
    expect(summary.length).toBeLessThanOrEqual(20)
    expect(summary.endsWith('…')).toBe(true)
  })
})
