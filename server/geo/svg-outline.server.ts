import { CZ_REGIONS, type BBox, type Position } from './cz-regions.server.ts'

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

function ringPath(ring: Position[], frame: OutlineFrame): string {
  let d = ''
  for (const [index, point] of ring.entries()) {
    const [x, y] = frame.project(point[0] ?? 0, point[1] ?? 0)
    d += `${index === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`
  }
  return `${d}Z`
}

/** One SVG path per kraj, keyed by NUTS3 id, with the Czech and English names. */
export function krajPaths(frame: OutlineFrame): Array<{ id: string; nameCs: string; nameEn: string; d: string }> {
  return CZ_REGIONS.map((region) => {
    const polygons = region.geometry.type === 'Polygon' ? [region.geometry.coordinates] : region.geometry.coordinates
    return { id: region.id, nameCs: region.nameCs, nameEn: region.nameEn, d: polygons.flatMap((rings) => rings.map((ring) => ringPath(ring, frame))).join('') }
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
