import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import WORLD from 'world-atlas/countries-50m.json' with { type: 'json' }
import { describe, expect, it } from 'vitest'
import { findRegion } from '../../lib/domain/region-lookup.ts'
import { COUNTRIES, countriesAt, ISO_NUMERIC_TO_ALPHA2 } from '../geo/countries.server.ts'
import { CZ_REGIONS, pointInRegion, regionsAt } from '../geo/cz-regions.server.ts'
import { polygonContains, prepareGeometry } from '../geo/polygons.server.ts'
import { PLACEMENT_RULE, placeExtent } from './regions.server.ts'

type Extent = Parameters<typeof placeExtent>[0]
type Box = [number, number, number, number]

const bboxOf = (points: number[][]): Box => [
  Math.min(...points.map((p) => p[0] as number)),
  Math.min(...points.map((p) => p[1] as number)),
  Math.max(...points.map((p) => p[0] as number)),
  Math.max(...points.map((p) => p[1] as number)),
]
const rect = ([w, s, e, n]: Box) => [[[w, s], [e, s], [e, n], [w, n], [w, s]]]
const point = (lon: number, lat: number): Extent => ({ bbox: [lon, lat, lon, lat], geometry: { type: 'Point', coordinates: [lon, lat] } })
const box = (bbox: Box): Extent => ({ bbox, geometry: { type: 'Polygon', coordinates: rect(bbox) } })
const withPoints = (type: 'MultiPoint' | 'LineString', coordinates: number[][]): Extent => ({
  bbox: bboxOf(coordinates),
  geometry: { type, coordinates },
})
/** A polygon extent shaped like a picture frame: the bbox with a hole just inside it. */
const frame = (outer: Box, inner: Box): Extent => ({ bbox: outer, geometry: { type: 'Polygon', coordinates: [...rect(outer), ...rect(inner)] } })
const regions = (extent: Extent) => placeExtent(extent).regions

const TOPOLOGY = WORLD as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>
const ATLAS = feature(TOPOLOGY, TOPOLOGY.objects.countries).features

describe('placeExtent', () => {
  it('places a point in Prague in Prague and Czechia, with the point as centroid', () => {
    expect(placeExtent(point(14.42, 50.08))).toEqual({ centroid: [14.42, 50.08], regions: ['CZ', 'CZ010'] })
  })

  it('places a point in Brno in South Moravia', () => {
    expect(regions(point(16.61, 49.19))).toEqual(['CZ', 'CZ064'])
  })

  it('gives both kraje for a polygon straddling the Prague boundary, only Prague when it barely crosses it', () => {
    expect(regions(box([14.0, 49.95, 14.5, 50.2]))).toEqual(['CZ', 'CZ010', 'CZ020'])
    expect(regions(box([14.3, 49.95, 14.5, 50.15]))).toEqual(['CZ', 'CZ010'])
  })

  it('gives only CZ for a bbox of the whole country: no kraj holds a quarter of it', () => {
    const placement = placeExtent(box([12.09, 48.55, 18.86, 51.06]))
    expect(placement.regions).toEqual(['CZ'])
    expect(placement.centroid).toEqual([(12.09 + 18.86) / 2, (48.55 + 51.06) / 2])
  })

  it('gives no region for a bbox of Europe: wider than any region', () => {
    expect(regions(box([-25, 34, 45, 72]))).toEqual([])
  })

  it('places points abroad in their country, without kraje', () => {
    expect(regions(point(16.37, 48.21))).toEqual(['AT']) // Vienna
    expect(regions(point(6.13, 49.61))).toEqual(['LU']) // Luxembourg, kept at 1:50m
    expect(regions(point(9.52, 47.14))).toEqual(['LI']) // Vaduz: Liechtenstein is missing at 1:110m
    expect(regions(point(-3.7, 40.42))).toEqual(['ES']) // Madrid
  })

  it('places a point at sea nowhere', () => {
    expect(regions(point(3, 55))).toEqual([]) // North Sea
    expect(regions(point(-30, 40))).toEqual([]) // Atlantic
  })

  it('samples a MultiPolygon only inside its parts, not over its whole bbox', () => {
    const austria: Box = [13.5, 47.2, 16, 48]
    const slovakia: Box = [18.5, 48.4, 20, 49]
    const extent: Extent = { bbox: [13.5, 47.2, 20, 49], geometry: { type: 'MultiPolygon', coordinates: [rect(austria), rect(slovakia)] } }
    expect(regions(extent)).toEqual(['AT', 'SK'])
    // The same bbox as a rectangle puts most samples in Austria and Hungary instead.
    expect(regions(box(extent.bbox))).toEqual(['AT'])
  })

  it('uses a LineString’s vertices', () => {
    const acrossPrague = Array.from({ length: 9 }, (_, k) => [14.0 + k * 0.1, 50.08])
    expect(regions(withPoints('LineString', acrossPrague))).toEqual(['CZ', 'CZ010', 'CZ020'])
    // 100 vertices, 25 picked evenly: 10 % in Czechia is under a quarter, 30 % is over.
    const line = (czShare: number) =>
      withPoints('LineString', Array.from({ length: 100 }, (_, k) => [15.5 + k * 0.01, k < 100 * (1 - czShare) ? 47.8 : 49.5]))
    expect(regions(line(0.1))).toEqual(['AT'])
    expect(regions(line(0.3))).toEqual(['AT', 'CZ'])
  })

  it('counts a region holding exactly a quarter of the samples, not one holding a fifth', () => {
    const prague = [[14.42, 50.08], [14.45, 50.07], [14.4, 50.1], [14.43, 50.05]]
    const brno = [16.61, 49.19]
    expect(regions(withPoints('MultiPoint', [...prague.slice(0, 3), brno]))).toEqual(['CZ', 'CZ010', 'CZ064'])
    expect(regions(withPoints('MultiPoint', [...prague, brno]))).toEqual(['CZ', 'CZ010'])
  })

  it('places a tiny extent by its centroid alone', () => {
    // Find Prague's western boundary along 50.08° N, then straddle it with two points 0.008° apart.
    let west = 14.0 // Central Bohemia
    let east = 14.42 // Prague
    while (east - west > 1e-6) {
      const mid = (west + east) / 2
      if (regionsAt(mid, 50.08).some((r) => r.id === 'CZ010')) east = mid
      else west = mid
    }
    // Apart, the two points are one sample each, so both kraje hold half.
    expect(regions(withPoints('MultiPoint', [[east - 0.05, 50.08], [east + 0.05, 50.08]]))).toEqual(['CZ', 'CZ010', 'CZ020'])
    // Within 0.01°, only the centroid counts, and it lies 0.001° inside Central Bohemia.
    const tiny = placeExtent(withPoints('MultiPoint', [[east - 0.005, 50.08], [east + 0.003, 50.08]]))
    expect(tiny.centroid[0]).toBeCloseTo(east - 0.001, 9)
    expect(tiny.regions).toEqual(['CZ', 'CZ020'])
  })

  it('places a polygon extent whose grid misses it by its bbox centre', () => {
    // A thin frame around Prague (the bbox with a hole just inside it): every cell centre falls in the hole.
    expect(regions(frame([14.3, 50.0, 14.5, 50.2], [14.301, 50.001, 14.499, 50.199]))).toEqual(['CZ', 'CZ010'])
    // An outline of the whole country falls back to its centre too, which lies in Vysočina: the price of the rule.
    expect(regions(frame([12.09, 48.55, 18.86, 51.06], [12.1, 48.56, 18.85, 51.05]))).toEqual(['CZ', 'CZ063'])
  })

  it('handles the antimeridian and the poles', () => {
    expect(regions(point(170, 65))).toEqual(['RU'])
    expect(regions(point(-175, 66))).toEqual(['RU']) // Chukotka, west of 180°
    expect(regions(point(100, 67))).toEqual(['RU']) // Siberia, on a latitude Russia's ring wraps across
    expect(regions(point(-150, 67))).toEqual(['US']) // Alaska, on the same latitudes
    expect(regions(point(25, 67))).toEqual(['FI'])
    expect(regions(point(178, -17.8))).toEqual(['FJ'])
    expect(regions(point(0, -85))).toEqual(['AQ'])
  })

  it('gives no region for an unusable extent', () => {
    expect(regions({ bbox: [NaN, 50, 14, 50], geometry: { type: 'Polygon', coordinates: null } })).toEqual([])
    expect(regions({ bbox: [15, 50, 14, 51], geometry: { type: 'Polygon', coordinates: [] } })).toEqual([])
  })

  it('states its rule', () => {
    expect(PLACEMENT_RULE).toMatch(/at least a quarter/)
  })
})

describe('countries', () => {
  it('maps every world-atlas id to an assigned ISO 3166-1 alpha-2 code', () => {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })
    const atlasIds = new Set(ATLAS.flatMap((f) => (f.id === undefined ? [] : [String(f.id)])))
    expect(Object.keys(ISO_NUMERIC_TO_ALPHA2).sort()).toEqual([...atlasIds].sort())
    for (const [numeric, alpha2] of Object.entries(ISO_NUMERIC_TO_ALPHA2)) {
      expect(alpha2).toMatch(/^[A-Z]{2}$/)
      // ICU knows the UN M49 numeric codes too and canonicalises them to alpha-2: an independent copy of the table.
      expect(Intl.getCanonicalLocales(`und-${numeric}`)[0], numeric).toBe(`und-${alpha2}`)
      expect(names.of(alpha2), alpha2).toBeDefined()
      expect(findRegion(alpha2)?.level, alpha2).toBe('country')
    }
    expect(new Set(Object.values(ISO_NUMERIC_TO_ALPHA2)).size).toBe(Object.keys(ISO_NUMERIC_TO_ALPHA2).length)
  })

  it('has English names that match world-atlas’s, short of its abbreviations', () => {
    const words = (name: string) =>
      name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^a-z]+/).filter((w) => w.length >= 4).map((w) => w.slice(0, 4))
    const mismatched = ATLAS.filter((f) => {
      const country = COUNTRIES.find((c) => c.id === ISO_NUMERIC_TO_ALPHA2[String(f.id)])
      return country && !words(country.nameEn).some((w) => words(f.properties.name).includes(w))
    }).map((f) => f.properties.name)
    expect(mismatched.sort()).toEqual(['Ashmore and Cartier Is.', 'Faeroe Is.', 'Fr. S. Antarctic Lands', 'S. Geo. and the Is.'])
    expect(COUNTRIES.find((c) => c.id === 'CZ')?.nameEn).toBe('Czechia')
  })

  it('skips exactly the features without an ISO code and merges Ashmore and Cartier into Australia', () => {
    expect(ATLAS.filter((f) => f.id === undefined).map((f) => f.properties.name).sort()).toEqual([
      'Indian Ocean Ter.', 'Kosovo', 'N. Cyprus', 'Siachen Glacier', 'Somaliland',
    ])
    expect(COUNTRIES.length).toBe(235)
    expect(COUNTRIES.map((c) => c.id)).toEqual(COUNTRIES.map((c) => c.id).sort())
    expect(countriesAt(123.58, -12.43).map((c) => c.id)).toEqual(['AU']) // Cartier Island
  })

  it('decodes the same coordinates as topojson-client', () => {
    for (const f of ATLAS) {
      const id = ISO_NUMERIC_TO_ALPHA2[String(f.id)]
      if (!id) continue
      const country = COUNTRIES.find((c) => c.id === id)
      const ours = country?.geometry.type === 'Polygon' ? [country.geometry.coordinates] : country?.geometry.coordinates
      const theirs = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates : []
      if (id === 'AU') expect(ours).toEqual(expect.arrayContaining(theirs))
      else expect(ours, id).toEqual(theirs)
    }
  })

  it('shows why rings are unwrapped: world-atlas’s Russia jumps across ±180°', () => {
    const russia = COUNTRIES.find((c) => c.id === 'RU')
    const rings = russia?.geometry.type === 'MultiPolygon' ? russia.geometry.coordinates.flat() : []
    const jumps = rings.some((ring) => ring.some((p, k) => k > 0 && Math.abs((p[0] as number) - (ring[k - 1]?.[0] as number)) > 180))
    expect(jumps).toBe(true)
    expect(russia?.bbox[0]).toBe(-180)
    expect(russia?.bbox[2]).toBeLessThanOrEqual(180)
  })
})

describe('prepared polygons', () => {
  it('agree with cz-regions.ts on every point', () => {
    let seed = 7
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
    for (const kraj of CZ_REGIONS) {
      const polygons = prepareGeometry(kraj.geometry)
      let inside = 0
      for (let i = 0; i < 2000; i++) {
        const [w, s, e, n] = kraj.bbox
        const x = w + random() * (e - w)
        const y = s + random() * (n - s)
        const ours = polygons.some((polygon) => polygonContains(polygon, x, y))
        expect(ours, `${kraj.id} ${x} ${y}`).toBe(pointInRegion(x, y, kraj))
        if (ours) inside++
      }
      expect(inside).toBeGreaterThan(200)
    }
  })
})
