import { describe, expect, it } from 'vitest'
import { parseComputedColour, viewForBox } from './fit-view.ts'

describe('viewForBox', () => {
  it('centres on Czechia and zooms so that its width fills the map', () => {
    const view = viewForBox({ west: 12.09, south: 48.55, east: 18.86, north: 51.06 }, 640, 400, 0)
    expect(view.longitude).toBeCloseTo(15.475, 2)
    expect(view.latitude).toBeGreaterThan(49.7)
    expect(view.latitude).toBeLessThan(49.9)
    // 640 px over 6.77° of longitude: 2^zoom * 512 * 6.77 / 360 = 640.
    expect(view.zoom).toBeCloseTo(Math.log2((640 * 360) / (512 * 6.77)), 1)
  })

  it('lets the taller side decide, and stays within the zoom limits for a point', () => {
    const tall = viewForBox({ west: 14, south: 40, east: 15, north: 60 }, 640, 400)
    const wide = viewForBox({ west: 14, south: 40, east: 15, north: 60 }, 640, 4000)
    expect(tall.zoom).toBeLessThan(wide.zoom)
    expect(viewForBox({ west: 14.4, south: 50.1, east: 14.4, north: 50.1 }, 640, 400).zoom).toBe(15)
    expect(viewForBox({ west: -180, south: -85, east: 180, north: 85 }, 300, 300).zoom).toBe(0)
  })
})

describe('parseComputedColour', () => {
  it('reads rgb(), rgba() and the color(srgb …) form color-mix() computes to', () => {
    expect(parseComputedColour('rgb(21, 101, 192)')).toEqual([21, 101, 192])
    expect(parseComputedColour('rgba(0, 0, 0, 0.5)')).toEqual([0, 0, 0])
    expect(parseComputedColour('rgb(10 20 30 / 50%)')).toEqual([10, 20, 30])
    expect(parseComputedColour('color(srgb 0.5 0 1)')).toEqual([128, 0, 255])
    expect(parseComputedColour('oklch(0.5 0.1 200)')).toBeNull()
  })
})
