import { useEffect, useRef, useState } from 'react'
import type { ApiClient, ApiFailure } from '../../lib/api/browser-client.ts'
import { loadApiClient, loadApiFailure } from '../../lib/api/load-client.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'

// The execution view's calls without TanStack Query (decision 021): the tRPC client loads after hydration (the view
// polls at once) or on the first click, and the view keeps its own state, seeded from the page's `+data`.

/** How often the view asks for others' results, while the tab is visible. */
export const POLL_MS = 4000

export type CallAnswer<R> = { ok: true; value: R } | { ok: false; failure: ApiFailure; error: unknown }

/**
 * A change the view makes (record, complete, queue checks): whether it is pending, and its answer or its failure in
 * the user's language. The view updates its own figures after it (the component stays mounted: what the tester typed
 * and the message shown stay).
 */
export function useRunCall<I, R>(call: (client: ApiClient, input: I) => Promise<R>) {
  const t = useT()
  const [pending, setPending] = useState(false)
  // Set at once (state is not): a second key press before the next render must not send the call twice.
  const busy = useRef(false)

  async function run(input: I): Promise<CallAnswer<R> | null> {
    if (busy.current) return null
    busy.current = true
    setPending(true)
    try {
      return { ok: true, value: await call(await loadApiClient(), input) }
    } catch (error) {
      return { ok: false, failure: await loadApiFailure(error, { network: t('execution.networkError'), unexpected: t('execution.unexpectedError') }), error }
    } finally {
      busy.current = false
      setPending(false)
    }
  }

  return { pending, run, busy: () => busy.current }
}

/**
 * Calls `tick` every `POLL_MS` while the tab is visible and the component is mounted (as TanStack Query's
 * `refetchInterval` did, paused in a hidden tab); `tick` is read fresh on every call.
 */
export function usePoll(tick: () => void) {
  const latest = useRef(tick)
  useEffect(() => {
    latest.current = tick
  })
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') latest.current()
    }, POLL_MS)
    return () => window.clearInterval(timer)
  }, [])
}

/**
 * The newest answer wins: each call gets a number, and an answer older than one already applied, or than the last
 * local change (`invalidate`), is dropped, so a poll that left before a record cannot undo its figures.
 */
export function useLatestOnly() {
  const next = useRef(0)
  const floor = useRef(0)
  return {
    start: () => ++next.current,
    /** Whether the answer of call `ticket` may be applied (then it becomes the floor). */
    accept: (ticket: number) => {
      if (ticket < floor.current) return false
      floor.current = ticket
      return true
    },
    invalidate: () => {
      floor.current = ++next.current
    },
  }
}
