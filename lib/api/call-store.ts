// API reads without a query library (decisions 021, 024): answers are kept for the page's life by their input, reused
// while fresh, a failed call is tried again a set number of times, and a polled read asks again a while after each
// answer. No React and no document here, so the rules can be tested; ./use-api-query.ts is the hook over it.

/** What is known of one call: its last answer (and when it came), a request on its way, the last failure. */
export type CallEntry<T, F> = { data: T | undefined; at: number; fetching: boolean; failure: F | null }

/**
 * Calls by the JSON of their input, for React's useSyncExternalStore; one per component that asks (or shared by the
 * calls of one component). Entries are replaced, never changed, so each is a stable snapshot.
 */
export function createCallStore<T, F>() {
  const entries = new Map<string, CallEntry<T, F>>()
  const listeners = new Set<() => void>()
  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    get(key: string): CallEntry<T, F> | undefined {
      return entries.get(key)
    },
    update(key: string, change: Partial<CallEntry<T, F>>): void {
      entries.set(key, { data: undefined, at: 0, fetching: false, failure: null, ...entries.get(key), ...change })
      for (const listener of listeners) listener()
    },
  }
}
export type CallStore<T, F> = ReturnType<typeof createCallStore<T, F>>

/** True while an answer may be shown without asking again (the query library's staleTime). */
export function isFresh(entry: CallEntry<unknown, unknown> | undefined, now: number, staleMs: number): boolean {
  return entry?.data !== undefined && now - entry.at < staleMs
}

/** Waits `ms`, or rejects as soon as the signal aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * The call, and up to `retries` more tries after a failure, `delayMs` apart (the query library waited a second before
 * its one retry). An aborted call is not tried again.
 */
export async function withRetries<T>(call: (signal: AbortSignal) => Promise<T>, options: { retries: number; delayMs: number; signal: AbortSignal }): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await call(options.signal)
    } catch (error) {
      if (options.signal.aborted || failures >= options.retries) throw error
    }
    await pause(options.delayMs, options.signal)
  }
}

/**
 * One request's course in the store: `fetching` while it is on its way, then its answer (and when it came) or its
 * failure; the last answer stays through a failure, the last failure until an answer. An aborted request stores
 * nothing: its input was left, or a change made here since (an optimistic update) must not be undone by an answer
 * that left before it.
 */
export async function fetchInto<T, F>(
  store: CallStore<T, F>,
  key: string,
  call: (signal: AbortSignal) => Promise<T>,
  options: { retries: number; delayMs: number; signal: AbortSignal; failureOf: (error: unknown) => Promise<F> },
): Promise<void> {
  const { signal } = options
  store.update(key, { fetching: true })
  try {
    const data = await withRetries(call, options)
    if (!signal.aborted) store.update(key, { data, at: Date.now(), fetching: false, failure: null })
  } catch (error) {
    if (signal.aborted) return
    const failure = await options.failureOf(error)
    if (!signal.aborted) store.update(key, { fetching: false, failure })
  }
}

/** Whether the page is seen, and a way to hear when it is seen again (the document's visibility, in the browser). */
export type Visibility = { visible(): boolean; onVisible(listener: () => void): () => void }

/**
 * Calls `ask` once, `ms` from now; if the page is hidden then, as soon as it is seen again (a hidden tab asks
 * nothing, as the query library's `refetchInterval` did). Returns what cancels it.
 */
export function schedulePoll(ms: number, ask: () => void, visibility: Visibility): () => void {
  let stopWaiting = () => {}
  const timer = setTimeout(() => {
    if (visibility.visible()) return ask()
    stopWaiting = visibility.onVisible(() => {
      stopWaiting()
      ask()
    })
  }, ms)
  return () => {
    clearTimeout(timer)
    stopWaiting()
  }
}
