import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** False while the server renders and the page hydrates, true afterwards: for what only the browser knows (localStorage). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
