import { DEFAULT_CHECK, type CaseCheck } from '../../lib/domain/checks.ts'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import { checkFields, type CheckField } from './check-fields.ts'

// An automated case's check as the editors hold it: numbers and lists as typed (so nothing typed is reformatted or
// lost), turned into the check the server keeps (lib/domain/checks.ts) only when saved or tried. Which fields a check
// type shows: ./check-fields.ts.

type NumberField = 'limit' | 'maxErrors' | 'days' | 'minimum'
type ListField = 'columns' | 'fields'

export type CheckDraft = Omit<CaseCheck, NumberField | ListField> & Record<NumberField | ListField, string>

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

/** A value to compare two drafts' checks by (the texts as the check would be saved). */
export function checkComparable(draft: CheckDraft | null): string | null {
  if (!draft) return null
  const relevant = new Set<string>(['type', 'portal', ...checkFields(draft.type, draft.scope)])
  return JSON.stringify(Object.entries(draft).flatMap(([key, value]) => (relevant.has(key) ? [[key, typeof value === 'string' ? value.trim() : value]] : [])))
}
