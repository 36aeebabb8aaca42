import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react'
import { useHydrated } from '../../lib/use-hydrated.ts'

type FocusTarget = 'first' | 'last'

const TYPEAHEAD_RESET_MS = 500

function menuItems(details: HTMLDetailsElement | null): HTMLElement[] {
  return details ? Array.from(details.querySelectorAll<HTMLElement>('[role=menuitem]')) : []
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
 * A menu of links in a native disclosure, enhanced after hydration into a WAI-ARIA menu button
 * (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/): the server's markup is a plain `<details>` with links, so
 * it works without JavaScript; once hydrated the summary announces a menu, opening moves focus into it, arrow keys,
 * Home, End and typeahead move between the items, Enter follows one, Escape, Tab or a click elsewhere close it.
 * Ark's Menu would do the same but brings its positioning engine into every page's header (decision 021's budget).
 *
 * Spread the returned props: `detailsProps` on `<details>`, `triggerProps` on `<summary>`, `menuProps` on the list,
 * `itemWrapperProps` on each `<li>` and `itemProps` on each link.
 */
export function useDetailsMenu() {
  const ref = useRef<HTMLDetailsElement>(null)
  const id = useId()
  // False on the server and in the first browser render, so hydration sees the server's markup.
  const enhanced = useHydrated()
  const [open, setOpen] = useState(false)
  const focusOnOpen = useRef<FocusTarget>('first')
  const typed = useRef({ text: '', at: 0 })
  useDismissibleDetails(ref)

  const focusItem = (target: FocusTarget | number) => {
    const items = menuItems(ref.current)
    if (items.length === 0) return
    const index = target === 'first' ? 0 : target === 'last' ? items.length - 1 : (target + items.length) % items.length
    items[index]!.focus()
  }

  const onToggle = () => {
    const isOpen = ref.current?.open ?? false
    setOpen(isOpen)
    const focusInMenu = menuItems(ref.current).includes(document.activeElement as HTMLElement)
    if (isOpen && enhanced && !focusInMenu) focusItem(focusOnOpen.current)
    focusOnOpen.current = 'first'
  }

  const onTriggerKeyDown = (event: ReactKeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    event.preventDefault()
    const details = ref.current
    if (!details) return
    const target = event.key === 'ArrowDown' ? 'first' : 'last'
    if (details.open) focusItem(target)
    else {
      // Focus moves now, not on the toggle event that follows, so keys typed straight after reach the menu.
      focusOnOpen.current = target
      details.open = true
      focusItem(target)
    }
  }

  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLElement>) => {
    const items = menuItems(ref.current)
    const current = items.indexOf(document.activeElement as HTMLElement)
    if (event.key === 'ArrowDown') focusItem(current + 1)
    else if (event.key === 'ArrowUp') focusItem(current - 1)
    else if (event.key === 'Home') focusItem('first')
    else if (event.key === 'End') focusItem('last')
    else if (event.key === ' ' && current >= 0) items[current]!.click()
    else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Typeahead: the next item whose text starts with what was typed in the last half second.
      const now = event.timeStamp
      typed.current = { text: (now - typed.current.at < TYPEAHEAD_RESET_MS ? typed.current.text : '') + event.key.toLocaleLowerCase(), at: now }
      const prefix = typed.current.text
      const order = [...items.slice(current + (prefix.length === 1 ? 1 : 0)), ...items.slice(0, current + (prefix.length === 1 ? 1 : 0))]
      order.find((item) => (item.textContent ?? '').trim().toLocaleLowerCase().startsWith(prefix))?.focus()
    } else return
    event.preventDefault()
  }

  const menuId = `${id}-menu`
  const triggerId = `${id}-trigger`
  return {
    enhanced,
    detailsProps: { ref, onToggle },
    triggerProps: enhanced ? { id: triggerId, 'aria-haspopup': 'menu' as const, 'aria-controls': menuId, 'aria-expanded': open, onKeyDown: onTriggerKeyDown } : {},
    menuProps: enhanced ? { id: menuId, role: 'menu', 'aria-labelledby': triggerId, onKeyDown: onMenuKeyDown } : {},
    itemWrapperProps: enhanced ? { role: 'none' } : {},
    itemProps: enhanced ? { role: 'menuitem', tabIndex: -1 } : {},
  }
}
