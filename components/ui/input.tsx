import { useId, type ComponentProps, type ReactNode } from 'react'
import { field, input } from '../../styled-system/recipes'
import { cx } from '../../styled-system/css'
import type { VariantProps } from './style-context.tsx'

export type InputVariants = Omit<VariantProps<typeof input>, 'multiline'>

export type InputProps = Omit<ComponentProps<'input'>, 'size'> & InputVariants

/** An outlined text input. Outside a `TextField` or `Field` (./field.tsx) it needs its own label (`aria-label` or a `<label for>`). */
export function Input({ size, className, ...props }: InputProps) {
  return <input {...props} className={cx(input({ size }), className)} />
}

export type TextareaProps = ComponentProps<'textarea'> & InputVariants

export function Textarea({ size, className, ...props }: TextareaProps) {
  return <textarea {...props} className={cx(input({ size, multiline: true }), className)} />
}

type FieldTextProps = {
  label: ReactNode
  helperText?: ReactNode
  errorText?: ReactNode
  invalid?: boolean
}

export type TextFieldProps = Omit<ComponentProps<'input'>, 'size'> & InputVariants & FieldTextProps

export type TextareaFieldProps = ComponentProps<'textarea'> & InputVariants & FieldTextProps

const flag = (on: boolean | undefined) => (on ? '' : undefined)

type Control = { id: string; required: boolean; disabled: boolean | undefined; readOnly: boolean | undefined; wiring: Record<string, string | boolean | undefined> }

/**
 * Label, helper text and error text around one control, wired as Ark's Field wires them (the label's `for`,
 * `aria-describedby` to the helper text, `aria-invalid` and `aria-errormessage` to the error text, the same data
 * attributes for the recipes), so a page whose forms are only text fields and text areas ships no Field code
 * (decision 021). The error text shows only while the field is invalid, the helper text only while it is not.
 */
function FieldFrame(props: FieldTextProps & { required: boolean; disabled: boolean | undefined; readOnly: boolean | undefined; className: string | undefined; id: string | undefined; control: (control: Control) => ReactNode }) {
  const { label, helperText, errorText, invalid = false, required, disabled, readOnly, className, id, control } = props
  const generatedId = useId()
  const inputId = id ?? `field-${generatedId}`
  const helperId = `${inputId}-helper`
  const errorId = `${inputId}-error`
  const classes = field()
  const helper = helperText && !invalid ? helperText : null
  const error = errorText && invalid ? errorText : null
  const state = { 'data-invalid': flag(invalid), 'data-readonly': flag(readOnly) }
  const wiring = {
    'aria-describedby': helper ? helperId : undefined,
    'aria-errormessage': error ? errorId : undefined,
    'aria-invalid': invalid || undefined,
    'data-required': flag(required),
    ...state,
  }
  return (
    <div role="group" className={cx(classes.root, className)} data-disabled={flag(disabled)} {...state}>
      <label htmlFor={inputId} className={classes.label} data-disabled={flag(disabled)} data-required={flag(required)} {...state}>
        {label}
        {required ? (
          <span aria-hidden="true" className={classes.requiredIndicator}>
            *
          </span>
        ) : null}
      </label>
      {control({ id: inputId, required, disabled, readOnly, wiring })}
      {helper ? (
        <span id={helperId} className={classes.helperText} data-disabled={flag(disabled)}>
          {helper}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className={classes.errorText} aria-live="polite">
          {error}
        </span>
      ) : null}
    </div>
  )
}

/** The common case in one element: label, input, helper text and error text (plain markup, see FieldFrame). */
export function TextField({ label, helperText, errorText, invalid = false, required = false, disabled, readOnly, className, id, size, ...props }: TextFieldProps) {
  return (
    <FieldFrame
      {...{ label, helperText, errorText, invalid, required, disabled, readOnly, className, id }}
      control={(control) => <input {...control.wiring} {...props} id={control.id} required={required} disabled={disabled} readOnly={readOnly} className={cx(input({ size }))} />}
    />
  )
}

/** The same for a text area. */
export function TextareaField({ label, helperText, errorText, invalid = false, required = false, disabled, readOnly, className, id, size, ...props }: TextareaFieldProps) {
  return (
    <FieldFrame
      {...{ label, helperText, errorText, invalid, required, disabled, readOnly, className, id }}
      control={(control) => <textarea {...control.wiring} {...props} id={control.id} required={required} disabled={disabled} readOnly={readOnly} className={cx(input({ size, multiline: true }))} />}
    />
  )
}
