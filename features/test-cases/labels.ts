import type { MessageKey } from '../../lib/i18n/catalog.ts'
import type { CaseState, CaseType, Priority, TargetKind } from '../../lib/domain/test-management.ts'

// The names of test-management values in the active language, one map per kind of value.

export const PRIORITY_LABELS: Record<Priority, MessageKey> = {
  low: 'labels.priority_low',
  medium: 'labels.priority_medium',
  high: 'labels.priority_high',
  critical: 'labels.priority_critical',
}

export const TYPE_LABELS: Record<CaseType, MessageKey> = { manual: 'cases.typeManual', automated: 'cases.typeAutomated' }

export const STATE_LABELS: Record<CaseState, MessageKey> = { draft: 'cases.stateDraft', active: 'cases.stateActive', deprecated: 'cases.stateDeprecated' }

export const TARGET_LABELS: Record<TargetKind, MessageKey> = { portal: 'cases.targetPortal', dataset: 'cases.targetDataset', resource: 'cases.targetResource' }

/** A case's fields by the names the import preview and the history use. */
export const FIELD_LABELS: Record<string, MessageKey> = {
  title: 'cases.fieldTitle',
  description: 'cases.fieldDescription',
  preconditions: 'cases.fieldPreconditions',
  steps: 'cases.fieldSteps',
  priority: 'cases.fieldPriority',
  type: 'cases.fieldType',
  state: 'cases.fieldState',
  tags: 'cases.fieldTags',
  estimateMinutes: 'cases.fieldEstimate',
  references: 'cases.fieldReferences',
  folder: 'cases.fieldFolder',
  target: 'cases.fieldTarget',
  custom: 'cases.fieldCustom',
}
