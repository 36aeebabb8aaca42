import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
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
  '&[aria-current=page], &[aria-current=true]': { fontWeight: '600', color: 'primary.text' },
})

type Props = {
  /** What the closed menu shows. */
  summary: ReactNode
  /** The accessible name of the summary when it shows no text (an avatar). */
  label?: string
  align?: 'start' | 'end'
  className?: string
  panelClassName?: string
  testId?: string
  children: ReactNode
}

/**
 * Closes an open native disclosure on Escape (focus goes back to its summary), on a click elsewhere and when focus
 * moves out of it. Without JavaScript the disclosure still opens and closes by its summary.
 */
export function useDismissibleDetails(ref: RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const details = ref.current
    if (!details) return
    const close = (focusSummary: boolean) => {
      if (!details.open) return
      details.open = false
      if (focusSummary) details.querySelector('summary')?.focus()
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.open) {
        event.stopPropagation()
        close(true)
      }
    }
    const onPointer = (event: PointerEvent) => {
      if (!details.contains(event.target as Node)) close(false)
    }
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null
      if (next && !details.contains(next)) close(false)
    }
    details.addEventListener('keydown', onKey)
    details.addEventListener('focusout', onFocusOut)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      details.removeEventListener('keydown', onKey)
      details.removeEventListener('focusout', onFocusOut)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [ref])
}

/**
 * A menu of links and small forms in a native disclosure (WAI-ARIA's disclosure navigation pattern): it opens and is
 * used without JavaScript; with it, Escape closes it and gives focus back to its button, and so does a click
 * elsewhere or moving focus out of it.
 */
export function DisclosureMenu({ summary, label, align = 'end', className, panelClassName, testId, children }: Props) {
  const ref = useRef<HTMLDetailsElement>(null)
  useDismissibleDetails(ref)
  return (
    <details ref={ref} className={cx(css({ position: 'relative' }), className)} data-testid={testId}>
      <summary className={summaryClass} aria-label={label}>
        {summary}
      </summary>
      <div className={cx(panelClass, align === 'end' ? css({ insetEnd: '0' }) : css({ insetStart: '0' }), panelClassName)}>{children}</div>
    </details>
  )
}
