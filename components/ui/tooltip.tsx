import type { ComponentProps, ReactElement, ReactNode } from 'react'
import { Portal } from '@ark-ui/react/portal'
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip'
import { tooltip } from '../../styled-system/recipes'
import { cx } from '../../styled-system/css'

const classes = tooltip()

export type TooltipProps = Omit<ComponentProps<typeof ArkTooltip.Root>, 'children'> & {
  /** The text of the tooltip. */
  content: ReactNode
  /** The element it describes: one focusable element (a button, a link), rendered as the trigger. */
  children: ReactElement
  contentClassName?: string
}

/**
 * A tooltip (Ark Tooltip): shown on hover and on keyboard focus, hidden with Escape; the trigger is described by it.
 * Put only supplementary text in a tooltip: an icon button still needs its own `aria-label`.
 */
export function Tooltip({ content, children, contentClassName, ...props }: TooltipProps) {
  return (
    <ArkTooltip.Root openDelay={300} closeDelay={100} lazyMount unmountOnExit {...props}>
      <ArkTooltip.Trigger asChild>{children}</ArkTooltip.Trigger>
      <Portal>
        <ArkTooltip.Positioner className={classes.positioner}>
          <ArkTooltip.Content className={cx(classes.content, contentClassName)}>{content}</ArkTooltip.Content>
        </ArkTooltip.Positioner>
      </Portal>
    </ArkTooltip.Root>
  )
}
