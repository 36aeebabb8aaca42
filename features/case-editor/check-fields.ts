import { CHECK_SUBJECT, type CaseCheck, type CheckScope, type CheckType } from '../../lib/domain/checks.ts'

// Which fields a check type has: decided here, once, for both editors and the read view (their labels: ./CheckSummary.tsx,
// with the check's other texts, which the editors load only with the parts that show a check). Apart from the drafts
// (./check-draft.ts), so the read view of a case does not load the editors' number checks and their texts.

/** A field of a check the editor may show (the type and the portal are always there). */
export type CheckField = Exclude<keyof CaseCheck, 'type' | 'portal'>

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

/** The fields of a check worth naming when it is shown in words: those its type uses, with a value. */
export function checkParameters(check: CaseCheck): Array<{ field: CheckField; value: string }> {
  return checkFields(check.type, check.scope).flatMap((field) => {
    const value = check[field]
    const text = Array.isArray(value) ? value.join(', ') : String(value)
    if (field === 'scope' || !text.trim()) return []
    return [{ field, value: field === 'tableSchema' ? text.trim().slice(0, 200) : text }]
  })
}
