import { describe, expect, it } from 'vitest'
import { binFill, binIndex, choroplethBins, niceStep } from './choropleth.ts'

describe('choropleth scale', () => {
  it('picks round step sizes', () => {
    expect(niceStep(251.2)).toBe(300)
    expect(niceStep(40)).toBe(40)
    expect(niceStep(41)).toBe(50)
    expect(niceStep(0.6)).toBe(1)
    expect(niceStep(2.2)).toBe(3)
    expect(niceStep(2400)).toBe(2500)
  })

  it('splits the demo catalogue’s range into five round classes that cover the largest value', () => {
    const bins = choroplethBins([1256, 1193, 413, 0, 87])
    expect(bins).toEqual([
      { min: 1, max: 300 },
      { min: 301, max: 600 },
      { min: 601, max: 900 },
      { min: 901, max: 1200 },
      { min: 1201, max: 1500 },
    ])
  })

  it('uses fewer classes for small counts and none when everything is zero', () => {
    expect(choroplethBins([0, 1, 3])).toEqual([
      { min: 1, max: 1 },
      { min: 2, max: 2 },
      { min: 3, max: 3 },
    ])
    expect(choroplethBins([0, 0])).toEqual([])
    expect(choroplethBins([])).toEqual([])
  })

  it('puts each value in the class whose range holds it, and zero in none', () => {
    const bins = choroplethBins([1256])
    expect(binIndex(0, bins)).toBe(-1)
    expect(binIndex(1, bins)).toBe(0)
    expect(binIndex(300, bins)).toBe(0)
    expect(binIndex(301, bins)).toBe(1)
    expect(binIndex(1256, bins)).toBe(4)
    expect(binIndex(5, [])).toBe(-1)
  })

  it('darkens steadily from the first class to the last, and gives nothing its own fill', () => {
    const fills = [0, 1, 2, 3, 4].map((index) => binFill(index, 5))
    expect(fills[0]).toContain('20%')
    expect(fills[4]).toContain('100%')
    expect(new Set(fills).size).toBe(5)
    expect(binFill(-1, 5)).not.toContain('primary')
  })
})

