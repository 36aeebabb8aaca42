import KRAJE from './cz-kraje.json' with { type: 'json' }
import { anyPolygonContains, bboxOfPolygons, prepareGeometry, type PreparedPolygon } from './polygons.ts'

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

// Prepared once per geometry (edges bucketed by latitude, polygons.ts), on first use.
const prepared = new WeakMap<Polygon | MultiPolygon, PreparedPolygon[]>()

function prepare(geometry: Polygon | MultiPolygon): PreparedPolygon[] {
  let out = prepared.get(geometry)
  if (!out) {
    out = prepareGeometry(geometry)
    prepared.set(geometry, out)
  }
  return out
}

export function pointInRegion(lon: number, lat: number, region: CzRegion): boolean {
  const [w, s, e, n] = region.bbox
  if (!(lon >= w && lon <= e && lat >= s && lat <= n)) return false
  return anyPolygonContains(prepare(region.geometry), lon, lat)
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
      bbox: bboxOfPolygons(prepare(geometry)),
    }
  })
  .sort((a, b) => (a.nuts3 < b.nuts3 ? -1 : a.nuts3 > b.nuts3 ? 1 : 0))

/** The regions containing the point: usually one, none outside Czechia, rarely two on a simplified border. */
export function regionsAt(lon: number, lat: number): CzRegion[] {
  return CZ_REGIONS.filter((region) => pointInRegion(lon, lat, region))
}
