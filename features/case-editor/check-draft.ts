import { CHECK_SUBJECT, DEFAULT_CHECK, type CaseCheck, type CheckScope, type CheckType } from '../../lib/domain/checks.ts'
import { MQA_MAX } from '../../lib/domain/mqa.ts'
import type { MessageKey } from '../../lib/i18n/catalog.ts'

// An automated case's check as the editors hold it: numbers and lists as typed (so nothing typed is reformatted or
// lost), turned into the check the server keeps (lib/domain/checks.ts) only when saved or tried. Which fields a check
// type shows is decided here, once, for both editors and the read view.

type NumberField = 'limit' | 'maxErrors' | 'days' | 'minimum'
type ListField = 'columns' | 'fields'

export type CheckDraft = Omit<CaseCheck, NumberField | ListField> & Record<NumberField | ListField, string>

/** A field of a check the editor may show (the type and the portal are always there). */
export type CheckField = Exclude<keyof CaseCheck, 'type' | 'portal'>

/** Each field's label (the same in the editor and in the read view). */
export const CHECK_FIELD_KEYS: Record<Exclude<CheckField, 'scope'>, MessageKey> = {
  dataset: 'checks.fieldDataset',
  resource: 'checks.fieldResource',
  organization: 'checks.fieldOrganization',
  limit: 'checks.fieldLimit',
  minVersion: 'checks.fieldMinVersion',
  format: 'checks.fieldFormat',
  contentType: 'checks.fieldContentType',
  columns: 'checks.fieldColumns',
  tableSchema: 'checks.fieldTableSchema',
  maxErrors: 'checks.fieldMaxErrors',
  days: 'checks.fieldDays',
  minimum: 'checks.fieldMinimum',
  fields: 'checks.fieldFields',
}

export function checkDraftFrom(check: CaseCheck): CheckDraft {
  return {
    ...check,
    limit: String(check.limit),
    maxErrors: String(check.maxErrors),
    days: String(check.days),
    minimum: String(check.minimum),
    columns: check.columns.join(', '),
    fields: check.fields.join(', '),
  }
}

export const defaultCheckDraft = (): CheckDraft => checkDraftFrom(DEFAULT_CHECK)

function listOf(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((item) => item.trim())
    .filter(Boolean)
}

const INTEGER = /^\d+$/
const DECIMAL = /^\d+(?:[.,]\d+)?$/
const INTEGER_FIELDS: ReadonlySet<NumberField> = new Set(['limit', 'maxErrors', 'days'])

/**
 * The check a draft stands for. Only the fields its type shows are taken; the others go back to their defaults, so a
 * value left behind by another type (a broken Table Schema, say) never refuses a save from out of sight (the draft
 * keeps it, for switching back). Numbers that are not numbers are named by message key and sent as 0, so that the
 * shared schema's own messages do not repeat them.
 */
export function checkFromDraft(draft: CheckDraft): { check: CaseCheck; numberErrors: Partial<Record<NumberField, MessageKey>> } {
  const shown = new Set<CheckField>(checkFields(draft.type, draft.scope))
  const numberErrors: Partial<Record<NumberField, MessageKey>> = {}
  const number = (field: NumberField): number => {
    if (!shown.has(field)) return DEFAULT_CHECK[field]
    const text = draft[field].trim()
    const integer = INTEGER_FIELDS.has(field)
    if (!(integer ? INTEGER : DECIMAL).test(text)) {
      numberErrors[field] = integer ? 'validation.integer' : 'validation.number'
      return 0
    }
    return Number(text.replace(',', '.'))
  }
  const textOf = <F extends 'dataset' | 'resource' | 'organization' | 'minVersion' | 'format' | 'contentType' | 'tableSchema'>(field: F): string => (shown.has(field) ? draft[field] : DEFAULT_CHECK[field])
  const check: CaseCheck = {
    type: draft.type,
    portal: draft.portal,
    scope: shown.has('scope') ? draft.scope : DEFAULT_CHECK.scope,
    dataset: textOf('dataset'),
    resource: textOf('resource'),
    organization: textOf('organization'),
    limit: number('limit'),
    minVersion: textOf('minVersion'),
    format: textOf('format'),
    contentType: textOf('contentType'),
    columns: shown.has('columns') ? listOf(draft.columns) : [],
    tableSchema: textOf('tableSchema'),
    maxErrors: number('maxErrors'),
    days: number('days'),
    minimum: number('minimum'),
    fields: shown.has('fields') ? listOf(draft.fields) : [],
  }
  return { check, numberErrors }
}

/** Whether a check type runs over a catalogue query at all (portal-answers and organization-datasets do not). */
export function hasScope(type: CheckType): boolean {
  return type !== 'portal-answers' && type !== 'organization-datasets'
}

/** The fields the editor shows for a check, in the order it shows them. */
export function checkFields(type: CheckType, scope: CheckScope): CheckField[] {
  if (type === 'portal-answers') return ['minVersion']
  if (type === 'organization-datasets') return ['organization', 'minimum']
  const fields: CheckField[] = ['scope']
  if (scope === 'single') fields.push('dataset')
  if (scope === 'single' && CHECK_SUBJECT[type] === 'resource') fields.push('resource')
  if (scope === 'organization-datasets') fields.push('organization')
  // A format names what a portal-resources query looks for, what resource-format wants, and narrows resource checks.
  if (scope === 'portal-resources' || type === 'resource-format' || type === 'resource-reachable' || type === 'content-unchanged') fields.push('format')
  if (scope !== 'single') fields.push('limit')
  switch (type) {
    case 'resource-reachable':
      fields.push('contentType')
      break
    case 'csv-valid':
      fields.push('columns', 'tableSchema', 'maxErrors')
      break
    case 'modified-within':
      fields.push('days')
      break
    case 'mqa-at-least':
    case 'stars-at-least':
      fields.push('minimum')
      break
    case 'metadata-present':
      fields.push('fields')
      break
  }
  return fields
}

/** The range a check's minimum takes, for the hint under it. */
export function minimumRange(type: CheckType): { min: number; max: number } | null {
  if (type === 'mqa-at-least') return { min: 0, max: MQA_MAX }
  if (type === 'stars-at-least') return { min: 0, max: 5 }
  return null
}

/** The fields of a check worth naming when it is shown in words: those its type uses, with a value. */
export function checkParameters(check: CaseCheck): Array<{ field: CheckField; value: string }> {
  return checkFields(check.type, check.scope).flatMap((field) => {
    const value = check[field]
    const text = Array.isArray(value) ? value.join(', ') : String(value)
    if (field === 'scope' || !text.trim()) return []
    return [{ field, value: field === 'tableSchema' ? text.trim().slice(0, 200) : text }]
  })
}

/** A value to compare two drafts' checks by (the texts as the check would be saved). */
export function checkComparable(draft: CheckDraft | null): string | null {
  if (!draft) return null
  const relevant = new Set<string>(['type', 'portal', ...checkFields(draft.type, draft.scope)])
  return JSON.stringify(Object.entries(draft).flatMap(([key, value]) => (relevant.has(key) ? [[key, typeof value === 'string' ? value.trim() : value]] : [])))
}
