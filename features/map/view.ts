import { MAP_BANDS, MAP_FAMILIES, type BBox, type TileAddress } from '../../lib/domain/map.ts'
import type { MapTile } from '../../lib/domain/map-tile.ts'
import { filteredCount, styledTile, type TileStyle } from './tile-style.ts'

// The view as the rest of the page sees it (a box and a zoom), and what the loaded tiles say about it.

export type MapView = { bbox: BBox; zoom: number }
export type LoadedTile = { id: string; address: TileAddress; tile: MapTile }

const MAX_LAT = 85.0511

const round = (value: number) => Math.round(value * 1e5) / 1e5

/**
 * A box the API accepts, from the map's bounds: longitudes back into -180..180 (a box crossing the antimeridian
 * keeps west > east), latitudes inside web-mercator's limit, a view wider than the world the whole world, and
 * rounded to about a metre so tiny movements do not make new query keys.
 */
export function normaliseBBox(west: number, south: number, east: number, north: number): BBox {
  const s = round(Math.max(-MAX_LAT, Math.min(MAX_LAT, south)))
  const n = round(Math.max(-MAX_LAT, Math.min(MAX_LAT, north)))
  if (east - west >= 360) return { west: -180, south: s, east: 180, north: n }
  const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180
  let w = wrap(west)
  let e = wrap(east)
  // 180 wraps to -180: keep an east edge on the antimeridian as 180.
  if (e === -180 && east > west) e = 180
  if (w === 180) w = -180
  return { west: round(w), south: s, east: round(e), north: n }
}

export function inBBox(lon: number, lat: number, box: BBox): boolean {
  if (lat < box.south || lat > box.north) return false
  return box.west <= box.east ? lon >= box.west && lon <= box.east : lon >= box.west || lon <= box.east
}

/** Datasets in the box after the filters: clusters (or points) whose centre lies inside, each counted by its filtered count. */
export function totalInView(tiles: readonly LoadedTile[], box: BBox, style: TileStyle): number {
  let total = 0
  for (const { tile } of tiles) {
    const { counts } = styledTile(tile, style)
    for (let i = 0; i < tile.n; i++) {
      if (counts[i] && inBBox(tile.positions[2 * i]!, tile.positions[2 * i + 1]!, box)) total += counts[i]!
    }
  }
  return total
}

/**
 * The legend's figures: datasets in the box per family (or band, whichever colours the map), after the filters.
 * A cluster knows its families and its bands only apart, so with a filter on the other one each figure is capped by
 * the cluster's filtered count (an upper bound, exact for single points).
 */
export function legendCounts(tiles: readonly LoadedTile[], box: BBox, style: TileStyle): number[] {
  const byFamily = style.colourBy === 'family'
  const size = byFamily ? MAP_FAMILIES.length : MAP_BANDS.length
  const selected = byFamily ? (style.filter.family ? MAP_FAMILIES.indexOf(style.filter.family) : -1) : style.filter.band ? MAP_BANDS.indexOf(style.filter.band) : -1
  const sums = new Array<number>(size).fill(0)
  for (const { tile } of tiles) {
    for (let i = 0; i < tile.n; i++) {
      if (!inBBox(tile.positions[2 * i]!, tile.positions[2 * i + 1]!, box)) continue
      if (tile.kind === 'points') {
        if (styledTile(tile, style).counts[i]) sums[byFamily ? tile.families[i]! : tile.bands[i]!]! += 1
        continue
      }
      const cap = filteredCount(tile, i, style.filter)
      if (cap === 0) continue
      const reduced = byFamily ? tile.familyCounts : tile.bandCounts
      for (let k = 0; k < size; k++) {
        if (selected >= 0 && k !== selected) continue
        sums[k]! += Math.min(reduced[i * size + k]!, cap)
      }
    }
  }
  return sums
}

export type Picked =
  | { kind: 'cluster'; lon: number; lat: number; count: number; expansionZoom: number; datasetKey: number }
  | { kind: 'point'; lon: number; lat: number; datasetKey: number }

/**
 * The symbol under a click, found on the CPU from the tiles' own positions: the map draws a few thousand symbols at
 * most, so this costs less than a GPU picking pass and runs only on a click (no picking while the pointer moves).
 * The nearest visible symbol whose drawn circle (plus a few pixels of slack for fingers) holds the point wins.
 */
export function pickAt(
  tiles: readonly LoadedTile[],
  style: TileStyle,
  point: { x: number; y: number },
  project: (lon: number, lat: number) => { x: number; y: number },
  slack = 4,
): Picked | null {
  let best: Picked | null = null
  let bestDistance = Infinity
  for (const { tile } of tiles) {
    const styled = styledTile(tile, style)
    for (let i = 0; i < tile.n; i++) {
      const radius = styled.radii[i]!
      if (radius === 0) continue
      const lon = tile.positions[2 * i]!
      const lat = tile.positions[2 * i + 1]!
      const screen = project(lon, lat)
      const distance = Math.hypot(screen.x - point.x, screen.y - point.y)
      if (distance > radius + slack || distance >= bestDistance) continue
      bestDistance = distance
      best =
        tile.kind === 'points'
          ? { kind: 'point', lon, lat, datasetKey: tile.datasetKeys[i]! }
          : { kind: 'cluster', lon, lat, count: styled.counts[i]!, expansionZoom: tile.expansionZoom[i]!, datasetKey: tile.counts[i] === 1 ? tile.datasetKeys[i]! : 0 }
    }
  }
  return best
}

type Position = readonly number[]
export type ExtentGeometry = { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] } | { type: string; coordinates?: unknown }

function geometryBox(geometry: ExtentGeometry): BBox | null {
  const rings = geometry.type === 'Polygon' ? (geometry.coordinates as Position[][]) : geometry.type === 'MultiPolygon' ? (geometry.coordinates as Position[][][]).flat() : null
  if (!rings) return null
  let west = Infinity
  let south = Infinity
  let east = -Infinity
  let north = -Infinity
  for (const ring of rings) {
    for (const [lon, lat] of ring) {
      if (lon === undefined || lat === undefined) continue
      west = Math.min(west, lon)
      east = Math.max(east, lon)
      south = Math.min(south, lat)
      north = Math.max(north, lat)
    }
  }
  return west <= east ? { west, south, east, north } : null
}

const boxArea = (box: BBox) => Math.max(0, box.east - box.west) * Math.max(0, box.north - box.south)

/**
 * The extents worth drawing over a view: polygons only, each shape once (datasets of one publisher often share
 * theirs), and none as large as half the view or larger: a dataset about all of Prague says nothing about one of
 * its streets, and a stack of such outlines would only tint the map. Its point still marks it.
 */
export function informativeExtents<T extends { geometry: ExtentGeometry }>(extents: readonly T[], view: BBox): T[] {
  const limit = boxArea(view) / 2
  const seen = new Set<string>()
  return extents.filter(({ geometry }) => {
    const box = geometryBox(geometry)
    if (!box || boxArea(box) >= limit) return false
    const key = [box.west, box.south, box.east, box.north].map((value) => value.toFixed(4)).join(',')
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
