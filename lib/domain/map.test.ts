import { describe, expect, it } from 'vitest'
import { familyOfFormats, lonLatToTile, MAP_INITIAL_BBOX, mapBandOf, tileOf, tilesCovering, tileZoomFor } from './map.ts'

describe('map tile math', () => {
  it('puts the world in one tile at zoom 0 and Prague in the slippy-map tile every map agrees on', () => {
    expect(tileOf(14.42076, 50.08804, 0)).toEqual({ z: 0, x: 0, y: 0 })
    // The standard slippy-map formula, x = (lon + 180) / 360 · 2^z, y = (1 - asinh(tan φ) / π) / 2 · 2^z, by hand.
    expect(tileOf(14.42076, 50.08804, 10)).toEqual({ z: 10, x: 553, y: 346 })
    expect(tileOf(14.42076, 50.08804, 13)).toEqual({ z: 13, x: 4424, y: 2775 })
  })

  it('keeps the edges of the world inside the tile grid', () => {
    expect(tileOf(180, 0, 3)).toEqual({ z: 3, x: 7, y: 4 })
    expect(tileOf(-180, 0, 3)).toEqual({ z: 3, x: 0, y: 4 })
    // Beyond web mercator's latitude limit: clamped onto the first and last rows.
    expect(tileOf(0, 89.9, 4).y).toBe(0)
    expect(tileOf(0, -90, 4).y).toBe(15)
    const { x, y } = lonLatToTile(0, 0, 1)
    expect([x, y]).toEqual([1, 1])
  })

  it('covers a box with its tiles, and a box across the antimeridian with the tiles on both edges', () => {
    expect(tilesCovering(MAP_INITIAL_BBOX, 6)).toEqual([
      { z: 6, x: 34, y: 21 },
      { z: 6, x: 35, y: 21 },
      { z: 6, x: 34, y: 22 },
      { z: 6, x: 35, y: 22 },
    ])
    const fiji = tilesCovering({ west: 170, south: -20, east: -170, north: -10 }, 3)
    expect(fiji.map((tile) => tile.x)).toEqual([7, 0])
    expect(tilesCovering({ west: -180, south: -85, east: 180, north: 85 }, 8, 100)).toHaveLength(100)
  })

  it('reads the tiles of the zoom below a fractional view zoom, within 0 to the point zoom', () => {
    expect(tileZoomFor(6.99)).toBe(6)
    expect(tileZoomFor(-1)).toBe(0)
    expect(tileZoomFor(17.5)).toBe(13)
  })

  it('colours a dataset by its most open format and rates it by its score', () => {
    expect(familyOfFormats(['PDF', 'CSV'])).toBe('tabular')
    expect(familyOfFormats(['CSV', 'RDF'])).toBe('linked')
    expect(familyOfFormats(['ZIP'])).toBe('other')
    expect(familyOfFormats([])).toBe('none')
    expect(mapBandOf(null)).toBe('unrated')
    expect(mapBandOf(405)).toBe('excellent')
    expect(mapBandOf(0)).toBe('bad')
  })
})
