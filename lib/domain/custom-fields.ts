// Custom field values: their types, when one is empty, and the text a CSV cell holds. Values are kept by field id in a
// case's `custom`. What each type accepts is ./custom-field-checks.ts: its issues are message keys of the validation
// texts, which a page that only shows values (a case's read view) does not load.

import type { CustomFieldType } from './test-management.ts'

export type CustomFieldDefinition = { id: string; label: string; type: CustomFieldType; options: readonly string[]; required: boolean }
export type CustomValue = string | number | boolean | string[]

export function isEmptyCustom(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
}

const YES = new Set(['yes', 'y', 'true', '1', 'x', 'ano', 'ja', 'oui', 'tak', '是', '✓'])
const NO = new Set(['no', 'n', 'false', '0', 'ne', 'nein', 'non', 'nie', '否', ''])

/** A value from the text a CSV cell holds (a user field by e-mail), or undefined when the text cannot be that type. */
export function customValueFromText(field: CustomFieldDefinition, text: string, userIdByEmail: ReadonlyMap<string, string>): CustomValue | null | undefined {
  const value = text.trim()
  if (field.type !== 'checkbox' && value === '') return null
  switch (field.type) {
    case 'number': {
      const number = Number(value.replace(/\s/g, '').replace(',', '.'))
      return Number.isFinite(number) ? number : undefined
    }
    case 'multiselect':
      return value
        .split(/[,;\n]/)
        .map((item) => item.trim())
        .filter(Boolean)
    case 'checkbox':
      return YES.has(value.toLowerCase()) ? true : NO.has(value.toLowerCase()) ? false : undefined
    case 'user':
      return userIdByEmail.get(value.toLowerCase()) ?? undefined
    default:
      return value
  }
}

/** The text a CSV cell gets for a value (a user field as the user's e-mail). */
export function customValueToText(field: CustomFieldDefinition, value: unknown, emailByUserId: ReadonlyMap<string, string>): string {
  if (isEmptyCustom(value)) return field.type === 'checkbox' ? 'No' : ''
  if (field.type === 'checkbox') return value === true ? 'Yes' : 'No'
  if (field.type === 'multiselect' && Array.isArray(value)) return value.join(', ')
  if (field.type === 'user' && typeof value === 'string') return emailByUserId.get(value) ?? ''
  return String(value)
}
