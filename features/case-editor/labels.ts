import type { CustomFieldDefinition } from '../../lib/domain/custom-fields.ts'
import type { CaseState, CaseType, Priority, TargetKind } from '../../lib/domain/test-management.ts'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import type { Translate } from '../../lib/i18n/intl.ts'
import { customIdOf, type BasicField, type FieldKey } from './case-diff.ts'

// The names the editors give to fields and to the values of the case's fixed lists, in one place.

const FIELD_KEYS: Record<BasicField, MessageKey> = {
  title: 'editor.fieldTitle',
  description: 'editor.fieldDescription',
  preconditions: 'editor.fieldPreconditions',
  steps: 'editor.fieldSteps',
  priority: 'editor.fieldPriority',
  type: 'editor.fieldType',
  state: 'editor.fieldState',
  tags: 'editor.fieldTags',
  estimate: 'editor.fieldEstimate',
  references: 'editor.fieldReferences',
  folder: 'editor.fieldFolder',
  target: 'editor.fieldTarget',
  check: 'editor.fieldCheck',
}

export function fieldLabel(t: Translate, key: FieldKey, customFields: readonly CustomFieldDefinition[]): string {
  const customId = customIdOf(key)
  if (customId === null) return t(FIELD_KEYS[key as BasicField])
  return customFields.find((field) => field.id === customId)?.label ?? t('editor.removedField')
}

const PRIORITY_KEYS: Record<Priority, MessageKey> = { low: 'editor.priorityLow', medium: 'editor.priorityMedium', high: 'editor.priorityHigh', critical: 'editor.priorityCritical' }
const TYPE_KEYS: Record<CaseType, MessageKey> = { manual: 'editor.typeManual', automated: 'editor.typeAutomated' }
const STATE_KEYS: Record<CaseState, MessageKey> = { draft: 'editor.stateDraft', active: 'editor.stateActive', deprecated: 'editor.stateDeprecated' }
const TARGET_KEYS: Record<TargetKind, MessageKey> = { portal: 'editor.targetPortal', dataset: 'editor.targetDataset', resource: 'editor.targetResource' }

export const priorityLabel = (t: Translate, value: Priority) => t(PRIORITY_KEYS[value])
export const typeLabel = (t: Translate, value: CaseType) => t(TYPE_KEYS[value])
export const stateLabel = (t: Translate, value: CaseState) => t(STATE_KEYS[value])
export const targetKindLabel = (t: Translate, value: TargetKind) => t(TARGET_KEYS[value])
