import { useId, type ComponentProps, type ReactNode } from 'react'
import { field, input } from '../../styled-system/recipes'
import { css, cx } from '../../styled-system/css'
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

type FieldFrameProps = {
  label: ReactNode
  helperText?: ReactNode
  errorText?: ReactNode
  invalid?: boolean
  required?: boolean
  disabled?: boolean
  readOnly?: boolean
  className?: string
  id?: string
}

export type TextFieldProps = Omit<ComponentProps<'input'>, 'size'> & InputVariants & FieldFrameProps

export type TextareaFieldProps = ComponentProps<'textarea'> & InputVariants & FieldFrameProps

export type SelectFieldProps = Omit<ComponentProps<'select'>, 'size'> & InputVariants & Omit<FieldFrameProps, 'readOnly'>

const flag = (on: boolean | undefined) => (on ? '' : undefined)

/** What the frame gives its control: the ARIA wiring and data attributes (the caller's props may override them), and its id and states. */
type Wiring = {
  aria: { 'aria-describedby'?: string; 'aria-errormessage'?: string; 'aria-invalid'?: true; 'data-required'?: ''; 'data-invalid'?: ''; 'data-readonly'?: '' }
  own: { id: string; required: boolean; disabled?: boolean; readOnly?: boolean }
}

/**
 * The label, helper text and error text around one control, in plain markup wired as Ark's Field wires it (the
 * label's `for`, `aria-describedby` to the helper text, `aria-invalid` and `aria-errormessage` to the error text, the
 * same data attributes for the recipes), so a page whose forms are only text fields and text areas ships no Field code
 * (decision 021). The error text shows only while the field is invalid, the helper text only while it is not.
 */
function FieldFrame({ label, helperText, errorText, invalid = false, required = false, disabled, readOnly, className, id, children }: FieldFrameProps & { children: (wiring: Wiring) => ReactNode }) {
  const generatedId = useId()
  const controlId = id ?? `field-${generatedId}`
  const helperId = `${controlId}-helper`
  const errorId = `${controlId}-error`
  const classes = field()
  const helper = helperText && !invalid ? helperText : null
  const error = errorText && invalid ? errorText : null
  const state = { 'data-invalid': flag(invalid), 'data-readonly': flag(readOnly) } as const
  return (
    <div role="group" className={cx(classes.root, className)} data-disabled={flag(disabled)} {...state}>
      <label htmlFor={controlId} className={classes.label} data-disabled={flag(disabled)} data-required={flag(required)} {...state}>
        {label}
        {required ? (
          <span aria-hidden="true" className={classes.requiredIndicator}>
            *
          </span>
        ) : null}
      </label>
      {children({
        aria: {
          'aria-describedby': helper ? helperId : undefined,
          'aria-errormessage': error ? errorId : undefined,
          'aria-invalid': invalid || undefined,
          'data-required': flag(required),
          ...state,
        },
        own: { id: controlId, required, disabled, readOnly },
      })}
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

/** The common case in one element: label, input, helper text and error text (see FieldFrame). */
export function TextField({ label, helperText, errorText, invalid, required, disabled, readOnly, className, id, size, ...props }: TextFieldProps) {
  return (
    <FieldFrame {...{ label, helperText, errorText, invalid, required, disabled, readOnly, className, id }}>
      {({ aria, own }) => <input {...aria} {...props} {...own} className={cx(input({ size }))} />}
    </FieldFrame>
  )
}

/** A labelled text area, as TextField is a labelled input. */
export function TextareaField({ label, helperText, errorText, invalid, required, disabled, readOnly, className, id, size, ...props }: TextareaFieldProps) {
  return (
    <FieldFrame {...{ label, helperText, errorText, invalid, required, disabled, readOnly, className, id }}>
      {({ aria, own }) => <textarea {...aria} {...props} {...own} className={cx(input({ size, multiline: true }))} />}
    </FieldFrame>
  )
}

const nativeArrow = css({ appearance: 'auto', pe: '2', maxW: 'full' })

/** A labelled native select in the look of the text inputs (keyboard and phone pickers for free), as TextField is a labelled input. */
export function SelectField({ label, helperText, errorText, invalid, required, disabled, className, id, size = 'md', ...props }: SelectFieldProps) {
  return (
    <FieldFrame {...{ label, helperText, errorText, invalid, required, disabled, className, id }}>
      {({ aria, own }) => <select {...aria} {...props} {...own} className={cx(input({ size }), nativeArrow)} />}
    </FieldFrame>
  )
}
