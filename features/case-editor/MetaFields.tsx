import { CASE_STATES, CASE_TYPES, PRIORITIES } from '../../lib/domain/test-management.ts'
import type { FieldErrors } from '../../lib/forms/validation.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import type { CaseDraft } from './case-draft.ts'
import { SelectField, TextInputField } from './controls.tsx'
import { priorityLabel, stateLabel, typeLabel } from './labels.ts'

/** The first message about a field or anything inside it (`tags` covers `tags.3`). */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  if (errors[path]) return errors[path]
  const key = Object.keys(errors).find((candidate) => candidate.startsWith(`${path}.`))
  return key ? errors[key] : undefined
}

type Props = {
  draft: CaseDraft
  errors: FieldErrors
  onChange: (patch: Partial<CaseDraft>, clear?: readonly string[]) => void
  className?: string
}

/** Priority, type, state, tags, estimate, references and folder: plain inputs in both editors. */
export function MetaFields({ draft, errors, onChange, className }: Props) {
  const t = useT()
  return (
    <div className={className}>
      <SelectField
        label={t('editor.fieldPriority')}
        value={draft.priority}
        onChange={(priority) => onChange({ priority })}
        options={PRIORITIES.map((value) => ({ value, label: priorityLabel(t, value) }))}
        error={errors.priority}
        testId="case-priority"
      />
      <SelectField
        label={t('editor.fieldType')}
        value={draft.type}
        onChange={(type) => onChange({ type })}
        options={CASE_TYPES.map((value) => ({ value, label: typeLabel(t, value) }))}
        error={errors.type}
      />
      <SelectField
        label={t('editor.fieldState')}
        value={draft.state}
        onChange={(state) => onChange({ state })}
        options={CASE_STATES.map((value) => ({ value, label: stateLabel(t, value) }))}
        error={errors.state}
      />
      <TextInputField label={t('editor.fieldTags')} value={draft.tags} onChange={(tags) => onChange({ tags })} helper={t('editor.tagsHelp')} error={errorAt(errors, 'tags')} />
      <TextInputField
        label={t('editor.fieldEstimate')}
        value={draft.estimate}
        onChange={(estimate) => onChange({ estimate }, ['estimateMinutes'])}
        helper={t('editor.estimateHelp')}
        error={errors.estimateMinutes}
        placeholder="1h 30m"
        testId="case-estimate"
      />
      <TextInputField
        label={t('editor.fieldReferences')}
        value={draft.references}
        onChange={(references) => onChange({ references })}
        helper={t('editor.referencesHelp')}
        error={errorAt(errors, 'references')}
      />
      <TextInputField label={t('editor.fieldFolder')} value={draft.folder} onChange={(folder) => onChange({ folder })} helper={t('editor.folderHelp')} error={errors.folder} testId="case-folder" />
    </div>
  )
}
