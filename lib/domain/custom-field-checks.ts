// What each custom field type accepts, checked the same in the form and on the server (decision 021: apart from
// ./custom-fields.ts, so that pages showing values only do not load the validation texts its issues name).

import { isEmptyCustom, type CustomFieldDefinition, type CustomValue } from './custom-fields.ts'

/** The message key of what is wrong with a value, or null (an empty value is fine unless the field is required). */
export type CustomIssue = 'validation.required' | 'validation.number' | 'validation.option' | 'validation.date' | 'validation.url' | 'validation.maxLength' | 'validation.invalidFormat'

function validDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text)
}

function validUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * Checks values against a project's fields: a value of an unknown field is dropped, a value of the wrong type is an
 * issue. `members`: the ids a user field may name. Answers the values to store and the issues by field id.
 */
export function checkCustomValues(fields: readonly CustomFieldDefinition[], values: Readonly<Record<string, unknown>>, members: ReadonlySet<string>) {
  const kept: Record<string, CustomValue> = {}
  const issues: Record<string, CustomIssue> = {}
  for (const field of fields) {
    const value = Object.hasOwn(values, field.id) ? values[field.id] : undefined
    if (isEmptyCustom(value) || (field.type === 'checkbox' && value === false && field.required)) {
      if (field.required && !(field.type === 'checkbox' && value === false)) issues[field.id] = 'validation.required'
      else if (field.type === 'checkbox' && value === false) kept[field.id] = false
      continue
    }
    switch (field.type) {
      case 'text':
        if (typeof value !== 'string') issues[field.id] = 'validation.invalidFormat'
        else if (value.length > 2000) issues[field.id] = 'validation.maxLength'
        else kept[field.id] = value
        break
      case 'number':
        if (typeof value !== 'number' || !Number.isFinite(value)) issues[field.id] = 'validation.number'
        else kept[field.id] = value
        break
      case 'select':
        if (typeof value !== 'string' || !field.options.includes(value)) issues[field.id] = 'validation.option'
        else kept[field.id] = value
        break
      case 'multiselect':
        if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && field.options.includes(item))) issues[field.id] = 'validation.option'
        else kept[field.id] = [...new Set(value as string[])]
        break
      case 'checkbox':
        if (typeof value !== 'boolean') issues[field.id] = 'validation.invalidFormat'
        else kept[field.id] = value
        break
      case 'date':
        if (typeof value !== 'string' || !validDate(value)) issues[field.id] = 'validation.date'
        else kept[field.id] = value
        break
      case 'url':
        if (typeof value !== 'string' || !validUrl(value)) issues[field.id] = 'validation.url'
        else kept[field.id] = value
        break
      case 'user':
        if (typeof value !== 'string' || !members.has(value)) issues[field.id] = 'validation.option'
        else kept[field.id] = value
        break
    }
  }
  return { kept, issues }
}
