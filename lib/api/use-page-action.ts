import { useState } from 'react'
import type { ApiClient, ApiFailure } from './browser-client.ts'
import { loadApiClient, loadApiFailure, failureTexts } from './load-client.ts'
import { useT } from '../i18n/I18nProvider.tsx'
import { refreshPageData } from '../routing/refresh-page.ts'

type State<I, R> = { pending: boolean; input: I | null; done: boolean; result: R | null; failure: ApiFailure | null }

/** How a call ended, for code that goes on after it (a form that empties, a dialog that closes or shows the message). */
export type PageActionOutcome<R> = { ok: true; result: R } | { ok: false; failure: ApiFailure }

/**
 * A change a page makes to what its `+data` lists (revoking a session, creating a token), without TanStack Query:
 * the tRPC client is loaded on the first call (lib/api/load-client.ts), and after success the page's data is fetched
 * again in place, so the lists on screen are the server's (decision 021). `input` says which call is pending (which
 * row's button spins); `done` and `result` tell of the last call's success and answer, kept across the refresh because the
 * component stays mounted (a new token is shown once, from here, never from the page's data); `failure` is already in
 * the user's language. `run` answers the outcome too, once the lists are the server's; `{ refresh: false }` for a
 * change after which the page is gone (the project deleted, the user no longer a member): the caller goes elsewhere.
 * A page that navigates within itself passes its own `refresh` (the test-case list: the newest URL asked for, which
 * is not the address bar's while a navigation is under way).
 */
export function usePageAction<I, R>(call: (client: ApiClient, input: I) => Promise<R>) {
  const t = useT()
  const [state, setState] = useState<State<I, R>>({ pending: false, input: null, done: false, result: null, failure: null })

  async function run(input: I, { refresh = true }: { refresh?: boolean | (() => Promise<void>) } = {}): Promise<PageActionOutcome<R>> {
    setState({ pending: true, input, done: false, result: null, failure: null })
    let result: R
    try {
      result = await call(await loadApiClient(), input)
    } catch (error) {
      const failure = await loadApiFailure(error, failureTexts(t))
      setState({ pending: false, input, done: false, result: null, failure })
      return { ok: false, failure }
    }
    // The answer is shown at once (a new token must never be lost to a failed refresh); the button stays pending
    // until the lists are the server's.
    setState({ pending: refresh !== false, input, done: true, result, failure: null })
    if (!refresh) return { ok: true, result }
    // The change is made; a refresh that fails leaves the old lists until the next load, with nothing to report.
    await (refresh === true ? refreshPageData() : refresh()).catch(() => undefined)
    setState({ pending: false, input, done: true, result, failure: null })
    return { ok: true, result }
  }

  return { ...state, run }
}
