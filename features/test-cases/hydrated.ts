import { useSyncExternalStore } from 'react'

const subscribeNothing = () => () => {}

/** False on the server and while hydrating, true afterwards: controls that need JavaScript appear only then. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  )
}
