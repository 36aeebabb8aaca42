import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react'
import { isFresh, withRetries, type CallStore } from './call-store.ts'

export type ApiQueryOptions<T> = {
  /** Nothing is asked while false (on the server, while hydrating, a closed dialog). */
  enabled: boolean
  /** How long an answer is shown without asking again (the query library's staleTime). */
  freshMs: number
  /** More tries after a failure, a second apart; an aborted call is never tried again. */
  retries: number
  /** The first paint's answer for this input (from `+data`), counted as fetched when the page first asks. */
  seed?: T | undefined
  /**
   * A value whose change asks again for the same input (a save that may change the answer), the answer staying on
   * screen until the new one comes, as the query library's invalidation did.
   */
  refreshOn?: unknown
}

const RETRY_DELAY_MS = 1000

/**
 * One API call for an input, without a query library (decision 021): the stored answer while it is fresh, else a
 * request; the previous input's request is aborted when the input changes. `call`, `failureOf` and `seed` are read
 * when a request starts, so they need not be stable. `data` is this input's answer; `shown` is the last answer of any input
 * while this one's is on its way (a list that stays on screen, marked busy, instead of emptying).
 */
export function useApiQuery<I, T, F>(
  store: CallStore<T, F>,
  input: I,
  call: (input: I, signal: AbortSignal) => Promise<T>,
  failureOf: (error: unknown) => Promise<F>,
  options: ApiQueryOptions<T>,
) {
  const key = JSON.stringify(input)
  const { enabled, freshMs, retries, seed, refreshOn } = options
  const [attempt, setAttempt] = useState(0)
  const refreshedOn = useRef(refreshOn)
  const calls = useRef({ call, failureOf, seed })
  // Before the effect below runs in the same commit (layout effects come first).
  useLayoutEffect(() => {
    calls.current = { call, failureOf, seed }
  })
  const entry = useSyncExternalStore(
    store.subscribe,
    () => store.get(key),
    () => store.get(key),
  )

  useEffect(() => {
    if (!enabled) return
    const now = Date.now()
    const { call, failureOf, seed } = calls.current
    if (seed !== undefined && !store.get(key)) store.update(key, { data: seed, at: now })
    const refresh = refreshedOn.current !== refreshOn
    refreshedOn.current = refreshOn
    if (!refresh && isFresh(store.get(key), now, freshMs)) return
    store.update(key, { fetching: true, failure: null })
    const controller = new AbortController()
    withRetries((signal) => call(JSON.parse(key) as I, signal), { retries, delayMs: RETRY_DELAY_MS, signal: controller.signal }).then(
      (data) => store.update(key, { data, at: Date.now(), fetching: false }),
      async (error: unknown) => {
        if (controller.signal.aborted) return
        const failure = await failureOf(error)
        if (!controller.signal.aborted) store.update(key, { fetching: false, failure })
      },
    )
    return () => {
      if (store.get(key)?.fetching) store.update(key, { fetching: false })
      controller.abort()
    }
  }, [store, key, enabled, freshMs, retries, attempt, refreshOn])

  const data = entry ? entry.data : seed
  const [settled, setSettled] = useState(data)
  if (data !== undefined && data !== settled) setSettled(data)

  return {
    data,
    shown: data ?? settled,
    // Before the effect has run for a new input, a request is as good as on its way.
    fetching: entry ? entry.fetching : enabled,
    failure: entry?.failure ?? null,
    retry: () => setAttempt((n) => n + 1),
  }
}
