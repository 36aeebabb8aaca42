import { useRef, useState } from 'react'
import type { ApiClient, ApiFailure } from './browser-client.ts'
import { failureTexts, loadApiClient, loadApiFailure, type FailureTexts } from './load-client.ts'
import { useT } from '../i18n/I18nProvider.tsx'
import { refreshPageData } from '../routing/refresh-page.ts'

type State<I, R> = { pending: boolean; input: I | null; done: boolean; result: R | null; failure: ApiFailure | null }

const IDLE = { pending: false, input: null, done: false, result: null, failure: null }

/** How a call ended, for code that goes on after it (a form that empties, a dialog that closes or shows the message). */
export type ApiActionOutcome<R> = { ok: true; result: R } | { ok: false; failure: ApiFailure; error: unknown }

/**
 * What follows a success while the action still shows as pending: `true` (the default) reads the page's `+data` again
 * in place, so the lists on screen are the server's; `false` when the caller keeps its own state or the page is gone
 * (the project deleted: the caller goes elsewhere); a function to go elsewhere with the answer (a new project's page)
 * or to refresh another way (the test-case list: the newest URL asked for). A failure of what follows is not reported:
 * the change is made.
 */
export type AfterSuccess<R> = boolean | ((result: R) => unknown)

/**
 * A change a person makes through the API (decision 024): saving, deleting, signing in, recording a result, and the
 * reads a click asks for (an export, a download). The tRPC client is loaded on the first call
 * (./load-client.ts). `input` says which call is pending (which row's button spins); `done` and `result` tell of the
 * last call's success and answer, kept across the refresh because the component stays mounted (a new token is shown
 * once, from here, never from the page's data); `failure` is already in the user's language (`failureTexts` for words
 * of the screen's own). `run` answers the outcome too, once what follows a success is done; `busy()` is true from the
 * moment a call starts, before its render (a second key press must not send it twice).
 */
export function useApiAction<I, R>(call: (client: ApiClient, input: I) => Promise<R>, options: { failureTexts?: FailureTexts } = {}) {
  const t = useT()
  const [state, setState] = useState<State<I, R>>(IDLE)
  const running = useRef(0)

  async function run(input: I, { refresh = true }: { refresh?: AfterSuccess<R> } = {}): Promise<ApiActionOutcome<R>> {
    running.current += 1
    try {
      setState({ pending: true, input, done: false, result: null, failure: null })
      let result: R
      try {
        result = await call(await loadApiClient(), input)
      } catch (error) {
        const failure = await loadApiFailure(error, options.failureTexts ?? failureTexts(t))
        setState({ pending: false, input, done: false, result: null, failure })
        return { ok: false, failure, error }
      }
      // The answer is shown at once (a new token must never be lost to a failed refresh); the button stays pending
      // until what follows is done.
      setState({ pending: refresh !== false, input, done: true, result, failure: null })
      if (refresh === false) return { ok: true, result }
      try {
        await (refresh === true ? refreshPageData() : refresh(result))
      } catch {
        // The old lists stay until the next load.
      }
      setState({ pending: false, input, done: true, result, failure: null })
      return { ok: true, result }
    } finally {
      running.current -= 1
    }
  }

  return { ...state, run, busy: () => running.current > 0 }
}
