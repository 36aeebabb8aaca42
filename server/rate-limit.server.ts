// A fixed-window counter per key, held in memory: per process on Node, per isolate on Workers (where it is a
// best-effort brake, not a guarantee). Used where one request fans out to other people's servers.
export type RateLimiter = { take: (key: string, now?: number) => { allowed: boolean; retryAfterSeconds: number } }

export function createRateLimiter(options: { limit: number; windowMs: number; maxKeys?: number }): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>()
  const maxKeys = options.maxKeys ?? 10_000
  return {
    take(key, now = Date.now()) {
      let window = windows.get(key)
      if (!window || now - window.start >= options.windowMs) {
        // Bounded memory: when too many clients are tracked, the oldest windows are forgotten first.
        if (!window && windows.size >= maxKeys) windows.delete(windows.keys().next().value as string)
        window = { start: now, count: 0 }
        windows.delete(key)
        windows.set(key, window)
      }
      window.count++
      const allowed = window.count <= options.limit
      return { allowed, retryAfterSeconds: allowed ? 0 : Math.ceil((window.start + options.windowMs - now) / 1000) }
    },
  }
}
