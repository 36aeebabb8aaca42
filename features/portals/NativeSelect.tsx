import { useId, type ComponentProps } from 'react'
import { css, cx } from '../../styled-system/css'
import { input } from '../../styled-system/recipes'

const label = css({ fontSize: 'sm', fontWeight: '500', color: 'text' })

/**
 * A labelled native <select>: it works in a GET form before (or without) JavaScript, which the Ark Select does not.
 */
export function NativeSelect({ label: text, className, children, ...props }: ComponentProps<'select'> & { label: string }) {
  const id = useId()
  return (
    <div className={cx(css({ display: 'grid', gap: '1.5', minW: '0' }), className)}>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <select id={id} {...props} className={cx(input({ size: 'md' }), css({ appearance: 'auto', pe: '2' }))}>
        {children}
      </select>
    </div>
  )
}
