import { useLayoutEffect, useRef, type RefObject } from 'react'

/**
 * A control that acts as soon as it changes, outside any form, can be changed after the page is drawn and before its
 * code has run (decision 023): the browser then shows the new choice, and nothing happened. Once the page hydrates,
 * this applies a choice that differs from the one the server rendered. Layout effect: it reads the control before
 * React next writes to it.
 */
export function useChoiceBeforeHydration(ref: RefObject<HTMLSelectElement | null>, rendered: string, apply: (value: string) => void): void {
  const first = useRef({ rendered, apply })
  useLayoutEffect(() => {
    const value = ref.current?.value
    if (value !== undefined && value !== first.current.rendered) first.current.apply(value)
  }, [ref])
}
