import { afterEach, describe, expect, it, vi } from 'vitest'
import { warmIntl } from './warm-intl.ts'

describe('warmIntl', () => {
  afterEach(() => vi.restoreAllMocks())

  it('makes nothing in the caller’s task, then each formatter in a task of its own', async () => {
    const made: string[] = []
    vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (this: unknown, tag?: string | string[]) {
      made.push(`number ${String(tag)}`)
      return { format: () => '' } as unknown as Intl.NumberFormat
    } as unknown as typeof Intl.NumberFormat)
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (this: unknown, tag?: string | string[]) {
      made.push(`date ${String(tag)}`)
      return { format: () => '' } as unknown as Intl.DateTimeFormat
    } as unknown as typeof Intl.DateTimeFormat)
    vi.spyOn(Intl, 'PluralRules').mockImplementation(function (this: unknown, tag?: string | string[]) {
      made.push(`plural ${String(tag)}`)
      return { select: () => 'other' } as unknown as Intl.PluralRules
    } as unknown as typeof Intl.PluralRules)

    const done = warmIntl('cs-CZ')
    expect(made).toEqual([])
    // Microtasks alone do not reach the next part: each waits for a task.
    await Promise.resolve()
    await Promise.resolve()
    expect(made).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(made).toEqual(['number cs-CZ'])
    await done
    expect(made).toEqual(['number cs-CZ', 'date cs-CZ', 'plural cs-CZ'])
  })
})
