import { checkCustomValues } from '../../lib/domain/custom-field-checks.ts'
import type { CaseCheck } from '../../lib/domain/checks.ts'
import type { CustomFieldDefinition } from '../../lib/domain/custom-fields.ts'
import { parseEstimate } from '../../lib/domain/test-management.ts'
import { CaseCheckSchema } from '../../lib/forms/check-schemas.ts'
import { TestCaseFieldsSchema, type TestCaseFields } from '../../lib/forms/test-management-schemas.ts'
import { fieldErrors, type FieldErrors } from '../../lib/forms/validation.ts'
import type { Translate } from '../../lib/i18n/intl.ts'
import { draftToInput, type CaseDraft } from './case-draft.ts'
import { checkFromDraft, defaultCheckDraft, type CheckDraft } from './check-draft.ts'

// The editors' checks before a save or a try, with the server's own schemas (lib/forms): one set of rules and messages.
// This module, and zod with it (about 25 KB gzip), is not part of the editors' first load (decision 021): they import
// it once the page has hydrated (`loadDraftChecks`, ./use-case-editor.ts) and wait for it when a save or a try needs it.

export type DraftCheck = { ok: true; fields: TestCaseFields } | { ok: false; errors: FieldErrors }

/**
 * The checks the server makes, run in the browser first with the same rules: the shared schema, the estimate and the
 * project's custom fields (required ones, and each value's type). Errors are keyed by the paths the server uses
 * (`title`, `steps.0.action`, `custom.<id>`, `check.dataset`).
 */
export function checkDraft(draft: CaseDraft, customFields: readonly CustomFieldDefinition[], memberIds: ReadonlySet<string>, t: Translate): DraftCheck {
  const input = draftToInput(draft)
  const parsed = TestCaseFieldsSchema.safeParse(input)
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error.issues, t)
  if (parseEstimate(draft.estimate) === undefined) errors.estimateMinutes = t('validation.estimate')
  if (draft.type === 'automated') {
    for (const [field, key] of Object.entries(checkFromDraft(draft.check ?? defaultCheckDraft()).numberErrors)) errors[`check.${field}`] = t(key)
  }
  const { issues } = checkCustomValues(customFields, input.custom, memberIds)
  for (const [id, key] of Object.entries(issues)) errors[`custom.${id}`] = t(key)
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, fields: parsed.data }
}

/**
 * A check as "Try it now" sends it: the check the draft stands for, or its messages keyed `check.<field>` (a number
 * that is not a number, and the shared schema's rules).
 */
export function checkTry(draft: CheckDraft, t: Translate): { ok: true; check: CaseCheck } | { ok: false; errors: FieldErrors } {
  const { check, numberErrors } = checkFromDraft(draft)
  const parsed = CaseCheckSchema.safeParse(check)
  const errors: FieldErrors = parsed.success ? {} : Object.fromEntries(Object.entries(fieldErrors(parsed.error.issues, t)).map(([key, text]) => [`check.${key}`, text]))
  for (const [field, key] of Object.entries(numberErrors)) errors[`check.${field}`] = t(key)
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, check: parsed.data }
}
