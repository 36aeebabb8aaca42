// The link checker's politeness clock (docs/link-check.md): one server, by the address its names resolve to, sees one
// request at a time, each starting at least the server's delay after the one before it started.

/** One server's turn: the request before this one (`tail`), when the last one started, and the gap it gets. */
export type ServerClock = { tail: Promise<void>; lastStart: number | null; delayMs: number }

/** What waiting for a turn needs of the run: its clock, its pauses and whether it was cancelled. */
export type TurnTime = { clock: () => number; pause: (ms: number) => Promise<void>; throwIfStopped: () => void }

export const MAX_CRAWL_DELAY_MS = 30_000

/**
 * Each server's clock, by the address its names resolve to, shared by every check in this process: ten portal checks
 * at once, or twelve names of one server, still send it one request at a time, a second apart (politeness is per
 * server, not per call or per name). Bounded: the oldest addresses are forgotten.
 */
const SHARED_CLOCKS = new Map<string, ServerClock>()
const MAX_SHARED_CLOCKS = 10_000

/** The clocks a check keeps: the process's, or its own for a check with its own clock or sleep (tests). */
export function serverClocks(ownTime: boolean): Map<string, ServerClock> {
  return ownTime ? new Map<string, ServerClock>() : SHARED_CLOCKS
}

/** The clock of the server at `address`, started when it is new. */
export function clockOf(clocks: Map<string, ServerClock>, address: string, baseDelayMs: number): ServerClock {
  let clock = clocks.get(address)
  if (!clock) {
    if (clocks.size >= MAX_SHARED_CLOCKS) clocks.delete(clocks.keys().next().value as string)
    clocks.set(address, (clock = { tail: Promise.resolve(), lastStart: null, delayMs: baseDelayMs }))
  }
  // The politest of the callers sets the pace.
  clock.delayMs = Math.max(clock.delayMs, baseDelayMs)
  return clock
}

/** A robots.txt Crawl-delay (seconds) raises its server's gap, capped at MAX_CRAWL_DELAY_MS. */
export function slowDown(clock: ServerClock, crawlDelaySeconds: number): void {
  clock.delayMs = Math.max(clock.delayMs, Math.min(MAX_CRAWL_DELAY_MS, crawlDelaySeconds * 1000))
}

/**
 * Runs `call` in the server's turn: after every request to it that came before, and its delay after the last one
 * started. `call` gets the time it started at.
 */
export async function inTurn<T>(clock: ServerClock, time: TurnTime, call: (started: number) => Promise<T>): Promise<T> {
  const previous = clock.tail
  let release = () => {}
  clock.tail = new Promise<void>((resolve) => (release = resolve))
  await previous
  try {
    if (clock.lastStart !== null) {
      const wait = clock.lastStart + clock.delayMs - time.clock()
      if (wait > 0) await time.pause(wait)
    }
    time.throwIfStopped()
    const started = time.clock()
    clock.lastStart = started
    return await call(started)
  } finally {
    release()
  }
}

/** A politeness pause that ends at once when the run is cancelled. */
export function pauseUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}
