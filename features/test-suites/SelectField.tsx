import { useId, type ComponentProps, type ReactNode } from 'react'
import { css, cx } from '../../styled-system/css'
import { input } from '../../styled-system/recipes'

const labelClass = css({ fontSize: 'sm', fontWeight: '500', color: 'text' })
const hintClass = css({ fontSize: 'sm', color: 'text.muted' })

/** A labelled native <select>: keyboard and screen readers as the platform does them, 40 px tall. */
export function SelectField({ label, hint, className, children, ...props }: ComponentProps<'select'> & { label: string; hint?: ReactNode }) {
  const id = useId()
  return (
    <div className={cx(css({ display: 'grid', gap: '1.5', minW: '0', alignContent: 'start' }), className)}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...props} className={cx(input({ size: 'md' }), css({ appearance: 'auto', pe: '2', maxW: 'full' }))}>
        {children}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
    </div>
  )
}
