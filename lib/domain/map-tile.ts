import { MAP_BANDS, MAP_FAMILIES } from './map.ts'

// The binary form of one map tile (docs/map.md): typed arrays a deck.gl layer takes as binary attributes without
// copying, written once per build in the helper process and served as stored. Little-endian, every array 4-byte
// aligned:
//
//   header   u8 'P', u8 version (2), u8 kind (0 clusters, 1 points), u8 families F, u8 bands B, 3 bytes zero, u32 n
//   clusters f32 positions[2n] (lon, lat), u32 counts[n], u32 datasetKeys[n], u32 familyCounts[n*F],
//            u32 bandCounts[n*B], u8 expansionZoom[n]
//   points   f32 positions[2n], u32 datasetKeys[n], u8 families[n], u8 bands[n]
//
// A cluster's family and band counts are its points' reduced, so colouring and filtering by either needs no query.
// A "cluster" of one dataset carries that dataset's key (0 for a real cluster), so a click on it opens its popup.
// Version 1 (no keys in cluster tiles) still decodes, with no keys, for the builds made before version 2.

const MAGIC = 0x50
const VERSION = 2
const HEADER_BYTES = 12
const F = MAP_FAMILIES.length
const B = MAP_BANDS.length

export type ClusterTile = {
  kind: 'clusters'
  n: number
  positions: Float32Array
  counts: Uint32Array
  /** The dataset's key where the cluster holds one dataset, else 0. */
  datasetKeys: Uint32Array
  familyCounts: Uint32Array
  bandCounts: Uint32Array
  expansionZoom: Uint8Array
}

export type PointTile = {
  kind: 'points'
  n: number
  positions: Float32Array
  datasetKeys: Uint32Array
  families: Uint8Array
  bands: Uint8Array
}

export type MapTile = ClusterTile | PointTile

export type ClusterInput = { lon: number; lat: number; count: number; datasetKey: number; familyCounts: ArrayLike<number>; bandCounts: ArrayLike<number>; expansionZoom: number }
export type PointInput = { lon: number; lat: number; datasetKey: number; family: number; band: number }

const pad4 = (bytes: number) => (bytes + 3) & ~3
const clusterTileBytes = (n: number, version: number) => HEADER_BYTES + 8 * n + 4 * n + (version >= 2 ? 4 * n : 0) + 4 * n * F + 4 * n * B + pad4(n)

export function encodeClusterTile(clusters: readonly ClusterInput[]): Uint8Array {
  const n = clusters.length
  const size = clusterTileBytes(n, VERSION)
  const buffer = new ArrayBuffer(size)
  writeHeader(buffer, 0, n)
  let offset = HEADER_BYTES
  const positions = new Float32Array(buffer, offset, 2 * n)
  offset += 8 * n
  const counts = new Uint32Array(buffer, offset, n)
  offset += 4 * n
  const datasetKeys = new Uint32Array(buffer, offset, n)
  offset += 4 * n
  const familyCounts = new Uint32Array(buffer, offset, n * F)
  offset += 4 * n * F
  const bandCounts = new Uint32Array(buffer, offset, n * B)
  offset += 4 * n * B
  const expansionZoom = new Uint8Array(buffer, offset, n)
  clusters.forEach((cluster, i) => {
    positions[2 * i] = cluster.lon
    positions[2 * i + 1] = cluster.lat
    counts[i] = cluster.count
    datasetKeys[i] = cluster.count === 1 ? cluster.datasetKey : 0
    for (let f = 0; f < F; f++) familyCounts[i * F + f] = cluster.familyCounts[f] ?? 0
    for (let b = 0; b < B; b++) bandCounts[i * B + b] = cluster.bandCounts[b] ?? 0
    expansionZoom[i] = cluster.expansionZoom
  })
  return new Uint8Array(buffer)
}

export function encodePointTile(points: readonly PointInput[]): Uint8Array {
  const n = points.length
  const size = HEADER_BYTES + 8 * n + 4 * n + pad4(2 * n)
  const buffer = new ArrayBuffer(size)
  writeHeader(buffer, 1, n)
  let offset = HEADER_BYTES
  const positions = new Float32Array(buffer, offset, 2 * n)
  offset += 8 * n
  const datasetKeys = new Uint32Array(buffer, offset, n)
  offset += 4 * n
  const families = new Uint8Array(buffer, offset, n)
  const bands = new Uint8Array(buffer, offset + n, n)
  points.forEach((point, i) => {
    positions[2 * i] = point.lon
    positions[2 * i + 1] = point.lat
    datasetKeys[i] = point.datasetKey
    families[i] = point.family
    bands[i] = point.band
  })
  return new Uint8Array(buffer)
}

function writeHeader(buffer: ArrayBuffer, kind: 0 | 1, n: number) {
  const view = new DataView(buffer)
  view.setUint8(0, MAGIC)
  view.setUint8(1, VERSION)
  view.setUint8(2, kind)
  view.setUint8(3, F)
  view.setUint8(4, B)
  view.setUint32(8, n, true)
}

/** An empty tile of either kind decodes from zero bytes (the route answers 204 for a tile without a row). */
/** The format tiles are written in now: part of a map build's source, so a new format means a new build. */
export const MAP_TILE_VERSION = VERSION

export function emptyTile(kind: MapTile['kind']): MapTile {
  return kind === 'points'
    ? { kind, n: 0, positions: new Float32Array(0), datasetKeys: new Uint32Array(0), families: new Uint8Array(0), bands: new Uint8Array(0) }
    : { kind, n: 0, positions: new Float32Array(0), counts: new Uint32Array(0), datasetKeys: new Uint32Array(0), familyCounts: new Uint32Array(0), bandCounts: new Uint32Array(0), expansionZoom: new Uint8Array(0) }
}

/**
 * Reads a tile. The bytes come from our own server, but a proxy or a stale cache can still hand over something else:
 * anything that does not fit throws instead of drawing garbage. Copies into an aligned buffer when it must.
 */
export function decodeTile(input: ArrayBuffer | Uint8Array): MapTile {
  const bytes = ArrayBuffer.isView(input) ? input : new Uint8Array(input)
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice()
  const { buffer, byteOffset, byteLength } = aligned
  if (byteLength < HEADER_BYTES) throw new Error('map tile: too short')
  const view = new DataView(buffer, byteOffset, byteLength)
  const version = view.getUint8(1)
  if (view.getUint8(0) !== MAGIC || version < 1 || version > VERSION) throw new Error('map tile: unknown format')
  const kind = view.getUint8(2)
  if (view.getUint8(3) !== F || view.getUint8(4) !== B) throw new Error('map tile: families or bands differ')
  const n = view.getUint32(8, true)
  let offset = byteOffset + HEADER_BYTES
  const expected = kind === 0 ? clusterTileBytes(n, version) : HEADER_BYTES + 12 * n + pad4(2 * n)
  if (kind > 1 || byteLength !== expected) throw new Error('map tile: wrong length')
  const positions = new Float32Array(buffer, offset, 2 * n)
  offset += 8 * n
  if (kind === 1) {
    const datasetKeys = new Uint32Array(buffer, offset, n)
    offset += 4 * n
    return { kind: 'points', n, positions, datasetKeys, families: new Uint8Array(buffer, offset, n), bands: new Uint8Array(buffer, offset + n, n) }
  }
  const counts = new Uint32Array(buffer, offset, n)
  offset += 4 * n
  let datasetKeys: Uint32Array = new Uint32Array(n)
  if (version >= 2) {
    datasetKeys = new Uint32Array(buffer, offset, n)
    offset += 4 * n
  }
  const familyCounts = new Uint32Array(buffer, offset, n * F)
  offset += 4 * n * F
  const bandCounts = new Uint32Array(buffer, offset, n * B)
  offset += 4 * n * B
  return { kind: 'clusters', n, positions, counts, datasetKeys, familyCounts, bandCounts, expansionZoom: new Uint8Array(buffer, offset, n) }
}
