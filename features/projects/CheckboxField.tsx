import type { ComponentProps } from 'react'
import { css, cx } from '../../styled-system/css'

/** A native checkbox with its label, 40 px tall for fingers. */
export function CheckboxField({ label, className, ...props }: Omit<ComponentProps<'input'>, 'type'> & { label: string }) {
  return (
    <label className={cx(css({ display: 'inline-flex', alignItems: 'center', gap: '2', minH: '10', cursor: 'pointer' }), className)}>
      <input type="checkbox" {...props} className={css({ w: '4', h: '4', accentColor: 'primary', flexShrink: 0 })} />
      <span>{label}</span>
    </label>
  )
}
