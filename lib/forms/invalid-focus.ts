import { useCallback, useLayoutEffect, useRef, useState } from 'react'

const INVALID = '[aria-invalid=true], [data-invalid] input, [data-invalid] textarea'

/**
 * Moves the focus to the first field in error inside `container`, once the errors set together with the request are
 * on screen, so its message is read out. A form checked after an `await` (a schema loaded on submit, a server's
 * refusal) sets its errors outside the click, and React renders them in a later task; a focus call made right away
 * or in the next animation frame can run before that render and find nothing.
 */
export function useInvalidFocus(): (container: HTMLElement | null) => void {
  const target = useRef<HTMLElement | null>(null)
  const [turn, setTurn] = useState(0)
  useLayoutEffect(() => {
    if (turn > 0) target.current?.querySelector<HTMLElement>(INVALID)?.focus()
  }, [turn])
  return useCallback((container: HTMLElement | null) => {
    target.current = container
    setTurn((current) => current + 1)
  }, [])
}
