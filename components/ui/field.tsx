import type { ComponentProps } from 'react'
import { Field as ArkField } from '@ark-ui/react/field'
import { field, input } from '../../styled-system/recipes'
import { cx } from '../../styled-system/css'
import { createStyleContext } from './style-context.tsx'
import type { InputVariants } from './input.tsx'

// Ark's Field for composed fields (a select, a textarea, controls of one's own); a single text input is TextField
// (./input.tsx), plain markup, so that pages with only text fields do not load this.
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
