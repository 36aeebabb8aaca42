import { viewPixels } from '../../lib/domain/map.ts'
import { COUNTRIES, type Country } from './countries.server.ts'
import { CZ_REGIONS } from './cz-regions.server.ts'
import type { BBox, MultiPolygon, Polygon, Position } from './polygons.server.ts'

// SVG outlines of the Czech kraje for small server-rendered maps (the overview choropleth, a dataset's extent), until
// the interactive map takes over. Plain equirectangular with the longitude shrunk by cos(latitude) at the centre of
// Czechia: at this scale the distortion is invisible, and paths are computed once per process.

export type OutlineFrame = { width: number; height: number; project: (lon: number, lat: number) => [number, number] }

const CZ_BOX: BBox = CZ_REGIONS.reduce<BBox>(
  (box, region) => [Math.min(box[0], region.bbox[0]), Math.min(box[1], region.bbox[1]), Math.max(box[2], region.bbox[2]), Math.max(box[3], region.bbox[3])],
  [Infinity, Infinity, -Infinity, -Infinity],
)
const SHRINK = Math.cos((((CZ_BOX[1] + CZ_BOX[3]) / 2) * Math.PI) / 180)

/** A frame `width` wide around Czechia (with `padding` in degrees), its height following the country's shape. */
export function czFrame(width: number, padding = 0.1): OutlineFrame {
  const [west, south, east, north] = [CZ_BOX[0] - padding, CZ_BOX[1] - padding, CZ_BOX[2] + padding, CZ_BOX[3] + padding]
  const scale = width / ((east - west) * SHRINK)
  const height = Math.round((north - south) * scale)
  return { width, height, project: (lon, lat) => [(lon - west) * SHRINK * scale, (north - lat) * scale] }
}

function ringPath(ring: Position[], frame: OutlineFrame, tolerance = 0): string {
  let points = ring.map((point) => frame.project(point[0] ?? 0, point[1] ?? 0))
  if (tolerance > 0) {
    // A ring smaller than the tolerance (an islet) would be a speck: left out.
    const xs = points.map(([x]) => x)
    const ys = points.map(([, y]) => y)
    if (Math.max(...xs) - Math.min(...xs) < tolerance && Math.max(...ys) - Math.min(...ys) < tolerance) return ''
    points = simplified(points, tolerance)
  }
  let d = ''
  for (const [index, [x, y]] of points.entries()) d += `${index === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`
  return `${d}Z`
}

/** Douglas–Peucker in pixels: the points that keep the line within `tolerance` of the original. */
function simplified(points: Array<[number, number]>, tolerance: number): Array<[number, number]> {
  if (points.length < 4) return points
  const keep = new Uint8Array(points.length)
  keep[0] = 1
  keep[points.length - 1] = 1
  const stack: Array<[number, number]> = [[0, points.length - 1]]
  while (stack.length) {
    const [first, last] = stack.pop()!
    const [ax, ay] = points[first]!
    const [bx, by] = points[last]!
    const length = Math.hypot(bx - ax, by - ay)
    let farthest = -1
    let distance = tolerance
    for (let index = first + 1; index < last; index++) {
      const [px, py] = points[index]!
      const away = length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length
      if (away > distance) {
        distance = away
        farthest = index
      }
    }
    if (farthest !== -1) {
      keep[farthest] = 1
      stack.push([first, farthest], [farthest, last])
    }
  }
  return points.filter((_, index) => keep[index] === 1)
}

// Country outlines at 1:50m hold far more detail than a few hundred pixels show: half a pixel is invisible.
const COUNTRY_TOLERANCE_PX = 0.5

/** One SVG path per kraj, keyed by NUTS3 id, with the Czech and English names. */
export function krajPaths(frame: OutlineFrame, tolerance = 0): Array<{ id: string; nameCs: string; nameEn: string; d: string }> {
  return CZ_REGIONS.map((region) => {
    const polygons = region.geometry.type === 'Polygon' ? [region.geometry.coordinates] : region.geometry.coordinates
    return { id: region.id, nameCs: region.nameCs, nameEn: region.nameEn, d: polygons.flatMap((rings) => rings.map((ring) => ringPath(ring, frame, tolerance))).join('') }
  })
}

/** A bounding box as an SVG rectangle in the frame, clipped to it (an extent may reach beyond Czechia). */
export function bboxRect(frame: OutlineFrame, [west, south, east, north]: BBox): { x: number; y: number; width: number; height: number } {
  const [x0, y0] = frame.project(west, north)
  const [x1, y1] = frame.project(east, south)
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value))
  const x = clamp(x0, frame.width)
  const y = clamp(y0, frame.height)
  return { x, y, width: Math.max(1, clamp(x1, frame.width) - x), height: Math.max(1, clamp(y1, frame.height) - y) }
}

/** A frame `width` wide around `box` (degrees), the longitude shrunk by cos(latitude) at its centre; the height follows. */
export function frameAround([west, south, east, north]: BBox, width: number): OutlineFrame & { box: BBox } {
  const shrink = Math.cos((((south + north) / 2) * Math.PI) / 180)
  const scale = width / ((east - west) * shrink)
  const height = Math.round((north - south) * scale)
  return { width, height, box: [west, south, east, north], project: (lon, lat) => [(lon - west) * shrink * scale, (north - lat) * scale] }
}

/** The frame of a web-mercator view (lib/domain/map.ts viewPixels), so an SVG of it lies exactly under the map. */
export function mercatorFrame(view: { longitude: number; latitude: number; zoom: number }, width: number, height: number): OutlineFrame & { box: BBox } {
  const { project, bbox } = viewPixels(view, width, height)
  return { width, height, box: [bbox.west, bbox.south, bbox.east, bbox.north], project }
}

const polygonsOf = (geometry: Polygon | MultiPolygon): Position[][][] => (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates)

function boxOf(ring: Position[]): BBox {
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity]
  for (const [lon = 0, lat = 0] of ring) {
    box[0] = Math.min(box[0], lon)
    box[1] = Math.min(box[1], lat)
    box[2] = Math.max(box[2], lon)
    box[3] = Math.max(box[3], lat)
  }
  return box
}

function ringArea(ring: Position[]): number {
  let twice = 0
  for (let k = 0; k + 1 < ring.length; k++) twice += (ring[k]?.[0] ?? 0) * (ring[k + 1]?.[1] ?? 0) - (ring[k + 1]?.[0] ?? 0) * (ring[k]?.[1] ?? 0)
  return Math.abs(twice / 2)
}

/**
 * The box of a country's largest part: a frame around France's or Norway's whole geometry would reach French Guiana or
 * Svalbard and shrink Europe to a corner.
 */
export function mainlandBox(country: Country): BBox {
  let best: Position[] | undefined
  for (const [outer] of polygonsOf(country.geometry)) if (outer && (!best || ringArea(outer) > ringArea(best))) best = outer
  return best ? boxOf(best) : country.bbox
}

/** A ring crossing ±180° as a jump of ~360° (world-atlas is spherical) is drawn continuous, east of 180°. */
function unwrapped(ring: Position[]): Position[] {
  const jumps = ring.some((point, k) => k > 0 && Math.abs((point[0] ?? 0) - (ring[k - 1]?.[0] ?? 0)) > 180)
  return jumps ? ring.map(([lon = 0, lat = 0]) => [lon < 0 ? lon + 360 : lon, lat]) : ring
}

const overlaps = (a: BBox, b: BBox) => a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1]

/** A polygon or multipolygon as one SVG path in the frame; parts wholly outside the frame's box are left out. */
export function geometryPath(geometry: Polygon | MultiPolygon, frame: OutlineFrame & { box: BBox }, tolerance = 0): string {
  return polygonsOf(geometry)
    .filter(([outer]) => outer && overlaps(boxOf(outer), frame.box))
    .flatMap((rings) => rings.map((ring) => ringPath(ring, frame, tolerance)))
    .join('')
}

/** One SVG path per country with land in the frame (ISO alpha-2 ids); parts wholly outside it are left out. */
export function countryPaths(frame: OutlineFrame & { box: BBox }): Array<{ id: string; d: string }> {
  return COUNTRIES.filter((country) => overlaps(country.bbox, frame.box)).flatMap((country) => {
    const d = polygonsOf(country.geometry)
      .map((rings) => rings.map(unwrapped))
      .filter(([outer]) => outer && overlaps(boxOf(outer), frame.box))
      .flatMap((rings) => rings.map((ring) => ringPath(ring, frame, COUNTRY_TOLERANCE_PX)))
      .join('')
    return d ? [{ id: country.id, d }] : []
  })
}

export type RegionOutline = OutlineFrame & { box: BBox; outlines: Array<{ id: string; d: string; focus: boolean }> }

const pad = ([west, south, east, north]: BBox, share: number, least: number): BBox => {
  const margin = Math.max(least, (east - west) * share, (north - south) * share)
  return [Math.max(-180, west - margin), Math.max(-85, south - margin), Math.min(180, east + margin), Math.min(85, north + margin)]
}

/**
 * One region's outline in a frame around it, with its neighbours (the other kraje, or neighbouring countries) drawn for
 * context: the no-JavaScript map of a location page. Null for an id that is neither a kraj nor a known country.
 */
export function regionOutline(id: string, width: number): RegionOutline | null {
  const kraj = CZ_REGIONS.find((region) => region.id === id)
  if (kraj) {
    const frame = frameAround(pad(kraj.bbox, 0.15, 0.1), width)
    // The neighbouring countries too, so that a border kraj does not end in blank paper.
    const abroad = countryPaths(frame)
      .filter((outline) => outline.id !== 'CZ')
      .map((outline) => ({ ...outline, focus: false }))
    const kraje = CZ_REGIONS.filter((region) => overlaps(region.bbox, frame.box)).map((region) => ({
      id: region.id,
      d: polygonsOf(region.geometry).flatMap((rings) => rings.map((ring) => ringPath(ring, frame))).join(''),
      focus: region.id === id,
    }))
    return { ...frame, outlines: [...abroad, ...kraje] }
  }
  const country = COUNTRIES.find((item) => item.id === id)
  if (!country) return null
  const frame = frameAround(pad(mainlandBox(country), 0.15, 0.5), width)
  return { ...frame, outlines: countryPaths(frame).map((outline) => ({ ...outline, focus: outline.id === id })) }
}
