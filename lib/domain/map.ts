import { opennessStars } from './formats.ts'
import type { CanonicalFormat } from './canonical-formats.ts'
import { BANDS, bandOf, type Band } from './mqa.ts'

// What the map shows and how it is cut into tiles (docs/map.md). Shared by the build in the helper process, the tile
// route, the sidebar's queries and the browser, so both sides agree on every index and zoom.

/** Format families a dataset is coloured by: the family of its best format (most openness stars, then this order). */
export const MAP_FAMILIES = ['tabular', 'linked', 'structured', 'geo', 'service', 'document', 'other', 'none'] as const
export type MapFamily = (typeof MAP_FAMILIES)[number]

/** Quality bands, best first, then datasets not analysed yet. */
export const MAP_BANDS = [...BANDS, 'unrated'] as const
export type MapBand = (typeof MAP_BANDS)[number]

export type MapColourBy = 'family' | 'band'

/** A dataset on the map as the map API answers it (the sidebar's rows, the popup). */
export type MapDatasetItem = {
  key: number
  id: string
  title: string
  publisher: string | null
  portalId: string
  formats: string[]
  family: MapFamily
  band: MapBand
  lon: number
  lat: number
}

const FAMILY_OF: Partial<Record<CanonicalFormat, MapFamily>> = {
  CSV: 'tabular', TSV: 'tabular', XLSX: 'tabular', XLS: 'tabular', ODS: 'tabular',
  RDF: 'linked', TTL: 'linked', N3: 'linked', NT: 'linked', 'JSON-LD': 'linked', SPARQL: 'linked',
  JSON: 'structured', XML: 'structured', RSS: 'structured',
  GeoJSON: 'geo', KML: 'geo', KMZ: 'geo', GML: 'geo', GPX: 'geo', GPKG: 'geo', NetCDF: 'geo', SHP: 'geo', GeoTIFF: 'geo',
  WMS: 'service', WFS: 'service', WMTS: 'service', WCS: 'service', API: 'service',
  HTML: 'document', PDF: 'document', DOC: 'document', DOCX: 'document', ODT: 'document', PPT: 'document', PPTX: 'document', TXT: 'document',
}

/** The family one canonical format belongs to ('other' for archives, images, executables and unknown formats). */
export function familyOfFormat(format: CanonicalFormat): MapFamily {
  return FAMILY_OF[format] ?? 'other'
}

/** A dataset's family: that of its format with the most openness stars, ties broken by MAP_FAMILIES order; 'none' without resources. */
export function familyOfFormats(formats: Iterable<CanonicalFormat>): MapFamily {
  let best: { family: MapFamily; stars: number } | null = null
  for (const format of formats) {
    const candidate = { family: familyOfFormat(format), stars: opennessStars(format) }
    if (!best || candidate.stars > best.stars || (candidate.stars === best.stars && MAP_FAMILIES.indexOf(candidate.family) < MAP_FAMILIES.indexOf(best.family))) best = candidate
  }
  return best?.family ?? 'none'
}

/** A dataset's band from its stored score on the 0-405 scale (null: not analysed). */
export function mapBandOf(scaled: number | null): MapBand {
  return scaled === null ? 'unrated' : (bandOf(scaled) satisfies Band)
}

/** Clusters are precomputed for zooms 0 to this (supercluster's maxZoom; about 3.5 s for a million points). */
export const MAP_CLUSTER_MAX_ZOOM = 12
/** Tiles of this zoom hold the single points; views zoomed in further read them too. */
export const MAP_POINT_ZOOM = 13
/** Cluster radius in pixels of a 512-pixel tile (maplibre's zoom z is supercluster's zoom z at extent 512). */
export const MAP_CLUSTER_RADIUS = 60
export const MAP_CLUSTER_EXTENT = 512

/** Web-mercator latitude limit: points beyond it are clamped onto the edge tiles. */
const MAX_LAT = 85.0511287798066

export type BBox = { west: number; south: number; east: number; north: number }
export type TileAddress = { z: number; x: number; y: number }

/** The zoom of the tiles a view at this (fractional) zoom reads. */
export function tileZoomFor(viewZoom: number): number {
  return Math.max(0, Math.min(MAP_POINT_ZOOM, Math.floor(viewZoom)))
}

/** Tile coordinates (fractional) of a point at zoom z, y growing southwards as in slippy-map tiles. */
export function lonLatToTile(lon: number, lat: number, z: number): { x: number; y: number } {
  const n = 2 ** z
  const [x, y] = mercator(lon, lat)
  return { x: Math.max(0, Math.min(n - 1e-9, x * n)), y: Math.max(0, Math.min(n - 1e-9, y * n)) }
}

/** Web-mercator position as a share of the world (0 to 1 from the west and from the north; latitude clamped). */
function mercator(lon: number, lat: number): [x: number, y: number] {
  const sin = Math.sin((Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180)
  return [(lon + 180) / 360, 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)]
}

/** The tile that holds a point at zoom z. */
export function tileOf(lon: number, lat: number, z: number): TileAddress {
  const { x, y } = lonLatToTile(lon, lat, z)
  return { z, x: Math.floor(x), y: Math.floor(y) }
}

/** The tiles of zoom z that cover a bounding box (a box crossing the antimeridian has west > east). At most `limit`. */
export function tilesCovering(box: BBox, z: number, limit = 256): TileAddress[] {
  const n = 2 ** z
  const top = tileOf(box.west, box.north, z)
  const bottom = tileOf(box.east, box.south, z)
  const xs: number[] = []
  if (box.west <= box.east) for (let x = top.x; x <= bottom.x; x++) xs.push(x)
  else {
    for (let x = top.x; x < n; x++) xs.push(x)
    for (let x = 0; x <= bottom.x; x++) xs.push(x)
  }
  const tiles: TileAddress[] = []
  for (let y = top.y; y <= bottom.y; y++) for (const x of xs) if (tiles.length < limit) tiles.push({ z, x, y })
  return tiles
}

/**
 * Pixels of a web-mercator view (512-pixel tiles, as maplibre draws them) `width` by `height` around a centre: where a
 * longitude and latitude land, and the box the view covers. A picture drawn with it lies exactly under the map.
 */
export function viewPixels({ longitude, latitude, zoom }: { longitude: number; latitude: number; zoom: number }, width: number, height: number): { project: (lon: number, lat: number) => [number, number]; bbox: BBox } {
  const world = 512 * 2 ** zoom
  const [centreX, centreY] = mercator(longitude, latitude)
  const left = centreX * world - width / 2
  const top = centreY * world - height / 2
  const lonAt = (px: number) => (px / world) * 360 - 180
  const latAt = (py: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / world))) * 180) / Math.PI
  const project = (lon: number, lat: number): [number, number] => {
    const [x, y] = mercator(lon, lat)
    return [x * world - left, y * world - top]
  }
  return { project, bbox: { west: lonAt(left), south: latAt(top + height), east: lonAt(left + width), north: latAt(top) } }
}

/** Where the map opens: all of Czechia. */
export const MAP_INITIAL_VIEW = { longitude: 15.4, latitude: 49.8, zoom: 6 } as const
/** The box the first view's tiles and sidebar are rendered for on the server (Czechia with a margin). */
export const MAP_INITIAL_BBOX: BBox = { west: 11.6, south: 48.4, east: 19.2, north: 51.2 }
