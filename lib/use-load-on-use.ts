import { useState } from 'react'

type State<M> = { module: M | null; pending: boolean; failed: boolean }

/**
 * Code a page needs only once someone asks for it (a dialog, an editor), fetched on first use instead of with the page
 * (decision 021). `load()` answers the module, or null when it could not be fetched (offline): `failed` says so until
 * the next try, which fetches it again. Keep `loader` a constant of the calling module (`() => import('./X.tsx')`).
 */
export function useLoadOnUse<M>(loader: () => Promise<M>) {
  const [state, setState] = useState<State<M>>({ module: null, pending: false, failed: false })

  async function load(): Promise<M | null> {
    if (state.module) return state.module
    setState({ module: null, pending: true, failed: false })
    try {
      const module = await loader()
      setState({ module, pending: false, failed: false })
      return module
    } catch {
      setState({ module: null, pending: false, failed: true })
      return null
    }
  }

  return { ...state, load }
}
