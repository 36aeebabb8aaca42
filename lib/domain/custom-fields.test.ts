import { describe, expect, it } from 'vitest'
import { checkCustomValues } from './custom-field-checks.ts'
import { customValueFromText, customValueToText, type CustomFieldDefinition } from './custom-fields.ts'

const field = (id: string, type: CustomFieldDefinition['type'], extra: Partial<CustomFieldDefinition> = {}): CustomFieldDefinition => ({ id, label: id, type, options: [], required: false, ...extra })

const FIELDS = [
  field('text', 'text', { required: true }),
  field('number', 'number'),
  field('select', 'select', { options: ['A', 'B'] }),
  field('multi', 'multiselect', { options: ['Chrome', 'Firefox'] }),
  field('check', 'checkbox'),
  field('date', 'date'),
  field('url', 'url'),
  field('user', 'user'),
]

describe('custom field values', () => {
  it('keeps values of the right type and drops unknown fields', () => {
    const { kept, issues } = checkCustomValues(
      FIELDS,
      { text: 'hello', number: 2.5, select: 'B', multi: ['Firefox', 'Firefox'], check: true, date: '2026-02-28', url: 'https://data.gov.cz', user: 'u1', stray: 'x' },
      new Set(['u1']),
    )
    expect(issues).toEqual({})
    expect(kept).toEqual({ text: 'hello', number: 2.5, select: 'B', multi: ['Firefox'], check: true, date: '2026-02-28', url: 'https://data.gov.cz', user: 'u1' })
  })

  it('names what is wrong', () => {
    const { issues } = checkCustomValues(FIELDS, { number: 'ten', select: 'C', multi: ['Safari'], date: '2026-02-30', url: 'javascript:alert(1)', user: 'stranger' }, new Set(['u1']))
    expect(issues).toEqual({ text: 'validation.required', number: 'validation.number', select: 'validation.option', multi: 'validation.option', date: 'validation.date', url: 'validation.url', user: 'validation.option' })
  })

  it('reads and writes the text of a CSV cell', () => {
    const emails = new Map([['u1', 'jana@example.cz']])
    const ids = new Map([['jana@example.cz', 'u1']])
    expect(customValueFromText(field('n', 'number'), '1 234,5', ids)).toBe(1234.5)
    expect(customValueFromText(field('c', 'checkbox'), 'Ano', ids)).toBe(true)
    expect(customValueFromText(field('c', 'checkbox'), 'maybe', ids)).toBeUndefined()
    expect(customValueFromText(field('u', 'user'), 'JANA@example.cz', ids)).toBe('u1')
    expect(customValueFromText(field('m', 'multiselect'), 'Chrome, Firefox', ids)).toEqual(['Chrome', 'Firefox'])
    expect(customValueToText(field('u', 'user'), 'u1', emails)).toBe('jana@example.cz')
    expect(customValueToText(field('c', 'checkbox'), false, emails)).toBe('No')
  })
})
