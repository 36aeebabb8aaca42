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

export type TextFieldProps = Omit<ComponentProps<'input'>, 'size'> &
  InputVariants & {
    label: ReactNode
    helperText?: ReactNode
    errorText?: ReactNode
    invalid?: boolean
  }

const flag = (on: boolean | undefined) => (on ? '' : undefined)

/**
 * The common case in one element: label, input, helper text and error text. Plain markup wired as Ark's Field wires
 * it (the label's `for`, `aria-describedby` to the helper text, `aria-invalid` and `aria-errormessage` to the error
 * text, the same data attributes for the recipes), so a page whose forms are only text fields ships no Field code
 * (decision 021). The error text shows only while the field is invalid, the helper text only while it is not.
 */
export function TextField({ label, helperText, errorText, invalid = false, required = false, disabled, readOnly, className, id, size, ...props }: TextFieldProps) {
  const generatedId = useId()
  const inputId = id ?? `field-${generatedId}`
  const helperId = `${inputId}-helper`
  const errorId = `${inputId}-error`
  const classes = field()
  const helper = helperText && !invalid ? helperText : null
  const error = errorText && invalid ? errorText : null
  const state = { 'data-invalid': flag(invalid), 'data-readonly': flag(readOnly) }
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
      <input
        aria-describedby={helper ? helperId : undefined}
        aria-errormessage={error ? errorId : undefined}
        aria-invalid={invalid || undefined}
        data-required={flag(required)}
        {...state}
        {...props}
        id={inputId}
        required={required}
        disabled={disabled}
        readOnly={readOnly}
        className={cx(input({ size }))}
      />
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
