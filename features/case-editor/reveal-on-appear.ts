import { useEffect, useRef, type RefObject } from 'react'

/**
 * Brings an element into view the first time it is shown: an offer to restore a draft appears after a reload, where
 * the browser puts the page back at the place it was scrolled to, above which the offer would go unseen. Waits for the
 * page's load (when the browser restores that place) before looking.
 */
export function useRevealOnAppear<T extends HTMLElement>(shown: boolean): RefObject<T | null> {
  const ref = useRef<T | null>(null)
  const revealed = useRef(false)
  useEffect(() => {
    if (!shown || revealed.current) return
    let frame = 0
    const reveal = () => {
      frame = requestAnimationFrame(() => {
        const element = ref.current
        if (!element || revealed.current) return
        revealed.current = true
        const box = element.getBoundingClientRect()
        if (box.top < 0 || box.bottom > window.innerHeight) element.scrollIntoView({ block: 'center' })
      })
    }
    if (document.readyState === 'complete') reveal()
    else window.addEventListener('load', reveal, { once: true })
    return () => {
      window.removeEventListener('load', reveal)
      cancelAnimationFrame(frame)
    }
  }, [shown])
  return ref
}
