import type { ReactNode } from 'react'
import { useDetailsMenu } from './details-menu.ts'
import { css, cx } from '../../styled-system/css'

const summaryClass = css({
  listStyle: 'none',
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  px: '2',
  h: '10',
  borderRadius: 'l2',
  fontWeight: '500',
  color: 'text',
  _hover: { bg: 'surface.hover' },
  '&::-webkit-details-marker': { display: 'none' },
})

const panelClass = css({
  position: 'absolute',
  mt: '1',
  minW: '56',
  maxW: 'calc(100vw - 1rem)',
  py: '1',
  bg: 'surface',
  color: 'text',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border',
  borderRadius: 'l2',
  boxShadow: 'e8',
  zIndex: 'dropdown',
})

/** A link or button row of a disclosure menu's panel. */
export const disclosureItem = css({
  display: 'block',
  w: 'full',
  textAlign: 'start',
  px: '4',
  py: '2',
  color: 'text',
  bg: 'transparent',
  border: 'none',
  font: 'inherit',
  cursor: 'pointer',
  textDecoration: 'none',
  _hover: { bg: 'surface.hover' },
  _focusVisible: { bg: 'surface.hover' },
  '&[aria-current=page], &[aria-current=true]': { fontWeight: '600', color: 'primary.text' },
})

/** Props for the parts of a disclosure menu's list, once it is a menu (none before hydration). */
export type MenuParts = { item: Record<string, unknown>; wrapper: Record<string, unknown> }

type Props = {
  /** What the closed menu shows. */
  summary: ReactNode
  /** The accessible name of the summary when it shows no text (an avatar). */
  label?: string
  /** Shown at the top of the open panel, outside the menu's items (who is signed in). */
  header?: ReactNode
  align?: 'start' | 'end'
  className?: string
  panelClassName?: string
  testId?: string
  /** The items: spread `item` on each link or button, `wrapper` on anything around one (a form). */
  children: (parts: MenuParts) => ReactNode
}

/**
 * A menu of links and small forms in a native disclosure: it opens and is used without JavaScript; hydrated, it is a
 * menu button as the language menu is (components/ui/details-menu.ts: arrow keys, Home, End, typeahead, Escape gives
 * focus back to its button, a click elsewhere or moving focus out closes it).
 */
export function DisclosureMenu({ summary, label, header, align = 'end', className, panelClassName, testId, children }: Props) {
  const menu = useDetailsMenu()
  return (
    <details {...menu.detailsProps} className={cx(css({ position: 'relative' }), className)} data-testid={testId}>
      <summary className={summaryClass} aria-label={label} {...menu.triggerProps}>
        {summary}
      </summary>
      <div className={cx(panelClass, align === 'end' ? css({ insetEnd: '0' }) : css({ insetStart: '0' }), panelClassName)}>
        {header}
        <div {...menu.menuProps}>{children({ item: menu.itemProps, wrapper: menu.itemWrapperProps })}</div>
      </div>
    </details>
  )
}
