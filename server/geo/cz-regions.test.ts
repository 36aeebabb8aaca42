import { describe, expect, it } from 'vitest'
import { CZ_REGIONS, pointInRegion, regionsAt } from './cz-regions.server.ts'

const codes = (lon: number, lat: number) => regionsAt(lon, lat).map((r) => r.id)

describe('Czech regions', () => {
  it('has the 14 regions, CZ010 … CZ080, each with Czech and English names', () => {
    expect(CZ_REGIONS.map((r) => r.id)).toEqual([
      'CZ010', 'CZ020', 'CZ031', 'CZ032', 'CZ041', 'CZ042', 'CZ051', 'CZ052', 'CZ053', 'CZ063', 'CZ064', 'CZ071', 'CZ072', 'CZ080',
    ])
    for (const region of CZ_REGIONS) {
      expect(region.nameCs.trim()).not.toBe('')
      expect(region.nameEn.trim()).not.toBe('')
      expect(region.iso3166_2).toBe(`CZ-${region.id.slice(3)}`)
      const [w, s, e, n] = region.bbox
      expect(w).toBeGreaterThan(12)
      expect(e).toBeLessThan(19)
      expect(s).toBeGreaterThan(48.5)
      expect(n).toBeLessThan(51.1)
    }
  })

  it('places the big cities in their region', () => {
    expect(codes(14.42, 50.08)).toEqual(['CZ010'])
    expect(codes(16.61, 49.19)).toEqual(['CZ064'])
    expect(codes(18.29, 49.83)).toEqual(['CZ080'])
    expect(codes(13.38, 49.75)).toEqual(['CZ032'])
  })

  it('treats Prague as a hole in Central Bohemia', () => {
    const stredocesky = CZ_REGIONS.find((r) => r.id === 'CZ020')!
    const [w, s, e, n] = stredocesky.bbox
    // Prague lies inside Central Bohemia's bounding box, so only the hole keeps it out.
    expect(14.42 > w && 14.42 < e && 50.08 > s && 50.08 < n).toBe(true)
    expect(pointInRegion(14.42, 50.08, stredocesky)).toBe(false)
    expect(codes(14.1, 50.14)).toEqual(['CZ020']) // Kladno
  })

  it('finds no region outside Czechia', () => {
    expect(codes(16.37, 48.21)).toEqual([]) // Vienna
    expect(codes(17.11, 48.15)).toEqual([]) // Bratislava
    expect(codes(13.74, 51.05)).toEqual([]) // Dresden
    expect(codes(0, 0)).toEqual([])
    expect(codes(-743000, -1043000)).toEqual([]) // S-JTSK metres, not degrees
  })

  it('handles MultiPolygon geometries with holes', () => {
    const square = (x: number, y: number, size: number) => [[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]]
    const region = {
      ...CZ_REGIONS[0]!,
      geometry: { type: 'MultiPolygon' as const, coordinates: [[square(0, 0, 10), square(4, 4, 2)], [square(20, 0, 5)]] },
      bbox: [0, 0, 25, 10] as [number, number, number, number],
    }
    expect(pointInRegion(1, 1, region)).toBe(true)
    expect(pointInRegion(5, 5, region)).toBe(false) // in the hole
    expect(pointInRegion(22, 2, region)).toBe(true) // second polygon
    expect(pointInRegion(15, 2, region)).toBe(false) // between them
  })
})
