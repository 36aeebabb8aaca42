import { scaleLinear } from '@visx/scale'
import { describe, expect, it } from 'vitest'
import { fitLabel, linearScale, stackSegments, ticksTo, timeDomain, valueScale } from './scales.ts'

describe('linearScale', () => {
  // The charts drew with d3's scale before; the same numbers keep every drawn picture (and hydration) unchanged.
  it('gives exactly what the d3 scale gave, clamped or not, for dates and scores alike', () => {
    const cases: Array<{ domain: [number, number]; range: [number, number]; clamp: boolean }> = [
      { domain: [0, 405], range: [0, 317], clamp: true },
      { domain: [0, 1], range: [0, 211.5], clamp: true },
      { domain: [1_700_000_000_000, 1_790_000_000_000], range: [0, 402], clamp: false },
      { domain: [5, 5], range: [0, 100], clamp: false },
      { domain: [10, 0], range: [0, 50], clamp: true },
    ]
    for (const { domain, range, clamp } of cases) {
      const ours = linearScale(domain, range, { clamp })
      const theirs = scaleLinear<number>({ domain, range, clamp })
      for (const value of [domain[0], domain[1], -3, 0, 0.1, 1 / 3, 7, 202.5, 404.9, 1_000, 1_745_123_456_789]) {
        expect(ours(value)).toBe(theirs(value))
      }
    }
  })
})

describe('valueScale', () => {
  it('maps 0 to the start and the maximum to the full length', () => {
    const scale = valueScale(405, 500)
    expect(scale(0)).toBe(0)
    expect(scale(405)).toBe(500)
    expect(scale(202.5)).toBe(250)
  })

  it('clamps values outside the domain', () => {
    const scale = valueScale(100, 200)
    expect(scale(150)).toBe(200)
    expect(scale(-5)).toBe(0)
  })

  it('draws nothing for an empty domain rather than dividing by zero', () => {
    const scale = valueScale(0, 200)
    expect(scale(0)).toBe(0)
    expect(Number.isFinite(scale(3))).toBe(true)
  })
})

describe('stackSegments', () => {
  it('splits the bar by share, each segment starting where the last ended', () => {
    const segments = stackSegments(
      [
        { key: 'a', value: 1 },
        { key: 'b', value: 3 },
      ],
      400,
    )
    expect(segments).toEqual([
      { key: 'a', value: 1, share: 0.25, x: 0, width: 100 },
      { key: 'b', value: 3, share: 0.75, x: 100, width: 300 },
    ])
  })

  it('fills exactly the whole length', () => {
    const segments = stackSegments([1, 2, 3, 4, 5, 6].map((value) => ({ key: String(value), value })), 640)
    const last = segments.at(-1)!
    expect(last.x + last.width).toBeCloseTo(640, 9)
    expect(segments.reduce((sum, segment) => sum + segment.share, 0)).toBeCloseTo(1, 9)
  })

  it('leaves every segment empty when there is nothing to share', () => {
    expect(stackSegments([{ key: 'a', value: 0 }], 100)).toEqual([{ key: 'a', value: 0, share: 0, x: 0, width: 0 }])
  })

  it('counts negative and non-finite values as zero', () => {
    const segments = stackSegments(
      [
        { key: 'a', value: -4 },
        { key: 'b', value: Number.NaN },
        { key: 'c', value: 2 },
      ],
      10,
    )
    expect(segments.map((segment) => segment.width)).toEqual([0, 0, 10])
  })
})

describe('timeDomain', () => {
  const DAY = 86_400_000

  it('spans dates that lie days apart', () => {
    expect(timeDomain([new Date(2 * DAY), new Date(0), new Date(5 * DAY)])).toEqual([0, 5 * DAY])
  })

  it('centres a single date in a two-day window', () => {
    expect(timeDomain([new Date(DAY * 10)])).toEqual([DAY * 9, DAY * 11])
  })

  it('keeps dates minutes apart together around the middle', () => {
    expect(timeDomain([new Date(DAY * 10), new Date(DAY * 10 + 60_000)])).toEqual([DAY * 9 + 30_000, DAY * 11 + 30_000])
  })
})

describe('ticksTo', () => {
  it('ends on the maximum even when it is not a multiple of the step', () => {
    expect(ticksTo(405, 100)).toEqual([0, 100, 200, 300, 405])
    expect(ticksTo(1, 0.25)).toEqual([0, 0.25, 0.5, 0.75, 1])
  })
})

describe('fitLabel', () => {
  it('keeps short labels and shortens long ones with an ellipsis', () => {
    expect(fitLabel('CSV', 10)).toBe('CSV')
    expect(fitLabel('Demo: Krajské otevřené datové portály', 12)).toBe('Demo: Krajs…')
    expect([...fitLabel('Demo: Krajské otevřené datové portály', 12)]).toHaveLength(12)
  })
})
