import { describe, expect, it } from 'vitest'
import { MAP_BANDS, MAP_FAMILIES } from '../../lib/domain/map.ts'
import { decodeTile, encodeClusterTile, encodePointTile } from '../../lib/domain/map-tile.ts'
import type { TileStyle } from './tile-style.ts'
import { inBBox, informativeExtents, legendCounts, normaliseBBox, pickAt, totalInView, type LoadedTile } from './view.ts'

const F = MAP_FAMILIES.length
const B = MAP_BANDS.length
const zeros = (size: number) => new Array<number>(size).fill(0)
const withAt = (size: number, index: number, value: number) => zeros(size).map((v, i) => (i === index ? value : v))

const clusterTile: LoadedTile = {
  id: '1//6/34/21',
  address: { z: 6, x: 34, y: 21 },
  tile: decodeTile(
    encodeClusterTile([
      { lon: 14.4, lat: 50.1, count: 120, datasetKey: 0, familyCounts: withAt(F, 0, 120), bandCounts: withAt(B, 1, 120), expansionZoom: 8 },
      { lon: 18.3, lat: 49.8, count: 30, datasetKey: 0, familyCounts: withAt(F, 3, 30), bandCounts: withAt(B, 4, 30), expansionZoom: 9 },
      { lon: 25.0, lat: 45.0, count: 999, datasetKey: 0, familyCounts: withAt(F, 0, 999), bandCounts: withAt(B, 1, 999), expansionZoom: 7 },
    ]),
  ),
}
const pointTile: LoadedTile = {
  id: '1//13/4522/2774',
  address: { z: 13, x: 4522, y: 2774 },
  tile: decodeTile(encodePointTile([{ lon: 14.42, lat: 50.08, datasetKey: 77, family: 3, band: 0 }])),
}
const style: TileStyle = { colourBy: 'family', filter: { family: null, band: null }, theme: 'light' }
const CZECHIA = { west: 12, south: 48.5, east: 19, north: 51.1 }

describe('normaliseBBox', () => {
  it('keeps an ordinary box, rounded', () => {
    expect(normaliseBBox(12.0000001, 48.5, 19, 51.1)).toEqual(CZECHIA)
  })
  it('wraps longitudes beyond ±180 and keeps a box across the antimeridian with west > east', () => {
    expect(normaliseBBox(170, -10, 190, 10)).toEqual({ west: 170, south: -10, east: -170, north: 10 })
  })
  it('makes a view wider than the world the whole world, within the mercator limit', () => {
    expect(normaliseBBox(-300, -89, 300, 89)).toEqual({ west: -180, south: -85.0511, east: 180, north: 85.0511 })
  })
})

describe('inBBox', () => {
  it('handles boxes across the antimeridian', () => {
    const box = { west: 170, south: -10, east: -170, north: 10 }
    expect(inBBox(175, 0, box)).toBe(true)
    expect(inBBox(-175, 0, box)).toBe(true)
    expect(inBBox(0, 0, box)).toBe(false)
  })
})

describe('totalInView', () => {
  it('sums the clusters and points whose centre is in the box', () => {
    expect(totalInView([clusterTile, pointTile], CZECHIA, style)).toBe(151)
  })
  it('honours the family filter', () => {
    expect(totalInView([clusterTile, pointTile], CZECHIA, { ...style, filter: { family: 'geo', band: null } })).toBe(31)
  })
})

describe('legendCounts', () => {
  it('counts the datasets in view per family', () => {
    const counts = legendCounts([clusterTile, pointTile], CZECHIA, style)
    expect(counts[0]).toBe(120)
    expect(counts[3]).toBe(31)
    expect(counts.reduce((a, b) => a + b, 0)).toBe(151)
  })
  it('counts per band when the map is coloured by band, only the chosen band when one is filtered', () => {
    const counts = legendCounts([clusterTile, pointTile], CZECHIA, { ...style, colourBy: 'band', filter: { family: null, band: 'good' } })
    expect(counts[1]).toBe(120)
    expect(counts.reduce((a, b) => a + b, 0)).toBe(120)
  })
})

describe('pickAt', () => {
  // A flat projection: a degree is 100 pixels, north up.
  const project = (lon: number, lat: number) => ({ x: lon * 100, y: -lat * 100 })

  it('picks the cluster under the pointer with its expansion zoom', () => {
    expect(pickAt([clusterTile], style, { x: 1442, y: -5010 }, project)).toMatchObject({ kind: 'cluster', count: 120, expansionZoom: 8 })
  })
  it('picks a single point with its dataset key', () => {
    expect(pickAt([pointTile], style, { x: 1442, y: -5008 }, project)).toEqual({ kind: 'point', lon: expect.closeTo(14.42, 4), lat: expect.closeTo(50.08, 4), datasetKey: 77 })
  })
  it('finds nothing on empty map, nor on a symbol the filters hide', () => {
    expect(pickAt([clusterTile], style, { x: 0, y: 0 }, project)).toBeNull()
    expect(pickAt([pointTile], { ...style, filter: { family: 'tabular', band: null } }, { x: 1442, y: -5008 }, project)).toBeNull()
  })
})

describe('informativeExtents', () => {
  const square = (west: number, south: number, east: number, north: number) => ({
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  })
  it('keeps small polygons once each, dropping those as large as half the view and other geometries', () => {
    const view = { west: 14.3, south: 50.0, east: 14.5, north: 50.1 }
    const extents = [
      { key: 1, geometry: square(12, 48.5, 19, 51) },
      { key: 2, geometry: square(14.35, 50.02, 14.4, 50.05) },
      { key: 3, geometry: square(14.0, 49.9, 14.4, 50.2) },
      { key: 4, geometry: { type: 'Point', coordinates: [14.4, 50.05] } },
      { key: 5, geometry: square(14.35, 50.02, 14.4, 50.05) },
      { key: 6, geometry: { type: 'MultiPolygon', coordinates: [square(14.45, 50.06, 14.46, 50.07).coordinates] } },
    ]
    expect(informativeExtents(extents, view).map((extent) => extent.key)).toEqual([2, 6])
  })
})
