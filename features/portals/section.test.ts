import { TRPCError } from '@trpc/server'
import { describe, expect, it, vi } from 'vitest'
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
