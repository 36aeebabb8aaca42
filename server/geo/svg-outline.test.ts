import { describe, expect, it } from 'vitest'
import { COUNTRIES } from './countries.server.ts'
import { bboxRect, countryPaths, czFrame, frameAround, krajPaths, mainlandBox, regionOutline } from './svg-outline.server.ts'

describe('SVG outline of the kraje', () => {
  const frame = czFrame(400)

  it('is wider than tall, as Czechia is, and holds all fourteen kraje', () => {
    expect(frame.height).toBeGreaterThan(150)
    expect(frame.height).toBeLessThan(300)
    const paths = krajPaths(frame)
    expect(paths.map((path) => path.id)).toHaveLength(14)
    for (const path of paths) expect(path.d).toMatch(/^M[\d.]+ [\d.]+L/)
  })

  it('puts Prague left of Brno and Ostrava at the right edge', () => {
    const [praha] = frame.project(14.42, 50.08)
    const [brno] = frame.project(16.61, 49.19)
    const [ostrava] = frame.project(18.29, 49.83)
    expect(praha).toBeLessThan(brno)
    expect(ostrava).toBeGreaterThan(frame.width * 0.85)
  })

  it('clips an extent larger than Czechia to the frame', () => {
    expect(bboxRect(frame, [-10, 35, 40, 70])).toEqual({ x: 0, y: 0, width: 400, height: frame.height })
    const prague = bboxRect(frame, [14.2, 49.9, 14.7, 50.2])
    expect(prague.width).toBeGreaterThan(10)
    expect(prague.x).toBeGreaterThan(100)
  })
})

describe('SVG outline of countries', () => {
  const byId = (id: string) => COUNTRIES.find((country) => country.id === id)!

  it('frames France by its mainland, not by French Guiana', () => {
    const [west, south, east, north] = mainlandBox(byId('FR'))
    expect(west).toBeGreaterThan(-6)
    expect(east).toBeLessThan(10)
    expect(south).toBeGreaterThan(41)
    expect(north).toBeLessThan(52)
  })

  it('draws the countries with land in a frame around Central Europe and none far away', () => {
    const frame = frameAround([12, 47.5, 19, 51.5], 600)
    expect(frame.height).toBeGreaterThan(300)
    expect(frame.height).toBeLessThan(600)
    const ids = countryPaths(frame).map((path) => path.id)
    for (const id of ['CZ', 'SK', 'AT', 'DE', 'PL', 'HU']) expect(ids).toContain(id)
    for (const id of ['US', 'JP', 'BR', 'RU']) expect(ids).not.toContain(id)
    const [x, y] = frame.project(14.42, 50.08)
    expect(x).toBeGreaterThan(0)
    expect(x).toBeLessThan(frame.width / 2)
    expect(y).toBeGreaterThan(0)
  })

  it('keeps Russia and Fiji continuous across ±180° (no stroke across the world)', () => {
    const frame = frameAround([-180, -60, 180, 85], 1000)
    for (const path of countryPaths(frame).filter((item) => item.id === 'RU' || item.id === 'FJ')) {
      for (const ring of path.d.split('M').filter(Boolean)) {
        const xs = ring.split('L').map((point) => Number.parseFloat(point))
        for (let k = 1; k < xs.length; k++) expect(Math.abs(xs[k]! - xs[k - 1]!)).toBeLessThan(frame.width / 2)
      }
    }
  })
})

describe('regionOutline', () => {
  it('frames a kraj with its neighbouring kraje, the kraj itself marked', () => {
    const outline = regionOutline('CZ010', 300)!
    expect(outline.outlines.filter((item) => item.focus).map((item) => item.id)).toEqual(['CZ010'])
    expect(outline.outlines.map((item) => item.id)).toContain('CZ020')
    expect(outline.outlines.map((item) => item.id)).not.toContain('CZ080')
    expect(regionOutline('CZ064', 300)!.outlines.map((item) => item.id)).toEqual(expect.arrayContaining(['AT', 'SK', 'CZ063']))
    const [x, y] = outline.project(14.42, 50.08)
    expect(x).toBeGreaterThan(outline.width * 0.3)
    expect(x).toBeLessThan(outline.width * 0.7)
    expect(y).toBeGreaterThan(outline.height * 0.3)
    expect(y).toBeLessThan(outline.height * 0.7)
  })

  it('frames a country by its mainland with its neighbours, and knows no made-up region', () => {
    const outline = regionOutline('AT', 300)!
    expect(outline.outlines.find((item) => item.focus)?.id).toBe('AT')
    expect(outline.outlines.map((item) => item.id)).toEqual(expect.arrayContaining(['CZ', 'DE', 'IT']))
    expect(regionOutline('QQ', 300)).toBeNull()
  })
})
