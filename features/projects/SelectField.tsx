import { useId, type ComponentProps } from 'react'
import { css, cx } from '../../styled-system/css'
import { field, input } from '../../styled-system/recipes'

const classes = field()

/** A labelled native <select> in the look of the other fields (keyboard and phone pickers for free). */
export function SelectField({ label, className, children, ...props }: ComponentProps<'select'> & { label: string }) {
  const id = useId()
  return (
    <div className={cx(classes.root, className)}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <select id={id} {...props} className={cx(input({ size: 'md' }), css({ appearance: 'auto', pe: '2' }))}>
        {children}
      </select>
    </div>
  )
}

/** A native checkbox with its label, 40 px tall for fingers. */
export function CheckboxField({ label, className, ...props }: Omit<ComponentProps<'input'>, 'type'> & { label: string }) {
  return (
    <label className={cx(css({ display: 'inline-flex', alignItems: 'center', gap: '2', minH: '10', cursor: 'pointer' }), className)}>
      <input type="checkbox" {...props} className={css({ w: '4', h: '4', accentColor: 'primary', flexShrink: 0 })} />
      <span>{label}</span>
    </label>
  )
}
