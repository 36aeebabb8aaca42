import { describe, expect, it } from 'vitest'
import { forwardedEntry } from './request-info.server.ts'

describe('forwardedEntry', () => {
  it('believes only what the trusted proxies appended, counted from the right', () => {
    // The client sends any X-Forwarded-For it likes; the one proxy in front appends the address it saw.
    expect(forwardedEntry('6.6.6.6, 203.0.113.9', 1)).toBe('203.0.113.9')
    expect(forwardedEntry('1.1.1.1, 2.2.2.2, 3.3.3.3, 203.0.113.9', 1)).toBe('203.0.113.9')
    // Two proxies: the outer one's entry is second from the right.
    expect(forwardedEntry('6.6.6.6, 203.0.113.9, 10.0.0.2', 2)).toBe('203.0.113.9')
  })

  it('does not believe a header that did not pass every proxy, or no proxy at all', () => {
    expect(forwardedEntry('203.0.113.9', 2)).toBeNull()
    expect(forwardedEntry('203.0.113.9', 0)).toBeNull()
    expect(forwardedEntry(null, 1)).toBeNull()
    expect(forwardedEntry('', 1)).toBeNull()
  })

  it('gives a rotating forged prefix no say', () => {
    const seen = new Set(Array.from({ length: 20 }, (_, i) => forwardedEntry(`10.${i}.0.1, 198.51.100.${i}, 203.0.113.9`, 1)))
    expect([...seen]).toEqual(['203.0.113.9'])
  })
})
