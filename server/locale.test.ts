import { describe, expect, it } from 'vitest'
import { resolveLocale } from './locale.server.ts'

describe('resolveLocale', () => {
  it('defaults to Czech', () => {
    expect(resolveLocale({})).toEqual({ locale: 'cs', setCookie: null })
  })

  it('prefers the profile, then the cookie', () => {
    expect(resolveLocale({ profileLocale: 'de', cookie: 'fr' }).locale).toBe('de')
    expect(resolveLocale({ cookie: 'fr' }).locale).toBe('fr')
    expect(resolveLocale({ profileLocale: 'xx', cookie: 'pl' }).locale).toBe('pl')
  })

  it('lets ?lang= set the cookie', () => {
    const result = resolveLocale({ query: 'zh', cookie: 'en' })
    expect(result.locale).toBe('zh')
    expect(result.setCookie).toMatch(/^lang=zh; Path=\/; Max-Age=\d+; SameSite=Lax$/)
  })

  it('ignores unknown languages', () => {
    expect(resolveLocale({ query: 'sk', cookie: 'klingon' })).toEqual({ locale: 'cs', setCookie: null })
  })
})
