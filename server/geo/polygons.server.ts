// Point-in-polygon tests for region polygons, fast enough to test every dataset extent during a harvest. Same rule
// as cz-regions.ts (even-odd ray casting over all rings, so holes work), with the edges bucketed into horizontal
// bands: a test reads only the edges at the point's latitude instead of every edge of a 5,000-vertex coastline.

// Minimal GeoJSON types, local so the product needs no @types/geojson.
export type Position = number[]
export type Polygon = { type: 'Polygon'; coordinates: Position[][] }
export type MultiPolygon = { type: 'MultiPolygon'; coordinates: Position[][][] }
export type BBox = [west: number, south: number, east: number, north: number]

/** A ring flattened to [x0, y0, x1, y1, …]; a closing vertex equal to the first is allowed and harmless. */
export type FlatRing = Float64Array

/** One polygon (outer ring first, then holes), ready for point tests. */
export type PreparedPolygon = {
  readonly bbox: BBox
  readonly rings: readonly FlatRing[]
  /** Built on the first test that passes the bbox check, so polygons nobody's data touches cost nothing. */
  bands: Bands | null
}

type Bands = {
  count: number
  /** Band k covers latitudes from south + k / scale. */
  scale: number
  /** Band k's edges are edges[4 * start[k] … 4 * start[k + 1]) as (xa, ya, xb, yb); copied per band for locality. */
  start: Uint32Array
  edges: Float64Array
}

export function flattenRing(ring: ReadonlyArray<ReadonlyArray<number>>): FlatRing {
  const out = new Float64Array(ring.length * 2)
  for (let k = 0; k < ring.length; k++) {
    out[2 * k] = ring[k]?.[0] ?? NaN
    out[2 * k + 1] = ring[k]?.[1] ?? NaN
  }
  return out
}

/** The bbox covers every ring, not just the outer one, so a pole cap split into rings (Antarctica) keeps its extent. */
export function preparePolygon(rings: readonly FlatRing[]): PreparedPolygon {
  const bbox: BBox = [Infinity, Infinity, -Infinity, -Infinity]
  for (const ring of rings) {
    for (let k = 0; k < ring.length; k += 2) {
      const x = ring[k] as number
      const y = ring[k + 1] as number
      if (x < bbox[0]) bbox[0] = x
      if (y < bbox[1]) bbox[1] = y
      if (x > bbox[2]) bbox[2] = x
      if (y > bbox[3]) bbox[3] = y
    }
  }
  return { bbox, rings, bands: null }
}

/**
 * A ring made continuous across ±180°: each jump of more than 180° in longitude becomes a step the short way round, so
 * a ring that wraps (Russia's Chukotka, Fiji) becomes one that reaches past 180°. A ring that goes all the way round
 * (Antarctica's coast) is closed along its pole, so the plane sees the area between the coast and the pole.
 */
function unwrapRing(ring: FlatRing): FlatRing {
  const n = ring.length
  const closed = n >= 4 && ring[0] === ring[n - 2] && ring[1] === ring[n - 1]
  const points = closed ? ring : Float64Array.of(...ring, ring[0] ?? NaN, ring[1] ?? NaN)
  const m = points.length
  const out = new Float64Array(m)
  let offset = 0
  let sumY = 0
  for (let k = 0; k < m; k += 2) {
    const x = points[k] as number
    if (k > 0) {
      const dx = x - (points[k - 2] as number)
      if (dx > 180) offset -= 360
      else if (dx < -180) offset += 360
    }
    out[k] = x + offset
    out[k + 1] = points[k + 1] as number
    sumY += points[k + 1] as number
  }
  if (offset === 0) return out
  const pole = sumY < 0 ? -90 : 90
  const x0 = out[0] as number
  const y0 = out[1] as number
  return Float64Array.of(...out, out[m - 2] as number, pole, x0, pole, x0, y0)
}

function shifted(ring: FlatRing, dx: number): FlatRing {
  if (dx === 0) return ring
  const out = Float64Array.from(ring)
  for (let k = 0; k < out.length; k += 2) out[k] = (out[k] as number) + dx
  return out
}

function crossesAntimeridian(ring: FlatRing): boolean {
  for (let k = 2; k < ring.length; k += 2) if (Math.abs((ring[k] as number) - (ring[k - 2] as number)) > 180) return true
  return false
}

/**
 * A polygon in longitude/latitude prepared for the plane. Rings that cross ±180° are unwrapped, and the polygon is
 * returned once for each 360° shift that reaches into [-180°, 180°], so Chukotka (west of -169°) and the rest of
 * Russia are both found. Holes move with their outer ring. Polygons that do not cross come back unchanged, as one.
 */
export function prepareLonLatPolygon(rings: readonly FlatRing[]): PreparedPolygon[] {
  if (!rings.some(crossesAntimeridian)) return [preparePolygon(rings)]
  const unwrapped = rings.map(unwrapRing)
  const outer = preparePolygon(unwrapped.slice(0, 1)).bbox
  const aligned = unwrapped.map((ring, index) => {
    if (index === 0) return ring
    const x = ring[0] as number
    const turns = x > outer[2] ? -Math.ceil((x - outer[2]) / 360) : x < outer[0] ? Math.ceil((outer[0] - x) / 360) : 0
    return shifted(ring, 360 * turns)
  })
  const all = preparePolygon(aligned).bbox
  const out: PreparedPolygon[] = []
  for (const dx of [-360, 0, 360]) if (all[0] + dx < 180 && all[2] + dx > -180) out.push(preparePolygon(aligned.map((ring) => shifted(ring, dx))))
  return out
}

export function prepareGeometry(geometry: Polygon | MultiPolygon): PreparedPolygon[] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
  return polygons.map((rings) => preparePolygon(rings.map(flattenRing)))
}

export function bboxOfPolygons(polygons: readonly PreparedPolygon[]): BBox {
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity]
  for (const { bbox } of polygons) {
    if (bbox[0] < box[0]) box[0] = bbox[0]
    if (bbox[1] < box[1]) box[1] = bbox[1]
    if (bbox[2] > box[2]) box[2] = bbox[2]
    if (bbox[3] > box[3]) box[3] = bbox[3]
  }
  return box
}

function bandOf(y: number, south: number, scale: number, count: number): number {
  const k = Math.floor((y - south) * scale)
  return k < 0 ? 0 : k >= count ? count - 1 : k
}

// About four edges per band keeps a test to a handful of edges; the cap bounds memory for long, jagged coastlines.
const EDGES_PER_BAND = 4
const MAX_BANDS = 4096

function buildBands(polygon: PreparedPolygon): Bands {
  const south = polygon.bbox[1]
  const height = polygon.bbox[3] - south
  let edgeCount = 0
  for (const ring of polygon.rings) edgeCount += ring.length / 2
  const count = height > 0 ? Math.max(1, Math.min(MAX_BANDS, Math.ceil(edgeCount / EDGES_PER_BAND))) : 1
  const scale = height > 0 ? count / height : 0
  // An edge can only cross a horizontal line at y when min(ya, yb) <= y < max(ya, yb), and bandOf is monotonic, so
  // listing each edge in the bands from bandOf(min) to bandOf(max) finds every crossing: the answer equals a full scan.
  const start = new Uint32Array(count + 1)
  const forEachEdge = (visit: (xa: number, ya: number, xb: number, yb: number, first: number, last: number) => void) => {
    for (const ring of polygon.rings) {
      const n = ring.length
      for (let a = 0, b = n - 2; a < n; b = a, a += 2) {
        const ya = ring[a + 1] as number
        const yb = ring[b + 1] as number
        if (ya === yb || Number.isNaN(ya) || Number.isNaN(yb)) continue // horizontal or NaN: never crosses
        const first = bandOf(Math.min(ya, yb), south, scale, count)
        const last = bandOf(Math.max(ya, yb), south, scale, count)
        visit(ring[a] as number, ya, ring[b] as number, yb, first, last)
      }
    }
  }
  forEachEdge((_xa, _ya, _xb, _yb, first, last) => {
    for (let k = first; k <= last; k++) (start[k + 1] as number)++
  })
  for (let k = 0; k < count; k++) start[k + 1] = (start[k + 1] as number) + (start[k] as number)
  const edges = new Float64Array(4 * (start[count] as number))
  const fill = start.slice(0, count)
  forEachEdge((xa, ya, xb, yb, first, last) => {
    for (let k = first; k <= last; k++) {
      const at = 4 * (fill[k] as number)
      fill[k] = (fill[k] as number) + 1
      edges[at] = xa
      edges[at + 1] = ya
      edges[at + 2] = xb
      edges[at + 3] = yb
    }
  })
  return { count, scale, start, edges }
}

/** Even-odd ray casting, the same arithmetic as cz-regions.ts, so both agree on every point. */
export function polygonContains(polygon: PreparedPolygon, x: number, y: number): boolean {
  const box = polygon.bbox
  if (!(x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3])) return false
  const bands = (polygon.bands ??= buildBands(polygon))
  const k = bandOf(y, box[1], bands.scale, bands.count)
  const edges = bands.edges
  const end = 4 * (bands.start[k + 1] as number)
  let inside = false
  for (let j = 4 * (bands.start[k] as number); j < end; j += 4) {
    const ya = edges[j + 1] as number
    const yb = edges[j + 3] as number
    if (ya > y !== yb > y) {
      const xa = edges[j] as number
      const xb = edges[j + 2] as number
      if (x < ((xb - xa) * (y - ya)) / (yb - ya) + xa) inside = !inside
    }
  }
  return inside
}

export function anyPolygonContains(polygons: readonly PreparedPolygon[], x: number, y: number): boolean {
  for (const polygon of polygons) if (polygonContains(polygon, x, y)) return true
  return false
}
