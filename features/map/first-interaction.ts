import { useSyncExternalStore } from 'react'

// The pages built around a map (the home page, a location's page) draw their map from the server first: a picture of
// the opening view, or the region's outline. The interactive map (maplibre, deck.gl, their shaders, the outlines'
// GeoJSON) costs a phone seconds of main-thread work, which a reader who never touches the map should not pay and
// which would hold up the page's first input. It loads on the first sign of a person at the page: a pointer moving or
// pressing, a touch, a wheel, a key, or focus moving (docs/map.md, "When the interactive map loads").
const EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'wheel', 'keydown', 'focusin'] as const

let interacted = false
const listeners = new Set<() => void>()

function onInteraction(): void {
  interacted = true
  for (const event of EVENTS) window.removeEventListener(event, onInteraction, true)
  for (const listener of [...listeners]) listener()
  listeners.clear()
}

function subscribe(listener: () => void): () => void {
  if (interacted) return () => {}
  if (listeners.size === 0) for (const event of EVENTS) window.addEventListener(event, onInteraction, { capture: true, passive: true })
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && !interacted) for (const event of EVENTS) window.removeEventListener(event, onInteraction, true)
  }
}

const noSubscription = () => () => {}

/**
 * Whether a person has interacted with the page since it loaded (once true, for the rest of the page's life, client
 * navigations included). False on the server and while hydrating, so the first render matches the server's HTML.
 * `enabled: false` answers true at once in the browser (a map that loads when it mounts).
 */
export function useFirstInteraction(enabled = true): boolean {
  return useSyncExternalStore(
    enabled ? subscribe : noSubscription,
    () => !enabled || interacted,
    () => false,
  )
}
