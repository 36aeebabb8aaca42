import { CZ_KRAJE, type CzKraj } from '../../lib/domain/cz-kraje.ts'
import KRAJE from './cz-kraje.json' with { type: 'json' }
import { anyPolygonContains, bboxOfPolygons, prepareGeometry, type BBox, type MultiPolygon, type Polygon, type PreparedPolygon } from './polygons.server.ts'

// The outlines of the 14 Czech regions (kraje), simplified polygons from osmlab/name-suggestion-index (see README.md):
// precise enough to assign a dataset's location to a region, not for cartography. Ids and names are the one list in
// lib/domain/cz-kraje.ts; the file only adds the geometry.


/** A kraj (id: NUTS 3 code, CZ010 … CZ080; ISO 3166-2 code, CZ-10 … CZ-80; names) with its outline. */
export type CzRegion = CzKraj & {
  geometry: Polygon | MultiPolygon
  bbox: BBox
}

type KrajFeature = {
  properties: { nuts3: string }
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

const FEATURES = new Map((KRAJE.features as unknown as KrajFeature[]).map((feature) => [feature.properties.nuts3, feature]))

export const CZ_REGIONS: CzRegion[] = CZ_KRAJE.map((kraj) => {
  const geometry = FEATURES.get(kraj.id)?.geometry
  if (!geometry) throw new Error(`cz-kraje.json has no outline for ${kraj.id}`)
  if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') throw new Error(`cz-kraje.json: ${kraj.id} is not a polygon`)
  return { ...kraj, geometry, bbox: bboxOfPolygons(prepare(geometry)) }
})

/** The regions containing the point: usually one, none outside Czechia, rarely two on a simplified border. */
export function regionsAt(lon: number, lat: number): CzRegion[] {
  return CZ_REGIONS.filter((region) => pointInRegion(lon, lat, region))
}
