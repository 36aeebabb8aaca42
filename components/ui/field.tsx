import type { ComponentProps, ReactNode } from 'react'
import { Field as ArkField } from '@ark-ui/react/field'
import { field, input } from '../../styled-system/recipes'
import { cx } from '../../styled-system/css'
import { createStyleContext } from './style-context.tsx'
import type { InputVariants } from './input.tsx'

const { withProvider, withContext } = createStyleContext(field)

type FieldInputProps = Omit<ComponentProps<typeof ArkField.Input>, 'size'> & InputVariants
type FieldTextareaProps = ComponentProps<typeof ArkField.Textarea> & InputVariants

function FieldInput({ size, className, ...props }: FieldInputProps) {
  return <ArkField.Input {...props} className={cx(input({ size }), className)} />
}

function FieldTextarea({ size, className, ...props }: FieldTextareaProps) {
  return <ArkField.Textarea {...props} className={cx(input({ size, multiline: true }), className)} />
}

/**
 * A labelled form field (Ark Field: the label, the helper and the error text are wired to the control with ids and
 * aria attributes). `Field.Root` takes `invalid`, `required`, `disabled`, `readOnly`; `Field.ErrorText` shows only
 * when the field is invalid.
 */
export const Field = {
  Root: withProvider(ArkField.Root, 'root'),
  Label: withContext(ArkField.Label, 'label'),
  Input: FieldInput,
  Textarea: FieldTextarea,
  HelperText: withContext(ArkField.HelperText, 'helperText'),
  ErrorText: withContext(ArkField.ErrorText, 'errorText'),
  RequiredIndicator: withContext(ArkField.RequiredIndicator, 'requiredIndicator', { children: '*' }),
}

export type TextFieldProps = FieldInputProps & {
  label: ReactNode
  helperText?: ReactNode
  errorText?: ReactNode
  invalid?: boolean
}

/** The common case in one element: label, input, helper text and error text. */
export function TextField({ label, helperText, errorText, invalid, required, disabled, readOnly, className, ...props }: TextFieldProps) {
  return (
    <Field.Root invalid={invalid} required={required} disabled={disabled} readOnly={readOnly} className={className}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Field.Input {...props} />
      {helperText && !invalid ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {errorText ? <Field.ErrorText>{errorText}</Field.ErrorText> : null}
    </Field.Root>
  )
}
