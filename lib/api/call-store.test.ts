import { describe, expect, it } from 'vitest'
import { createCallStore, isFresh, withRetries } from './call-store.ts'

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
