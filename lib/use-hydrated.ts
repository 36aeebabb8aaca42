import { useSyncExternalStore } from 'react'

const subscribeNothing = () => () => {}

/** False on the server and while hydrating, true afterwards: behaviour that needs JavaScript is added only then. */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNothing, () => true, () => false)
}
