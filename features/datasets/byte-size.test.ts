import { describe, expect, it } from 'vitest'
import { intlFor } from '../../lib/i18n/intl.ts'
import { formatByteSize } from './byte-size.ts'

describe('formatByteSize', () => {
  const en = intlFor('en', {})
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [999, '999 bytes'],
    [1000, '1 kB'],
    [1_250_000, '1.3 MB'],
    [3_500_000_000, '3.5 GB'],
  ])('%d bytes read as %s', (bytes, text) => {
    expect(formatByteSize(en, bytes)).toBe(text)
  })

  it('follows the language', () => {
    expect(formatByteSize(intlFor('cs', {}), 1_250_000)).toBe('1,3 MB')
  })
})
