import type { CkanPackage } from './schemas.server.ts'

// Where a dataset is about, read from what portals actually send (docs/ckan-mess.md): the ckanext-spatial `spatial`
// extra holding GeoJSON text, the four bbox-* extras, or a top-level `spatial` field (EnviDat and others). Only WGS84
// longitude/latitude is accepted; anything else (S-JTSK metres, broken JSON) is "no extent", never guessed.

export type Bbox = [west: number, south: number, east: number, north: number]
export type ExtentGeometry = { type: 'Point' | 'MultiPoint' | 'LineString' | 'MultiLineString' | 'Polygon' | 'MultiPolygon'; coordinates: unknown }
export type Extent = { source: 'spatial-extra' | 'bbox-extras' | 'spatial-field'; bbox: Bbox; geometry: ExtentGeometry }

const GEOMETRY_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'])

function parseJsonish(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const text = value.trim()
  if (!text.startsWith('{')) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** Every [lon, lat] position in a coordinates tree, or null as soon as one is not a valid WGS84 position. */
function positions(coordinates: unknown, out: Array<[number, number]> = []): Array<[number, number]> | null {
  if (!Array.isArray(coordinates)) return null
  if (coordinates.length >= 2 && typeof coordinates[0] === 'number' && typeof coordinates[1] === 'number') {
    const [lon, lat] = coordinates as [number, number]
    if (!Number.isFinite(lon) || !Number.isFinite(lat) || lon < -180 || lon > 180 || lat < -90 || lat > 90) return null
    out.push([lon, lat])
    return out
  }
  for (const child of coordinates) if (!positions(child, out)) return null
  return out
}

/** A GeoJSON geometry (or a Feature around one) as an extent, when it is well formed and in lon/lat. */
export function geometryExtent(value: unknown): { bbox: Bbox; geometry: ExtentGeometry } | null {
  let candidate = parseJsonish(value) as { type?: unknown; coordinates?: unknown; geometry?: unknown } | null
  if (candidate && typeof candidate === 'object' && candidate.type === 'Feature') candidate = candidate.geometry as typeof candidate
  if (!candidate || typeof candidate !== 'object' || typeof candidate.type !== 'string' || !GEOMETRY_TYPES.has(candidate.type)) return null
  const points = positions(candidate.coordinates)
  if (!points || points.length === 0) return null
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const [lon, lat] of points) {
    west = Math.min(west, lon)
    east = Math.max(east, lon)
    south = Math.min(south, lat)
    north = Math.max(north, lat)
  }
  return { bbox: [west, south, east, north], geometry: { type: candidate.type as ExtentGeometry['type'], coordinates: candidate.coordinates } }
}

/** A bbox as the Polygon GeoJSON would draw it. */
export function bboxPolygon([west, south, east, north]: Bbox): ExtentGeometry {
  return { type: 'Polygon', coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]] }
}

function extraValue(pkg: CkanPackage, key: string): string | null {
  const extra = pkg.extras?.find((item) => item.key === key)
  return extra?.value ?? null
}

function bboxFromExtras(pkg: CkanPackage): Bbox | null {
  const read = (key: string) => {
    const text = extraValue(pkg, key)
    if (text === null || text.trim() === '') return NaN
    return Number(text.replace(',', '.'))
  }
  const box: Bbox = [read('bbox-west-long'), read('bbox-south-lat'), read('bbox-east-long'), read('bbox-north-lat')]
  const [west, south, east, north] = box
  if (!box.every(Number.isFinite)) return null
  if (west < -180 || east > 180 || south < -90 || north > 90 || west > east || south > north) return null
  return box
}

/** The dataset's extent from the first source that holds a valid one, in the order ckanext-spatial reads them. */
export function extentOf(pkg: CkanPackage): Extent | null {
  const fromExtra = geometryExtent(extraValue(pkg, 'spatial'))
  if (fromExtra) return { source: 'spatial-extra', ...fromExtra }
  const box = bboxFromExtras(pkg)
  if (box) return { source: 'bbox-extras', bbox: box, geometry: bboxPolygon(box) }
  const fromField = geometryExtent(pkg.spatial)
  if (fromField) return { source: 'spatial-field', ...fromField }
  return null
}
