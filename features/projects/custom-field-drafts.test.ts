import { describe, expect, it } from 'vitest'
import { errorAt, fieldTypeText, optionsFromText } from './custom-field-drafts.ts'

describe('custom field options', () => {
  it('reads one option per line, trimmed, without blanks or repeats', () => {
    expect(optionsFromText(' Praha \n\nBrno\r\nPraha\n  ')).toEqual(['Praha', 'Brno'])
  })

  it('finds the message of a field or of a part of it', () => {
    expect(errorAt({ 'options.2': 'bad' }, 'options')).toBe('bad')
    expect(errorAt({ options: 'none', 'options.2': 'bad' }, 'options')).toBe('none')
    expect(errorAt({ optionsX: 'no' }, 'options')).toBeUndefined()
  })
})

describe('custom field types', () => {
  it('names a known type with its text and shows an unknown one as it came', () => {
    const t = (key: string) => `[${key}]`
    expect(fieldTypeText(t, 'select')).toBe('[projects.fieldType_select]')
    expect(fieldTypeText(t, 'colour')).toBe('colour')
    expect(fieldTypeText(t, undefined)).toBe('?')
  })
})
