import type { ComponentProps } from 'react'
import { input } from '../../styled-system/recipes'
import { cx } from '../../styled-system/css'
import type { VariantProps } from './style-context.tsx'

// The plain controls. The labelled field (Ark's Field) is ./field.tsx, so a page with only a search box does not
// ship it (decision 021).

export type InputVariants = Omit<VariantProps<typeof input>, 'multiline'>

export type InputProps = Omit<ComponentProps<'input'>, 'size'> & InputVariants

/** An outlined text input. Outside a `Field` it needs its own label (`aria-label` or a `<label for>`). */
export function Input({ size, className, ...props }: InputProps) {
  return <input {...props} className={cx(input({ size }), className)} />
}

export type TextareaProps = ComponentProps<'textarea'> & InputVariants

export function Textarea({ size, className, ...props }: TextareaProps) {
  return <textarea {...props} className={cx(input({ size, multiline: true }), className)} />
}
