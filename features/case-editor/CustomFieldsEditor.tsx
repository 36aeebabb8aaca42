import { useId, useState } from 'react'
import { css } from '../../styled-system/css'
import type { CustomFieldDefinition } from '../../lib/domain/custom-fields.ts'
import type { FieldErrors } from '../../lib/forms/validation.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { GroupError, SelectField, TextInputField } from './controls.tsx'
import type { MemberOption } from './editor-types.ts'

const choiceRow = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minH: '10',
  cursor: 'pointer',
  '& input': { w: '5', h: '5', accentColor: 'primary', flexShrink: 0 },
})
const legendClass = css({ fontSize: 'sm', fontWeight: '500', mb: '1', display: 'inline-flex', gap: '0.5' })

type Props = {
  fields: readonly CustomFieldDefinition[]
  members: readonly MemberOption[]
  values: Record<string, unknown>
  errors: FieldErrors
  onChange: (fieldId: string, value: unknown) => void
  className?: string
}

/** The project's own fields, each with the control its type needs; required ones are marked and checked. */
export function CustomFieldsEditor({ fields, members, values, errors, onChange, className }: Props) {
  const t = useT()
  if (fields.length === 0) return <p className={css({ color: 'text.muted', fontSize: 'sm' })}>{t('editorparts.noCustomFields')}</p>
  return (
    <div className={className}>
      {fields.map((field) => (
        <CustomFieldControl key={field.id} field={field} members={members} value={values[field.id]} error={errors[`custom.${field.id}`]} onChange={(value) => onChange(field.id, value)} />
      ))}
    </div>
  )
}

function CustomFieldControl({ field, members, value, error, onChange }: { field: CustomFieldDefinition; members: readonly MemberOption[]; value: unknown; error?: string; onChange: (value: unknown) => void }) {
  const t = useT()
  const id = useId()
  const text = typeof value === 'string' ? value : ''
  const testId = `custom-${field.label}`
  switch (field.type) {
    case 'text':
      return <TextInputField label={field.label} required={field.required} value={text} onChange={onChange} error={error} maxLength={2000} testId={testId} />
    case 'url':
      return <TextInputField type="url" label={field.label} required={field.required} value={text} onChange={onChange} error={error} placeholder="https://" testId={testId} />
    case 'date':
      return <TextInputField type="date" label={field.label} required={field.required} value={text} onChange={onChange} error={error} testId={testId} />
    case 'number':
      return <NumberField field={field} value={value} error={error} onChange={onChange} />
    case 'select':
    case 'user': {
      const options =
        field.type === 'select'
          ? field.options.map((option) => ({ value: option, label: option }))
          : members.map((member) => ({ value: member.userId, label: `${member.name} (${member.email})` }))
      return (
        <SelectField
          label={field.label}
          required={field.required}
          value={text}
          onChange={(next) => onChange(next === '' ? undefined : next)}
          options={[{ value: '', label: t('editorparts.noValue') }, ...options]}
          error={error}
          testId={testId}
        />
      )
    }
    case 'checkbox':
      return (
        <div>
          <label className={choiceRow}>
            <input type="checkbox" checked={value === true} onChange={(event) => onChange(event.currentTarget.checked)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} data-testid={testId} />
            <span>
              {field.label}
              {field.required ? <span className={css({ color: 'error.text' })}> *</span> : null}
            </span>
          </label>
          {error ? <GroupError id={`${id}-error`}>{error}</GroupError> : null}
        </div>
      )
    case 'multiselect': {
      const chosen = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
      return (
        <fieldset aria-describedby={error ? `${id}-error` : undefined} className={css({ border: 'none', p: '0', m: '0', minW: '0' })} data-testid={testId}>
          <legend className={legendClass}>
            {field.label}
            {field.required ? <span className={css({ color: 'error.text' })}>*</span> : null}
          </legend>
          <div className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '4' })}>
            {field.options.map((option, index) => (
              <label key={option} className={choiceRow}>
                <input
                  type="checkbox"
                  checked={chosen.includes(option)}
                  aria-invalid={error && index === 0 ? true : undefined}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked
                    const next = checked ? [...chosen, option] : chosen.filter((item) => item !== option)
                    onChange(next.length > 0 ? field.options.filter((item) => next.includes(item)) : undefined)
                  }}
                />
                <span>{option}</span>
              </label>
            ))}
          </div>
          {error ? <GroupError id={`${id}-error`}>{error}</GroupError> : null}
        </fieldset>
      )
    }
  }
}

/**
 * A number as typed: the draft holds a number once the text reads as one (`1,5` too) and the text otherwise, so the
 * check can say what is wrong; the text stays as typed (`1.` while typing `1.5`).
 */
function NumberField({ field, value, error, onChange }: { field: CustomFieldDefinition; value: unknown; error?: string; onChange: (value: unknown) => void }) {
  const [typed, setTyped] = useState(() => (value === undefined || value === null ? '' : String(value)))
  const read = (text: string) => Number(text.trim().replace(/\s/g, '').replace(',', '.'))
  // The typed text shows while it still says the value in the draft; a value set from elsewhere (a restored draft) shows as is.
  const shown = typeof value === 'number' ? (read(typed) === value ? typed : String(value)) : typeof value === 'string' ? value : ''
  return (
    <TextInputField
      label={field.label}
      required={field.required}
      inputMode="decimal"
      value={shown}
      error={error}
      testId={`custom-${field.label}`}
      onChange={(text) => {
        setTyped(text)
        const number = read(text)
        onChange(text.trim() === '' ? undefined : Number.isFinite(number) ? number : text)
      }}
    />
  )
}
export default CustomFieldsEditor
