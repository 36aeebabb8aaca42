import KRAJE from './cz-kraje.json' with { type: 'json' }

// The 14 Czech regions (kraje), simplified polygons from osmlab/name-suggestion-index (see README.md):
// precise enough to assign a dataset's location to a region, not for cartography.

// Minimal GeoJSON types, local so the product needs no @types/geojson.
export type Position = number[]
export type Polygon = { type: 'Polygon'; coordinates: Position[][] }
export type MultiPolygon = { type: 'MultiPolygon'; coordinates: Position[][][] }
export type BBox = [west: number, south: number, east: number, north: number]

export type CzRegion = {
  /** NUTS 3 code, CZ010 … CZ080 */
  nuts3: string
  /** ISO 3166-2 code, CZ-10 … CZ-80 */
  iso: string
  nameCs: string
  nameEn: string
  geometry: Polygon | MultiPolygon
  bbox: BBox
}

type KrajFeature = {
  properties: { iso3166_2: string; nuts3: string; name_en: string; name_cs: string }
  geometry: Polygon | MultiPolygon
}

/** Rings flattened to [x0, y0, x1, y1, …]; ray casting over typed arrays avoids a tuple lookup per vertex. */
type PreparedPolygon = Float64Array[]
const prepared = new WeakMap<Polygon | MultiPolygon, PreparedPolygon[]>()

function prepare(geometry: Polygon | MultiPolygon): PreparedPolygon[] {
  let out = prepared.get(geometry)
  if (!out) {
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
    out = polygons.map((rings) => rings.map((ring) => Float64Array.from(ring.flatMap((p) => [p[0] ?? NaN, p[1] ?? NaN]))))
    prepared.set(geometry, out)
  }
  return out
}

function bboxOf(geometry: Polygon | MultiPolygon): BBox {
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity]
  for (const polygon of prepare(geometry)) {
    const outer = polygon[0]
    if (!outer) continue
    for (let k = 0; k < outer.length; k += 2) {
      const x = outer[k] as number
      const y = outer[k + 1] as number
      if (x < box[0]) box[0] = x
      if (y < box[1]) box[1] = y
      if (x > box[2]) box[2] = x
      if (y > box[3]) box[3] = y
    }
  }
  return box
}

/** Even-odd ray casting: a point inside a hole crosses the outer ring and the hole, so it counts as outside. */
function inRings(x: number, y: number, rings: PreparedPolygon): boolean {
  let inside = false
  for (const ring of rings) {
    const n = ring.length
    for (let a = 0, b = n - 2; a < n; b = a, a += 2) {
      const ya = ring[a + 1] as number
      const yb = ring[b + 1] as number
      if (ya > y !== yb > y) {
        const xa = ring[a] as number
        const xb = ring[b] as number
        if (x < ((xb - xa) * (y - ya)) / (yb - ya) + xa) inside = !inside
      }
    }
  }
  return inside
}

export function pointInRegion(lon: number, lat: number, region: CzRegion): boolean {
  const [w, s, e, n] = region.bbox
  if (!(lon >= w && lon <= e && lat >= s && lat <= n)) return false
  return prepare(region.geometry).some((rings) => inRings(lon, lat, rings))
}

export const CZ_REGIONS: CzRegion[] = (KRAJE.features as unknown as KrajFeature[])
  .map((feature) => {
    const { geometry, properties } = feature
    if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') throw new Error(`cz-kraje.json: ${properties.nuts3} is not a polygon`)
    return {
      nuts3: properties.nuts3,
      iso: properties.iso3166_2,
      nameCs: properties.name_cs,
      nameEn: properties.name_en,
      geometry,
      bbox: bboxOf(geometry),
    }
  })
  .sort((a, b) => (a.nuts3 < b.nuts3 ? -1 : a.nuts3 > b.nuts3 ? 1 : 0))

/** The regions containing the point: usually one, none outside Czechia, rarely two on a simplified border. */
export function regionsAt(lon: number, lat: number): CzRegion[] {
  return CZ_REGIONS.filter((region) => pointInRegion(lon, lat, region))
}
