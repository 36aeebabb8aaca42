import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createCallStore, fetchInto, isFresh, schedulePoll, withRetries, type Visibility } from './call-store.ts'

describe('createCallStore', () => {
  it('keeps one entry per key, tells its subscribers of each change and replaces entries rather than changing them', () => {
    const store = createCallStore<string, { limited: boolean }>()
    let told = 0
    const unsubscribe = store.subscribe(() => told++)
    expect(store.get('a')).toBeUndefined()
    store.update('a', { fetching: true })
    const fetching = store.get('a')
    expect(fetching).toEqual({ data: undefined, at: 0, fetching: true, failure: null })
    store.update('a', { data: 'answer', at: 5, fetching: false })
    expect(store.get('a')).toEqual({ data: 'answer', at: 5, fetching: false, failure: null })
    expect(fetching).toEqual({ data: undefined, at: 0, fetching: true, failure: null })
    // A later failure keeps the last answer on screen.
    store.update('a', { failure: { limited: true } })
    expect(store.get('a')).toMatchObject({ data: 'answer', failure: { limited: true } })
    expect(store.get('b')).toBeUndefined()
    expect(told).toBe(3)
    unsubscribe()
    store.update('b', { fetching: true })
    expect(told).toBe(3)
  })
})

describe('isFresh', () => {
  it('holds an answer fresh until the stale time has passed since it came', () => {
    const answered = { data: 'x', at: 1_000, fetching: false, failure: null }
    expect(isFresh(answered, 1_000, 30_000)).toBe(true)
    expect(isFresh(answered, 30_999, 30_000)).toBe(true)
    expect(isFresh(answered, 31_000, 30_000)).toBe(false)
  })

  it('never holds a call without an answer fresh', () => {
    expect(isFresh(undefined, 0, 30_000)).toBe(false)
    expect(isFresh({ data: undefined, at: 0, fetching: false, failure: { limited: true } }, 0, 30_000)).toBe(false)
  })
})

describe('withRetries', () => {
  const failingTimes = (failures: number) => {
    let calls = 0
    const call = () => {
      calls++
      return calls <= failures ? Promise.reject(new Error(`failure ${calls}`)) : Promise.resolve(`answer ${calls}`)
    }
    return { call, calls: () => calls }
  }

  it('tries a failed call again as many times as allowed', async () => {
    const once = failingTimes(1)
    await expect(withRetries(once.call, { retries: 1, delayMs: 0, signal: new AbortController().signal })).resolves.toBe('answer 2')
    expect(once.calls()).toBe(2)
    const twice = failingTimes(2)
    await expect(withRetries(twice.call, { retries: 1, delayMs: 0, signal: new AbortController().signal })).rejects.toThrow('failure 2')
    expect(twice.calls()).toBe(2)
  })

  it('does not try again when no retry is allowed', async () => {
    const once = failingTimes(1)
    await expect(withRetries(once.call, { retries: 0, delayMs: 0, signal: new AbortController().signal })).rejects.toThrow('failure 1')
    expect(once.calls()).toBe(1)
  })

  it('does not try an aborted call again, nor after an abort during the wait', async () => {
    const aborted = new AbortController()
    const first = failingTimes(5)
    const failing = () => {
      aborted.abort()
      return first.call()
    }
    await expect(withRetries(failing, { retries: 3, delayMs: 0, signal: aborted.signal })).rejects.toThrow('failure 1')
    expect(first.calls()).toBe(1)

    const waiting = new AbortController()
    const second = failingTimes(5)
    const pending = withRetries(second.call, { retries: 3, delayMs: 60_000, signal: waiting.signal })
    await Promise.resolve()
    waiting.abort(new Error('left'))
    await expect(pending).rejects.toThrow('left')
    expect(second.calls()).toBe(1)
  })
})

describe('fetchInto', () => {
  const failureOf = async (error: unknown) => ({ message: (error as Error).message })
  const options = (signal = new AbortController().signal) => ({ retries: 0, delayMs: 0, signal, failureOf })

  it('marks the call as on its way, then stores its answer and when it came', async () => {
    const store = createCallStore<string, { message: string }>()
    const pending = fetchInto(store, 'k', async () => 'answer', options())
    expect(store.get('k')).toMatchObject({ fetching: true, data: undefined })
    await pending
    expect(store.get('k')).toMatchObject({ fetching: false, data: 'answer', failure: null })
    expect(store.get('k')!.at).toBeGreaterThan(0)
  })

  it('keeps the last answer through a failure, and the failure while asking again until an answer comes', async () => {
    const store = createCallStore<string, { message: string }>()
    await fetchInto(store, 'k', async () => 'first', options())
    await fetchInto(store, 'k', async () => Promise.reject(new Error('down')), options())
    expect(store.get('k')).toMatchObject({ data: 'first', fetching: false, failure: { message: 'down' } })
    let answer!: (value: string) => void
    const again = fetchInto(store, 'k', () => new Promise<string>((resolve) => (answer = resolve)), options())
    expect(store.get('k')).toMatchObject({ fetching: true, failure: { message: 'down' } })
    answer('second')
    await again
    expect(store.get('k')).toMatchObject({ data: 'second', fetching: false, failure: null })
  })

  it('stores nothing for a request aborted before its answer came (a change made meanwhile stays)', async () => {
    const store = createCallStore<string, { message: string }>()
    const controller = new AbortController()
    let answer!: (value: string) => void
    const pending = fetchInto(store, 'k', () => new Promise<string>((resolve) => (answer = resolve)), options(controller.signal))
    // An optimistic update: the request in flight left before it.
    controller.abort()
    store.update('k', { data: 'changed here', at: 1, fetching: false })
    answer('stale answer')
    await pending
    expect(store.get('k')).toMatchObject({ data: 'changed here', fetching: false, failure: null })

    const failing = new AbortController()
    const refused = fetchInto(store, 'k', () => Promise.reject(new Error('aborted')), options(failing.signal))
    failing.abort()
    await refused
    expect(store.get('k')?.failure).toBeNull()
  })
})

describe('schedulePoll', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** A page whose visibility the test sets. */
  function fakePage(visible: boolean) {
    const listeners = new Set<() => void>()
    const page: Visibility & { show(): void; listening(): number } = {
      visible: () => visible,
      onVisible(listener) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      show() {
        visible = true
        for (const listener of [...listeners]) listener()
      },
      listening: () => listeners.size,
    }
    return page
  }

  it('asks once, the interval after it was scheduled, while the page is seen', () => {
    let asked = 0
    schedulePoll(4000, () => asked++, fakePage(true))
    vi.advanceTimersByTime(3999)
    expect(asked).toBe(0)
    vi.advanceTimersByTime(1)
    expect(asked).toBe(1)
    vi.advanceTimersByTime(60_000)
    expect(asked).toBe(1)
  })

  it('asks nothing while the page is hidden, then once as soon as it is seen again', () => {
    let asked = 0
    const page = fakePage(false)
    schedulePoll(4000, () => asked++, page)
    vi.advanceTimersByTime(60_000)
    expect(asked).toBe(0)
    expect(page.listening()).toBe(1)
    page.show()
    expect(asked).toBe(1)
    expect(page.listening()).toBe(0)
    page.show()
    expect(asked).toBe(1)
  })

  it('asks nothing once cancelled, before the interval or while waiting for the page to be seen', () => {
    let asked = 0
    schedulePoll(4000, () => asked++, fakePage(true))()
    vi.advanceTimersByTime(10_000)
    const page = fakePage(false)
    const cancel = schedulePoll(4000, () => asked++, page)
    vi.advanceTimersByTime(5000)
    cancel()
    page.show()
    expect(asked).toBe(0)
    expect(page.listening()).toBe(0)
  })
})
