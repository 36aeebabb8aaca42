import { useState } from 'react'
import { fetchServerBuild } from './server-build.ts'

type State<M> = { module: M | null; pending: boolean; failed: boolean }

/**
 * Code a page needs only once someone asks for it (a dialog, an editor), fetched on first use instead of with the page
 * (decision 021). `load()` answers the module, or null when it could not be fetched (offline; the reload guard reloads
 * the page once first, in case a new build replaced the code): `failed` says so until the next try. Keep `loader` a
 * constant of the calling module (`() => import('./X.tsx')`).
 *
 * The browser keeps a module that failed to arrive as failed for the life of the page (Chromium asks for it no more),
 * so a try after a failure that fails again reloads the page once the server answers: the person asked for the code,
 * and only a fresh page can fetch it. While the server cannot be reached, the page stays and says so.
 */
export function useLoadOnUse<M>(loader: () => Promise<M>) {
  const [state, setState] = useState<State<M>>({ module: null, pending: false, failed: false })

  async function load(): Promise<M | null> {
    if (state.module) return state.module
    const again = state.failed
    setState({ module: null, pending: true, failed: false })
    // A failed fetch either rejects or, once the reload guard (features/navigation/reload-guard.ts) has taken the
    // preload error, answers nothing.
    const module = await loader().catch(() => undefined)
    if (!module && again && (await fetchServerBuild()) !== null) {
      window.location.reload()
      return null
    }
    setState({ module: module ?? null, pending: false, failed: !module })
    return module ?? null
  }

  return { ...state, load }
}
