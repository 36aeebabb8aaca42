import Supercluster, { type PointFeature } from 'supercluster'
import { MAP_BANDS, MAP_CLUSTER_EXTENT, MAP_CLUSTER_MAX_ZOOM, MAP_CLUSTER_RADIUS, MAP_FAMILIES, MAP_POINT_ZOOM, tileOf } from '../../lib/domain/map.ts'
import { encodeClusterTile, encodePointTile, type ClusterInput, type PointInput } from '../../lib/domain/map-tile.ts'

// A scope's points clustered zoom by zoom and cut into encoded tiles (docs/map.md). Pure: the build
// (build.server.ts) reads the points and writes what this yields, one zoom at a time, so that only one zoom's tiles
// are ever in memory.

/** The map's points as columns: one entry per dataset with an extent, in dataset-key order. */
export type MapPoints = {
  n: number
  keys: Float64Array
  lon: Float64Array
  lat: Float64Array
  family: Uint8Array
  band: Uint8Array
  /** Index into `portals`. */
  portal: Uint16Array
  portals: string[]
}

export type EncodedTile = { z: number; x: number; y: number; data: Uint8Array }

const F = MAP_FAMILIES.length
const B = MAP_BANDS.length
// Per-family and per-band counts as flat numeric properties: supercluster copies a cluster's properties shallowly
// from one zoom to the next, so nested arrays would be shared and summed twice.
const FAMILY_FIELDS = MAP_FAMILIES.map((_, index) => `f${index}`)
const BAND_FIELDS = MAP_BANDS.map((_, index) => `b${index}`)
const FIELDS = [...FAMILY_FIELDS, ...BAND_FIELDS]

type Counts = Record<string, number>
type ClusterProperties = Counts & { cluster?: true; cluster_id?: number; point_count?: number }

/** The properties of a point with this family and band; one shared object per combination (40), not per point. */
const POINT_PROPERTIES: Counts[] = Array.from({ length: F * B }, (_, combination) => {
  const properties: Counts = {}
  for (const field of FIELDS) properties[field] = 0
  properties[FAMILY_FIELDS[Math.floor(combination / B)]!] = 1
  properties[BAND_FIELDS[combination % B]!] = 1
  return properties
})

function clusterIndex(): Supercluster<Counts, Counts> {
  return new Supercluster<Counts, Counts>({
    minZoom: 0,
    maxZoom: MAP_CLUSTER_MAX_ZOOM,
    radius: MAP_CLUSTER_RADIUS,
    extent: MAP_CLUSTER_EXTENT,
    // Identity: supercluster copies a point's properties before reducing into them.
    map: (properties) => properties,
    reduce: (sum, properties) => {
      for (const field of FIELDS) sum[field]! += properties[field]!
    },
  })
}

/**
 * The points of one scope as GeoJSON features for supercluster's load(), without making a million of them: load()
 * reads each feature's coordinates and keeps only its properties, so one feature object is refilled per point.
 */
function featuresOf(points: MapPoints, members: Uint32Array): Array<PointFeature<Counts>> {
  const feature = { type: 'Feature' as const, id: 0, geometry: { type: 'Point' as const, coordinates: [0, 0] }, properties: POINT_PROPERTIES[0]! }
  const iterable = {
    length: members.length,
    *[Symbol.iterator]() {
      for (const index of members) {
        feature.geometry.coordinates = [points.lon[index]!, points.lat[index]!]
        feature.properties = POINT_PROPERTIES[points.family[index]! * B + points.band[index]!]!
        // Kept by supercluster for points it leaves alone: a cluster of one then knows its dataset.
        feature.id = points.keys[index]!
        yield feature
      }
    },
  }
  return iterable as unknown as Array<PointFeature<Counts>>
}

/** Groups items by the tile of zoom z they fall in; tiles in (x, y) order, the primary key's order. */
function byTile<T>(z: number, items: Iterable<T>, position: (item: T) => [lon: number, lat: number]): Array<{ x: number; y: number; items: T[] }> {
  const side = 2 ** z
  const buckets = new Map<number, T[]>()
  for (const item of items) {
    const [lon, lat] = position(item)
    const { x, y } = tileOf(lon, lat, z)
    const id = x * side + y
    const bucket = buckets.get(id)
    if (bucket) bucket.push(item)
    else buckets.set(id, [item])
  }
  return [...buckets.keys()].sort((a, b) => a - b).map((id) => ({ x: Math.floor(id / side), y: id % side, items: buckets.get(id)! }))
}

/**
 * One scope's tiles: the clusters of zooms 0 to MAP_CLUSTER_MAX_ZOOM (a single point there is a cluster of one that
 * expands straight to the point zoom), then the single points at MAP_POINT_ZOOM. Yields one zoom at a time.
 */
export function* scopeTiles(points: MapPoints, members: Uint32Array): Generator<{ z: number; tiles: EncodedTile[] }> {
  if (members.length === 0) return
  const index = clusterIndex().load(featuresOf(points, members))
  for (let z = 0; z <= MAP_CLUSTER_MAX_ZOOM; z++) {
    const features = index.getClusters([-180, -90, 180, 90], z)
    const tiles = byTile(z, features, (feature) => feature.geometry.coordinates as [number, number]).map(({ x, y, items }) => ({
      z,
      x,
      y,
      data: encodeClusterTile(
        items.map((feature): ClusterInput => {
          const properties = feature.properties as ClusterProperties
          const [lon, lat] = feature.geometry.coordinates as [number, number]
          const cluster = properties.cluster === true
          return {
            lon,
            lat,
            count: cluster ? properties.point_count! : 1,
            datasetKey: cluster ? 0 : Number(feature.id ?? 0),
            familyCounts: FAMILY_FIELDS.map((field) => properties[field]!),
            bandCounts: BAND_FIELDS.map((field) => properties[field]!),
            expansionZoom: cluster ? Math.min(index.getClusterExpansionZoom(properties.cluster_id!), MAP_POINT_ZOOM) : MAP_POINT_ZOOM,
          }
        }),
      ),
    }))
    yield { z, tiles }
  }
  const tiles = byTile(MAP_POINT_ZOOM, members, (index) => [points.lon[index]!, points.lat[index]!]).map(({ x, y, items }) => ({
    z: MAP_POINT_ZOOM,
    x,
    y,
    data: encodePointTile(
      items.map((index): PointInput => ({ lon: points.lon[index]!, lat: points.lat[index]!, datasetKey: points.keys[index]!, family: points.family[index]!, band: points.band[index]! })),
    ),
  }))
  yield { z: MAP_POINT_ZOOM, tiles }
}

/** The scopes of a build: '' (every portal) first, then each portal with points, with the indexes of their points. */
export function scopesOf(points: MapPoints): Array<{ scope: string; members: Uint32Array }> {
  const all = new Uint32Array(points.n)
  for (let i = 0; i < points.n; i++) all[i] = i
  // Counting sort by portal: one array of indexes, cut into one view per portal.
  const counts = new Uint32Array(points.portals.length + 1)
  for (let i = 0; i < points.n; i++) counts[points.portal[i]! + 1]!++
  for (let p = 1; p < counts.length; p++) counts[p]! += counts[p - 1]!
  const next = counts.slice(0, points.portals.length)
  const ordered = new Uint32Array(points.n)
  for (let i = 0; i < points.n; i++) ordered[next[points.portal[i]!]!++] = i
  const scopes = [{ scope: '', members: all }]
  points.portals.forEach((portalId, p) => {
    if (counts[p + 1]! > counts[p]!) scopes.push({ scope: portalId, members: ordered.subarray(counts[p], counts[p + 1]) })
  })
  return scopes
}
