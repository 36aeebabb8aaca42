import { TRPCError } from '@trpc/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mapSection, settle } from './section.ts'

describe('page sections', () => {
  it('keeps a value that loaded', async () => {
    expect(await settle(Promise.resolve(3))).toEqual({ ok: true, value: 3 })
    expect(mapSection({ ok: true, value: 3 }, (n) => n * 2)).toEqual({ ok: true, value: 6 })
  })

  it('keeps the message of a refusal, which is already in the user’s language', async () => {
    const refused = await settle(Promise.reject(new TRPCError({ code: 'NOT_FOUND', message: 'Žádný takový katalog.' })))
    expect(refused).toEqual({ ok: false, error: 'Žádný takový katalog.' })
    expect(mapSection(refused, () => 1)).toBe(refused)
  })

  it('never shows the internals of an unexpected failure', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await settle(Promise.reject(new Error('SQLITE_BUSY: database is locked')))).toEqual({ ok: false, error: null })
    expect(await settle(Promise.reject(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'no such table: rollup_run' })))).toEqual({ ok: false, error: null })
    expect(log).toHaveBeenCalledTimes(2)
    log.mockRestore()
  })
})

// Named parts (the analysis pages): the log says which part failed.
describe('settle, for a named part', () => {
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
