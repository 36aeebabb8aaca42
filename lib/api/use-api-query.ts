import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { ApiClient, ApiFailure } from './browser-client.ts'
import { createCallStore, fetchInto, isFresh, schedulePoll, type CallStore, type Visibility } from './call-store.ts'
import { failureTexts, loadApiClient, loadApiFailure, type FailureTexts } from './load-client.ts'
import { useT } from '../i18n/I18nProvider.tsx'

/** Answers by input, shared by the reads of one component (the explorer's three searches) or written by it (more pages). */
export type ApiCallStore<T> = CallStore<T, ApiFailure>

export type ApiQueryOptions<T> = {
  /** Nothing is asked while false (before hydration where the first paint must stay, a closed dialog); true if left out. */
  enabled?: boolean | undefined
  /** How long an answer is shown without asking again when its input comes back (the query library's staleTime). */
  freshMs: number
  /** More tries after a failure, a second apart; an aborted call is never tried again. */
  retries: number
  /**
   * The first paint's answer for this input (from `+data`), counted as fetched when the page first asks. A new seed
   * (the page's data read again) replaces what is stored for its input.
   */
  seed?: T | undefined
  /**
   * A value whose change asks again for the same input (a save that may change the answer), the answer staying on
   * screen until the new one comes, as the query library's invalidation did.
   */
  refreshOn?: unknown
  /**
   * Asks again this long after each answer or failure, while enabled and the page is seen (a hidden tab asks nothing
   * until it is seen again); null or left out: no polling. Never while a request is on its way. A function gets the
   * answer shown (a harvest polled only while it runs).
   */
  pollMs?: number | null | ((data: T | undefined) => number | null) | undefined
  /** The words of a failure; `failureTexts(t)`, the common ones, if left out. */
  failureTexts?: FailureTexts | undefined
  /** Answers kept elsewhere: shared with the component's other reads, or added to by it. Its own if left out. */
  store?: ApiCallStore<T> | undefined
}

const RETRY_DELAY_MS = 1000

const pageVisibility: Visibility = {
  visible: () => document.visibilityState === 'visible',
  onVisible(listener) {
    const onChange = () => {
      if (document.visibilityState === 'visible') listener()
    }
    document.addEventListener('visibilitychange', onChange)
    return () => document.removeEventListener('visibilitychange', onChange)
  },
}

/** An input's key: its JSON (an input is plain data, never undefined). */
const keyOf = (input: unknown) => JSON.stringify(input)

/**
 * What a screen shows from the API after its first paint, for an input (decisions 021, 024): the stored answer while
 * it is fresh, else a request through the lazily loaded client; the previous input's request is aborted when the
 * input changes. `call` is read when a request starts, so it need not be stable.
 *
 * `data` is this input's answer; `shown` is the last answer of any input while this one's is on its way (a list that
 * stays on screen, marked busy, instead of emptying); `failure` is in the user's language. `refresh()` asks again now
 * (a retry, or after a change made here; even while disabled) and resolves once that answer or failure is in.
 * `refreshFor(input)` asks for an input in the background, whichever is shown by then (a case recorded just before
 * the next one opened), its answer kept for when it is shown. `set(update)` shows a change made here at once (an
 * optimistic update): a request already on its way for the input left before it, so its answer is dropped.
 */
export function useApiQuery<I, T>(input: I, call: (client: ApiClient, input: I, signal: AbortSignal) => Promise<T>, options: ApiQueryOptions<T>) {
  const t = useT()
  const key = keyOf(input)
  const { enabled = true, freshMs, retries, seed, refreshOn } = options
  const [ownStore] = useState(createCallStore<T, ApiFailure>)
  const store = options.store ?? ownStore
  // Each asked-for request (a refresh, a poll) gets the next ticket; the effect below runs again for the newest.
  const [attempt, setAttempt] = useState(0)
  const tickets = useRef(0)
  const waiters = useRef<Array<{ ticket: number; resolve: () => void }>>([])
  const handled = useRef({ attempt, refreshOn })
  const inFlight = useRef<AbortController | null>(null)
  const seeded = useRef(new Map<string, T>())
  const current = { call, store, key, retries, texts: options.failureTexts ?? null, t }
  const latest = useRef(current)
  // Before the effects below run in the same commit (layout effects come first).
  useLayoutEffect(() => {
    latest.current = current
  })

  const ask = useCallback((askedKey: string, signal: AbortSignal): Promise<void> => {
    const { call, store, retries, texts, t } = latest.current
    return fetchInto(store, askedKey, (signal) => loadApiClient().then((client) => call(client, JSON.parse(askedKey) as I, signal)), {
      retries,
      delayMs: RETRY_DELAY_MS,
      signal,
      failureOf: (error) => loadApiFailure(error, texts ?? failureTexts(t)),
    })
  }, [])

  const settle = useCallback((ticket: number) => {
    const done = waiters.current.filter((waiter) => waiter.ticket <= ticket)
    waiters.current = waiters.current.filter((waiter) => waiter.ticket > ticket)
    for (const waiter of done) waiter.resolve()
  }, [])

  const entry = useSyncExternalStore(
    store.subscribe,
    () => store.get(key),
    () => store.get(key),
  )

  // Before the paint: the page's data read again is on screen at once, not a frame later.
  useLayoutEffect(() => {
    if (seed === undefined || seeded.current.get(key) === seed) return
    seeded.current.set(key, seed)
    store.update(key, { data: seed, at: Date.now() })
  }, [store, key, seed])

  useEffect(() => {
    // Asked for (a refresh, a poll) even while disabled; invalidated (`refreshOn`) only while enabled.
    const asked = handled.current.attempt !== attempt
    const invalidated = handled.current.refreshOn !== refreshOn
    handled.current = { attempt, refreshOn }
    if (!asked && (!enabled || (!invalidated && isFresh(store.get(key), Date.now(), freshMs)))) {
      settle(attempt)
      return
    }
    const controller = new AbortController()
    inFlight.current = controller
    void ask(key, controller.signal).finally(() => settle(attempt))
    return () => {
      if (inFlight.current === controller) inFlight.current = null
      controller.abort()
      if (store.get(key)?.fetching) store.update(key, { fetching: false })
    }
  }, [store, key, enabled, freshMs, attempt, refreshOn, ask, settle])

  // Re-armed by every change of the entry: the next poll is counted from the last answer or failure.
  const data = entry ? entry.data : seed
  const pollMs = typeof options.pollMs === 'function' ? options.pollMs(data) : (options.pollMs ?? null)
  useEffect(() => {
    if (!enabled || pollMs === null || entry?.fetching) return
    return schedulePoll(pollMs, () => setAttempt(++tickets.current), pageVisibility)
  }, [enabled, pollMs, entry])

  // Nobody waits for an answer this component will no longer take.
  useEffect(
    () => () => {
      settle(Number.POSITIVE_INFINITY)
    },
    [settle],
  )

  const refresh = useCallback((): Promise<void> => {
    const ticket = ++tickets.current
    setAttempt(ticket)
    return new Promise((resolve) => waiters.current.push({ ticket, resolve }))
  }, [])

  const refreshFor = useCallback((other: I): Promise<void> => ask(keyOf(other), new AbortController().signal), [ask])

  const set = useCallback((update: (current: T | undefined) => T) => {
    const { store, key } = latest.current
    inFlight.current?.abort()
    store.update(key, { data: update(store.get(key)?.data), at: Date.now(), fetching: false })
  }, [])

  const [settled, setSettled] = useState(data)
  if (data !== undefined && data !== settled) setSettled(data)

  return {
    data,
    shown: data ?? settled,
    // Before the effect has run for a new input, a request is as good as on its way (unless the page's data answers).
    fetching: entry ? entry.fetching : enabled && seed === undefined,
    /** The last request's failure, none while the input is asked again. */
    failure: entry && !entry.fetching ? entry.failure : null,
    /** The last failure until an answer comes, asking again included (a message that must not blink at each poll). */
    lastFailure: entry?.failure ?? null,
    refresh,
    refreshFor,
    set,
  }
}
