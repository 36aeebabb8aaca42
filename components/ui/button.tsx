import type { ComponentProps } from 'react'
import { html } from './html.tsx'
import { button } from '../../styled-system/recipes'
import { cx } from '../../styled-system/css'
import type { VariantProps } from './style-context.tsx'
import { SpinnerIcon } from './icons.tsx'

type ButtonVariants = Omit<VariantProps<typeof button>, 'iconOnly'>

export type ButtonProps = ComponentProps<typeof html.button> &
  ButtonVariants & {
    /** Shows a spinner, marks the button busy and disables it. */
    loading?: boolean
  }

/**
 * A button. `variant`: solid (default), outline, ghost, subtle; `tone`: primary (default), secondary, error;
 * `size`: sm, md (default), lg. `asChild` renders the single child (a link, say) with the button's look.
 */
export function Button({ variant, tone, size, loading, disabled, className, children, ...props }: ButtonProps) {
  return (
    <html.button
      type={props.asChild ? undefined : 'button'}
      {...props}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(button({ variant, tone, size }), className)}
    >
      {/* asChild needs its one child as is */}
      {props.asChild || !loading ? (
        children
      ) : (
        <>
          <SpinnerIcon data-spinner="" />
          {children}
        </>
      )}
    </html.button>
  )
}

export type IconButtonProps = Omit<ButtonProps, 'aria-label'> & {
  /** The accessible name: an icon alone says nothing to a screen reader. */
  'aria-label': string
}

/** A square button that holds only an icon; defaults to the ghost variant. */
export function IconButton({ variant = 'ghost', tone, size, loading, disabled, className, children, ...props }: IconButtonProps) {
  return (
    <html.button
      type={props.asChild ? undefined : 'button'}
      {...props}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(button({ variant, tone, size, iconOnly: true }), className)}
    >
      {loading && !props.asChild ? <SpinnerIcon data-spinner="" /> : children}
    </html.button>
  )
}
