import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rate-limit.server.ts'

describe('rate limiter', () => {
  it('allows the limit per window per key and says when to come back', () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000 })
    for (let i = 0; i < 3; i++) expect(limiter.take('a', 1_000).allowed).toBe(true)
    expect(limiter.take('a', 1_000)).toEqual({ allowed: false, retryAfterSeconds: 60 })
    expect(limiter.take('b', 1_000).allowed).toBe(true)
    expect(limiter.take('a', 61_000).allowed).toBe(true)
  })

  it('forgets the oldest clients when it tracks too many', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 2 })
    limiter.take('a', 0)
    expect(limiter.take('a', 0).allowed).toBe(false)
    limiter.take('b', 0)
    limiter.take('c', 0)
    expect(limiter.take('a', 0).allowed).toBe(true)
  })
})
