import type { ReactNode } from 'react'
import { css, cx } from '../../styled-system/css'
import { input } from '../../styled-system/recipes'
import { SelectField as NativeSelectField, TextareaField, TextField } from '../../components/ui/input.tsx'

// The labelled controls of the case editors: the label, the helper and the error text are wired to the control (ids,
// aria-describedby, aria-invalid; components/ui/input.tsx), so a message under a field is read with it. Values are
// controlled: the editors keep every typed character in state, whatever happens to a save.

type Common = {
  label: ReactNode
  error?: string | undefined
  helper?: ReactNode
  required?: boolean
  className?: string
  testId?: string
}

/** The frame's props (components/ui/input.tsx) for the editors' own. */
function frame({ label, error, helper, required, className, testId }: Common) {
  return { label, invalid: Boolean(error), errorText: error, helperText: helper, required, className, 'data-testid': testId }
}

export function TextInputField({
  label,
  error,
  helper,
  required,
  className,
  testId,
  value,
  onChange,
  type = 'text',
  placeholder,
  inputMode,
  maxLength,
  list,
}: Common & {
  value: string
  onChange: (value: string) => void
  type?: 'text' | 'url' | 'date' | 'search'
  placeholder?: string
  inputMode?: 'text' | 'decimal' | 'numeric' | 'url'
  maxLength?: number
  list?: string
}) {
  return (
    <TextField
      {...frame({ label, error, helper, required, className, testId })}
      type={type}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      placeholder={placeholder}
      inputMode={inputMode}
      maxLength={maxLength}
      list={list}
      autoComplete="off"
    />
  )
}

export function TextAreaField({
  label,
  error,
  helper,
  required,
  className,
  testId,
  value,
  onChange,
  rows = 4,
}: Common & { value: string; onChange: (value: string) => void; rows?: number }) {
  return (
    <TextareaField {...frame({ label, error, helper, required, className, testId })} value={value} rows={rows} onChange={(event) => onChange(event.currentTarget.value)} />
  )
}

export const selectClass = cx(input({ size: 'md' }), css({ appearance: 'auto', pe: '2' }))

export function SelectField<V extends string>({
  label,
  error,
  helper,
  required,
  className,
  testId,
  value,
  onChange,
  options,
}: Common & { value: V; onChange: (value: V) => void; options: ReadonlyArray<{ value: V; label: string }> }) {
  return (
    <NativeSelectField {...frame({ label, error, helper, required, className, testId })} value={value} onChange={(event) => onChange(event.currentTarget.value as V)}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </NativeSelectField>
  )
}

/** A message under a group of controls that is not one field (a step, the target), announced with it. */
export function GroupError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className={css({ color: 'error.text', fontSize: 'sm' })}>
      {children}
    </p>
  )
}

export const sectionClass = css({ display: 'grid', gap: '4', minW: '0' })
export const sectionTitleClass = css({ fontSize: 'lg', fontWeight: '600' })
export const gridTwo = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } })
export const gridThree = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } })
