import type { ChangeEvent } from 'react'
import { css } from '../../styled-system/css'
import { Field } from '../../components/ui/field.tsx'
import { TextField } from '../../components/ui/input.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'

export type ProjectFieldValues = { name: string; key: string; description: string }

/**
 * A project's name, key and description, shared by the new-project form and the owner's edit dialog. The key is
 * capitalised as it is typed, with the caret left where it was.
 */
export function ProjectFields({
  values,
  onChange,
  errors,
  autoFocus,
}: {
  values: ProjectFieldValues
  onChange: (values: ProjectFieldValues) => void
  errors: Readonly<Record<string, string>>
  autoFocus?: boolean
}) {
  const t = useT()

  function onKey(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const upper = input.value.toUpperCase()
    if (upper !== input.value && upper.length === input.value.length) {
      const { selectionStart, selectionEnd } = input
      input.value = upper
      input.setSelectionRange(selectionStart, selectionEnd)
    }
    onChange({ ...values, key: upper })
  }

  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      <TextField
        name="name"
        label={t('projects.fieldName')}
        required
        maxLength={120}
        autoComplete="off"
        autoFocus={autoFocus}
        value={values.name}
        onChange={(event) => onChange({ ...values, name: event.currentTarget.value })}
        invalid={!!errors.name}
        errorText={errors.name}
      />
      <TextField
        name="key"
        label={t('projects.fieldKey')}
        required
        maxLength={10}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={values.key}
        onChange={onKey}
        helperText={t('projects.fieldKeyHelp')}
        invalid={!!errors.key}
        errorText={errors.key}
        className={css({ maxW: '16rem' })}
      />
      <Field.Root invalid={!!errors.description}>
        <Field.Label>{t('projects.fieldDescription')}</Field.Label>
        <Field.Textarea name="description" rows={4} maxLength={5000} value={values.description} onChange={(event) => onChange({ ...values, description: event.currentTarget.value })} />
        {errors.description ? <Field.ErrorText>{errors.description}</Field.ErrorText> : <Field.HelperText>{t('projects.fieldDescriptionHelp')}</Field.HelperText>}
      </Field.Root>
    </div>
  )
}
