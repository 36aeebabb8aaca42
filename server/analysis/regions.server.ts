import { COUNTRIES, countryPolygons } from '../geo/countries.server.ts'
import { CZ_REGIONS } from '../geo/cz-regions.server.ts'
import { polygonContains, prepareGeometry, type PreparedPolygon } from '../geo/polygons.server.ts'

// Which regions a dataset's extent falls in (docs/regions.md). Runs for every harvested dataset with an extent, a few
// thousand a second, so it samples a handful of points instead of intersecting polygons, and allocates little.

/** Region ids: NUTS 3 codes of Czech kraje (CZ010) and ISO 3166-1 alpha-2 codes of countries (CZ), sorted. */
export type Placement = { centroid: [lon: number, lat: number]; regions: string[] }

export const PLACEMENT_RULE =
  'A dataset falls in a region (a Czech kraj or a country) when the region holds at least a quarter of its extent’s ' +
  'sample points: the point itself; up to 25 of its points or line vertices; for a polygon or bbox, the centres of a ' +
  '5 × 5 grid over the bbox that lie inside the polygon (the bbox centre if none does); an extent under 0.01° across ' +
  'uses only its bbox centre.'

const GRID = 5
const MAX_SAMPLES = GRID * GRID // ≤ 31, so a region's hits fit in one integer bitmask
const TINY_DEGREES = 0.01

type RegionTable = {
  ids: string[]
  /** Regions [0, krajCount) are kraje; the rest are countries, CZ first. */
  krajCount: number
  czIndex: number
  polygons: PreparedPolygon[]
  polygonRegion: Int32Array
  /** west, south, east, north per polygon, for the candidate scan. */
  boxes: Float64Array
}

let table: RegionTable | undefined

function regionTable(): RegionTable {
  if (table) return table
  const countries = [...COUNTRIES]
  const cz = countries.find((country) => country.id === 'CZ')
  // CZ right after the kraje, so a sample a kraj has claimed for CZ is never tested against CZ's polygon again.
  const ordered = cz ? [cz, ...countries.filter((country) => country !== cz)] : countries
  const regions: Array<{ id: string; polygons: readonly PreparedPolygon[] }> = [
    ...CZ_REGIONS.map((kraj) => ({ id: kraj.id, polygons: prepareGeometry(kraj.geometry) })),
    ...ordered.map((country) => ({ id: country.id, polygons: countryPolygons(country) })),
  ]
  const polygons = regions.flatMap((region) => region.polygons)
  const polygonRegion = new Int32Array(polygons.length)
  const boxes = new Float64Array(4 * polygons.length)
  let at = 0
  regions.forEach((region, index) => {
    for (const polygon of region.polygons) {
      polygonRegion[at] = index
      boxes.set(polygon.bbox, 4 * at)
      at++
    }
  })
  const ids = regions.map((region) => region.id)
  table = { ids, krajCount: CZ_REGIONS.length, czIndex: cz ? CZ_REGIONS.length : -1, polygons, polygonRegion, boxes }
  return table
}

// Scratch buffers reused by every call: placement is synchronous, so no two calls share them at once.
const xs = new Float64Array(MAX_SAMPLES)
const ys = new Float64Array(MAX_SAMPLES)
const gridX = new Float64Array(GRID)
const gridY = new Float64Array(GRID)
let candidates = new Int32Array(256)
let hits = new Int32Array(0)

function isPosition(value: unknown): value is [number, number] {
  return Array.isArray(value) && Number.isFinite(value[0]) && Number.isFinite(value[1])
}

function countPositions(lists: unknown): number {
  let count = 0
  if (Array.isArray(lists)) for (const list of lists) if (Array.isArray(list)) for (const p of list) if (isPosition(p)) count++
  return count
}

/** Up to MAX_SAMPLES positions, evenly spaced through the list (all of them when there are few). */
function pickPositions(lists: unknown): number {
  const total = countPositions(lists)
  if (total === 0 || !Array.isArray(lists)) return 0
  const take = Math.min(total, MAX_SAMPLES)
  let seen = 0
  let taken = 0
  let next = 0 // the index of the next position to take
  for (const list of lists) {
    if (!Array.isArray(list)) continue
    for (const p of list) {
      if (!isPosition(p)) continue
      if (seen === next) {
        xs[taken] = p[0]
        ys[taken] = p[1]
        taken++
        if (taken === take) return taken
        next = take === 1 ? total : Math.round((taken * (total - 1)) / (take - 1))
      }
      seen++
    }
  }
  return taken
}

/**
 * Which grid cell centres lie inside the polygons, as a bitmask (bit 5 × row + column). One pass over the edges
 * serves all 25 points: each edge crossing a row's latitude flips the cells of that row west of the crossing, the
 * same even-odd rule as a ray cast per point.
 */
function gridInside(polygons: unknown[]): number {
  let inside = 0
  for (const rings of polygons) {
    if (!Array.isArray(rings)) continue
    let parity = 0
    for (const ring of rings) {
      if (!Array.isArray(ring)) continue
      const m = ring.length
      for (let a = 0, b = m - 1; a < m; b = a++) {
        const pa: unknown = ring[a]
        const pb: unknown = ring[b]
        if (!isPosition(pa) || !isPosition(pb)) continue
        const [xa, ya] = pa
        const [xb, yb] = pb
        for (let row = 0; row < GRID; row++) {
          const y = gridY[row] as number
          if (ya > y !== yb > y) {
            const cross = ((xb - xa) * (y - ya)) / (yb - ya) + xa
            let west = 0
            while (west < GRID && (gridX[west] as number) < cross) west++
            parity ^= ((1 << west) - 1) << (GRID * row)
          }
        }
      }
    }
    inside |= parity
  }
  return inside
}

/** Fills xs/ys with the extent's sample points and returns how many. */
function samplePoints(type: string, coordinates: unknown, bbox: readonly [number, number, number, number], cx: number, cy: number): number {
  const [west, south, east, north] = bbox
  if (type === 'Point') return centreOnly(cx, cy) // the centroid is the point
  if (east - west < TINY_DEGREES && north - south < TINY_DEGREES) return centreOnly(cx, cy)
  if (type === 'MultiPoint') return pickPositions([coordinates]) || centreOnly(cx, cy)
  if (type === 'LineString') return pickPositions([coordinates]) || centreOnly(cx, cy)
  if (type === 'MultiLineString') return pickPositions(coordinates) || centreOnly(cx, cy)
  for (let k = 0; k < GRID; k++) {
    gridX[k] = west + ((k + 0.5) * (east - west)) / GRID
    gridY[k] = south + ((k + 0.5) * (north - south)) / GRID
  }
  let mask = (1 << MAX_SAMPLES) - 1 // an unknown type is read as its bbox
  if (type === 'Polygon') mask = Array.isArray(coordinates) ? gridInside([coordinates]) : 0
  else if (type === 'MultiPolygon') mask = Array.isArray(coordinates) ? gridInside(coordinates) : 0
  if (mask === 0) return centreOnly(cx, cy)
  let count = 0
  for (let bit = 0; bit < MAX_SAMPLES; bit++) {
    if (mask & (1 << bit)) {
      xs[count] = gridX[bit % GRID] as number
      ys[count] = gridY[Math.floor(bit / GRID)] as number
      count++
    }
  }
  return count
}

function centreOnly(cx: number, cy: number): number {
  xs[0] = cx
  ys[0] = cy
  return 1
}

/**
 * Which of the samples in `todo` (a bitmask) lie inside the polygon. Testing the bbox here rather than in a call per
 * sample halves the time for a wide extent, which has hundreds of candidates.
 */
function inside(polygon: PreparedPolygon, todo: number, n: number): number {
  const [w, s, e, north] = polygon.bbox
  let got = 0
  for (let i = 0; i < n; i++) {
    if (!(todo & (1 << i))) continue
    const x = xs[i] as number
    const y = ys[i] as number
    if (x >= w && x <= e && y >= s && y <= north && polygonContains(polygon, x, y)) got |= 1 << i
  }
  return got
}

function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/**
 * The extent's centroid and the regions holding at least a quarter of its sample points (PLACEMENT_RULE). An extent
 * wider than any region gets no regions; a dataset without an extent is never placed (the caller counts those).
 */
export function placeExtent(extent: { bbox: [number, number, number, number]; geometry: { type: string; coordinates: unknown } }): Placement {
  const bbox = extent.bbox
  const [west, south, east, north] = bbox
  const { type, coordinates } = extent.geometry
  const point = type === 'Point' && isPosition(coordinates) ? coordinates : null
  const cx = point ? point[0] : (west + east) / 2
  const cy = point ? point[1] : (south + north) / 2
  const centroid: [number, number] = [cx, cy]
  if (!(Number.isFinite(cx) && Number.isFinite(cy) && west <= east && south <= north)) return { centroid, regions: [] }
  const n = samplePoints(type, coordinates, bbox, cx, cy)

  // Candidates: polygons whose bbox overlaps the samples' bbox (not the declared one, which a sloppy portal may get
  // wrong). Around Czechia that leaves the nearby kraje and a few countries out of about 1,630 polygons.
  let sw = Infinity
  let ss = Infinity
  let se = -Infinity
  let sn = -Infinity
  for (let i = 0; i < n; i++) {
    const x = xs[i] as number
    const y = ys[i] as number
    if (x < sw) sw = x
    if (x > se) se = x
    if (y < ss) ss = y
    if (y > sn) sn = y
  }
  const { ids, krajCount, czIndex, polygons, polygonRegion, boxes } = regionTable()
  if (hits.length !== ids.length) hits = new Int32Array(ids.length)
  if (candidates.length < polygons.length) candidates = new Int32Array(polygons.length)
  let found = 0
  for (let p = 0, b = 0; p < polygons.length; p++, b += 4) {
    if ((boxes[b] as number) <= se && (boxes[b + 2] as number) >= sw && (boxes[b + 1] as number) <= sn && (boxes[b + 3] as number) >= ss) {
      candidates[found++] = p
    }
  }

  const all = (1 << n) - 1
  const touched: number[] = []
  const record = (region: number, got: number) => {
    if (hits[region] === 0) touched.push(region)
    hits[region] = (hits[region] as number) | got
  }
  // Candidates come in table order, kraje first. Each kraj counts on its own: two may share a sample on a simplified
  // border.
  let c = 0
  let inKraj = 0
  for (; c < found && (polygonRegion[candidates[c] as number] as number) < krajCount; c++) {
    const p = candidates[c] as number
    const region = polygonRegion[p] as number
    const got = inside(polygons[p] as PreparedPolygon, all & ~(hits[region] as number), n)
    if (got !== 0) record(region, got)
    inKraj |= got
  }
  // A sample in a kraj is in CZ whatever Natural Earth's coarser border says, and a sample belongs to at most one
  // country: the first, in table order, that contains it.
  let claimed = inKraj
  if (inKraj !== 0 && czIndex >= 0) record(czIndex, inKraj)
  for (; c < found && claimed !== all; c++) {
    const p = candidates[c] as number
    const got = inside(polygons[p] as PreparedPolygon, all & ~claimed, n)
    if (got !== 0) record(polygonRegion[p] as number, got)
    claimed |= got
  }

  const regions: string[] = []
  for (const r of touched) {
    if (bitCount(hits[r] as number) * 4 >= n) regions.push(ids[r] as string)
    hits[r] = 0
  }
  regions.sort()
  return { centroid, regions }
}
