import { CUSTOM_FIELD_TYPES, type CustomFieldType } from '../../lib/domain/test-management.ts'
import type { Translate } from '../../lib/i18n/intl.ts'

// What the custom-field forms of the settings need besides their schema: the options as typed, the message of a field,
// the name of a type. Apart from the shared-step drafts and the audit sentences, which load only with the views that
// use them (decision 021).

/** A custom field's type in words (the settings, the audit log); an unknown value as it came. */
export function fieldTypeText(t: Translate, value: string | number | undefined): string {
  const type = CUSTOM_FIELD_TYPES.find((known: CustomFieldType) => known === value)
  return type ? t(`projects.fieldType_${type}`) : String(value ?? '?')
}

/** Options of a select field typed one per line: trimmed, blank lines and repeats dropped. */
export function optionsFromText(text: string): string[] {
  const seen = new Set<string>()
  const options: string[] = []
  for (const line of text.split(/\r?\n/)) {
    const option = line.trim()
    if (!option || seen.has(option)) continue
    seen.add(option)
    options.push(option)
  }
  return options
}

/** The first message of a field or of any part of it (`options` for `options.3`), as forms show one per field. */
export function errorAt(errors: Readonly<Record<string, string>>, path: string): string | undefined {
  if (errors[path]) return errors[path]
  const prefix = `${path}.`
  const key = Object.keys(errors).find((name) => name.startsWith(prefix))
  return key ? errors[key] : undefined
}
