import { afterEach, describe, expect, it, vi } from 'vitest'
import { mapSection, settle } from './section.ts'

describe('settle', () => {
  afterEach(() => vi.restoreAllMocks())

  it('hands over the value of a query that succeeds', async () => {
    expect(await settle(Promise.resolve(42), 'the answer')).toEqual({ ok: true, value: 42 })
    expect(await settle(async () => 'late', 'a function')).toEqual({ ok: true, value: 'late' })
  })

  it('turns a failing query into a failed section and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await settle(Promise.reject(new Error('database is locked')), 'the summary')).toEqual({ ok: false })
    expect(await settle(() => Promise.reject(new Error('boom')), 'the list')).toEqual({ ok: false })
    expect(log).toHaveBeenCalledTimes(2)
    expect(String(log.mock.calls[0]?.[0])).toContain('the summary')
  })

  it('catches a function that throws before it returns a promise', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const throws = () => {
      throw new Error('synchronous')
    }
    expect(await settle(throws, 'a sync failure')).toEqual({ ok: false })
  })
})

describe('mapSection', () => {
  it('maps a loaded section and passes a failed one through', () => {
    expect(mapSection({ ok: true, value: 2 }, (n) => n * 2)).toEqual({ ok: true, value: 4 })
    expect(mapSection<number, number>({ ok: false }, (n) => n * 2)).toEqual({ ok: false })
  })
})
