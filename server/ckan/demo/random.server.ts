// Deterministic randomness for generated catalogues (generator.server.ts: the demo catalogue, the test fixture's
// portals): dataset i of a portal is a pure function of (seed, i), so nothing has to be stored to regenerate it.

export function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d)
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b)
  return (x ^ (x >>> 16)) >>> 0
}

/** The inverse of mix32 (its steps undone in reverse order): an index can be read back from what mix32 made of it. */
export function unmix32(x: number): number {
  x = (x ^ (x >>> 16)) >>> 0
  x = Math.imul(x, 0x43021123)
  x = (x ^ (x >>> 15) ^ (x >>> 30)) >>> 0
  x = Math.imul(x, 0x1d69e2a5)
  return (x ^ (x >>> 16)) >>> 0
}

export function hash32(a: number, b: number, c = 0): number {
  return mix32(mix32(mix32(a ^ 0x9e3779b9) ^ b) + Math.imul(c, 0x85ebca6b))
}

export function strHash(s: string): number {
  let h = 0x811c9dc5
  for (let k = 0; k < s.length; k++) h = Math.imul(h ^ s.charCodeAt(k), 0x01000193)
  return h >>> 0
}

export const HEX2: string[] = Array.from({ length: 256 }, (_, k) => k.toString(16).padStart(2, '0'))
export const PAD2: string[] = Array.from({ length: 100 }, (_, k) => String(k).padStart(2, '0'))

/** mulberry32: tiny and fast; statistical quality is ample for demo data. */
export class Rng {
  s: number
  constructor(seed: number) {
    this.s = seed >>> 0
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0)
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }
  float(): number {
    return this.next() / 4294967296
  }
  int(n: number): number {
    return Math.floor(this.float() * n)
  }
  chance(p: number): boolean {
    return this.float() < p
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T
  }
  /** n lowercase hex digits (n even) */
  hex(n: number): string {
    let out = ''
    let x = 0
    for (let k = 0; k < n; k += 2) {
      if ((k & 7) === 0) x = this.next()
      out += HEX2[x & 255]
      x >>>= 8
    }
    return out
  }
}

export function weightedCum(weights: readonly number[]): Float64Array {
  const cum = new Float64Array(weights.length)
  let acc = 0
  weights.forEach((w, k) => {
    acc += w
    cum[k] = acc
  })
  return cum
}

export function pickCum(cum: Float64Array, u: number): number {
  const target = u * (cum[cum.length - 1] ?? 0)
  let lo = 0
  let hi = cum.length - 1
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((cum[mid] ?? 0) > target) hi = mid
    else lo = mid + 1
  }
  return lo
}

/** CKAN prints timestamps in UTC with microseconds and without a zone designator. */
export function isoFromUs(us: number): string {
  us = Math.floor(us)
  const totalSec = Math.floor(us / 1_000_000)
  const micro = us - totalSec * 1_000_000
  const days = Math.floor(totalSec / 86_400)
  const sod = totalSec - days * 86_400
  // civil-from-days (H. Hinnant): no Date allocation per timestamp
  const z = days + 719_468
  const era = Math.floor(z / 146_097)
  const doe = z - era * 146_097
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365)
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1
  const m = mp < 10 ? mp + 3 : mp - 9
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0)
  const hh = Math.floor(sod / 3600)
  const mm = Math.floor((sod - hh * 3600) / 60)
  const ss = sod - hh * 3600 - mm * 60
  return `${y}-${PAD2[m]}-${PAD2[d]}T${PAD2[hh]}:${PAD2[mm]}:${PAD2[ss]}.${String(micro + 1_000_000).slice(1)}`
}
