import { describe, expect, it } from 'vitest'
import { MAP_BANDS, MAP_FAMILIES } from '../../lib/domain/map.ts'
import { decodeTile, encodeClusterTile, encodePointTile, type ClusterTile, type PointTile } from '../../lib/domain/map-tile.ts'
import { familyColour, bandColour } from '../../lib/domain/map-scheme-colours.ts'
import { clusterRadius, countLabel, filteredCount, POINT_RADIUS, styledTile, type TileStyle } from './tile-style.ts'

const F = MAP_FAMILIES.length
const B = MAP_BANDS.length
const counts = (size: number, values: Record<number, number>) => Array.from({ length: size }, (_, i) => values[i] ?? 0)
const family = (name: (typeof MAP_FAMILIES)[number]) => MAP_FAMILIES.indexOf(name)
const band = (name: (typeof MAP_BANDS)[number]) => MAP_BANDS.indexOf(name)

// Two clusters: 10 datasets (7 tabular + 3 geo; 6 good + 4 unrated) and 1 dataset (a linked, bad one).
const clusters = decodeTile(
  encodeClusterTile([
    { lon: 14.4, lat: 50.1, count: 10, datasetKey: 0, familyCounts: counts(F, { [family('tabular')]: 7, [family('geo')]: 3 }), bandCounts: counts(B, { [band('good')]: 6, [band('unrated')]: 4 }), expansionZoom: 8 },
    { lon: 16.6, lat: 49.2, count: 1, datasetKey: 42, familyCounts: counts(F, { [family('linked')]: 1 }), bandCounts: counts(B, { [band('bad')]: 1 }), expansionZoom: 13 },
  ]),
) as ClusterTile
const points = decodeTile(
  encodePointTile([
    { lon: 14.41, lat: 50.08, datasetKey: 11, family: family('geo'), band: band('excellent') },
    { lon: 14.42, lat: 50.09, datasetKey: 12, family: family('tabular'), band: band('bad') },
  ]),
) as PointTile

const style = (overrides: Partial<TileStyle> = {}): TileStyle => ({ colourBy: 'family', filter: { family: null, band: null }, theme: 'light', ...overrides })
const rgbaAt = (colours: Uint8Array, i: number) => Array.from(colours.subarray(4 * i, 4 * i + 4))

describe('styledTile', () => {
  it('colours a cluster by its most common family and sizes it by its count', () => {
    const styled = styledTile(clusters, style())
    expect(Array.from(styled.counts)).toEqual([10, 1])
    expect(rgbaAt(styled.colours, 0).slice(0, 3)).toEqual([...familyColour('tabular', 'light')])
    expect(rgbaAt(styled.colours, 1).slice(0, 3)).toEqual([...familyColour('linked', 'light')])
    expect(styled.radii[0]).toBeCloseTo(clusterRadius(10))
    expect(styled.radii[1]).toBe(POINT_RADIUS)
    expect(styled.visible).toBe(2)
  })

  it('colours by band when asked, and follows the theme for the unrated grey', () => {
    const light = styledTile(clusters, style({ colourBy: 'band' }))
    const dark = styledTile(clusters, style({ colourBy: 'band', theme: 'dark' }))
    expect(rgbaAt(light.colours, 0).slice(0, 3)).toEqual([...bandColour('good', 'light')])
    expect(rgbaAt(light.colours, 1).slice(0, 3)).toEqual([...bandColour('bad', 'light')])
    expect(bandColour('unrated', 'light')).not.toEqual(bandColour('unrated', 'dark'))
    expect(rgbaAt(dark.colours, 0).slice(0, 3)).toEqual([...bandColour('good', 'dark')])
  })

  it('counts only the filtered family or band, and hides clusters left with none', () => {
    const geo = styledTile(clusters, style({ filter: { family: 'geo', band: null } }))
    expect(Array.from(geo.counts)).toEqual([3, 0])
    expect(geo.radii[1]).toBe(0)
    expect(geo.colours[7]).toBe(0)
    expect(geo.visible).toBe(1)
    // The filtered family is the colour, even where another family is more common.
    expect(rgbaAt(geo.colours, 0).slice(0, 3)).toEqual([...familyColour('geo', 'light')])
  })

  it('bounds the count from above when both a family and a band are chosen', () => {
    expect(filteredCount(clusters, 0, { family: 'tabular', band: 'unrated' })).toBe(4)
    expect(filteredCount(clusters, 0, { family: 'linked', band: 'good' })).toBe(0)
  })

  it('filters single points exactly', () => {
    const styled = styledTile(points, style({ filter: { family: null, band: 'bad' } }))
    expect(Array.from(styled.counts)).toEqual([0, 1])
    expect(Array.from(styled.radii)).toEqual([0, POINT_RADIUS])
    expect(rgbaAt(styled.colours, 1)).toEqual([...familyColour('tabular', 'light'), 255])
  })

  it('computes a style once per tile and reuses it', () => {
    expect(styledTile(points, style())).toBe(styledTile(points, style()))
    expect(styledTile(points, style())).not.toBe(styledTile(points, style({ colourBy: 'band' })))
  })
})

describe('cluster sizes and labels', () => {
  it('grows with the logarithm of the count, within bounds', () => {
    expect(clusterRadius(0)).toBe(0)
    expect(clusterRadius(2)).toBeLessThan(clusterRadius(100))
    expect(clusterRadius(1_000_000)).toBe(30)
  })

  it("writes counts short, in the language's decimal mark", () => {
    expect(countLabel(7, ',')).toBe('7')
    expect(countLabel(999, ',')).toBe('999')
    expect(countLabel(4_210, ',')).toBe('4,2k')
    expect(countLabel(4_210, '.')).toBe('4.2k')
    expect(countLabel(38_400, ',')).toBe('38k')
  })
})
