import { useEffect, useState } from 'react'
import type * as DraftStore from './draft-store.ts'

// The enhanced editor's drafts in the browser (./draft-store.ts: reading, parsing and writing what localStorage keeps)
// are read and written only once the page has hydrated, so their module loads then rather than with the page
// (decision 021).

/** The drafts' module, or null when it could not be fetched (offline): no draft is then read or kept. */
export async function loadDraftStore(): Promise<typeof DraftStore | null> {
  return (await import('./draft-store.ts').catch(() => undefined)) ?? null
}

/**
 * The drafts' module once the page has hydrated and it has loaded; null before (and on the server), so drafts are read
 * and written only in the browser, as before it was there. `unavailable`: the module could not be fetched (the
 * connection dropped after the page loaded), so no draft is read or kept, which the editor says.
 */
export function useDraftStore(): { drafts: typeof DraftStore | null; unavailable: boolean } {
  const [state, setState] = useState<{ drafts: typeof DraftStore | null; unavailable: boolean }>({ drafts: null, unavailable: false })
  useEffect(() => {
    let live = true
    void loadDraftStore().then((module) => {
      if (live) setState({ drafts: module, unavailable: module === null })
    })
    return () => {
      live = false
    }
  }, [])
  return state
}
