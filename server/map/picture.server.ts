import { sha256 } from '@oslojs/crypto/sha2'
import { encodeHexLowerCase } from '@oslojs/encoding'
import { MAP_INITIAL_VIEW } from '../../lib/domain/map.ts'
import { cssRgb, MAP_THEMES } from '../../lib/domain/map-palette.ts'
import { MAP_PICTURE_SIZE, mapPictureBasemapLayers, type MapPictureBasemap, type MapPictureLayer, type MapPictureUrls } from '../../lib/domain/map-picture.ts'
import { simplifyPath } from '../../lib/svg-path.ts'
import type { Theme } from '../../lib/theme/pre-paint.ts'
import { geometryPath, mercatorFrame } from '../geo/svg-outline.server.ts'
import { outlineCollection } from './geo.server.ts'

// The offline basemap of the home map's opening view as an SVG picture (docs/map.md, "The first frame"): the outlines
// maplibre draws (the same GeoJSON, the same colours and line widths) projected exactly as maplibre projects them, so
// the server-rendered page shows the map at once and the interactive map, once drawn, lies over the very same lines.
// One picture per theme, built once per process (the outlines never change), the same on Node and Workers.

// Half a pixel at the opening zoom: the simplified lines cannot be told from the map's own.
const TOLERANCE_PX = 0.5
// Wider than the country lines, so the lines the cut draws along it stay outside the picture.
const CLIP_MARGIN_PX = 8
// maplibre's line widths at the opening zoom (features/map/basemap-style.ts interpolates them by zoom).
const lineWidth = (atZoom: [number, number], widths: [number, number]) =>
  widths[0] + ((widths[1] - widths[0]) * (MAP_INITIAL_VIEW.zoom - atZoom[0])) / (atZoom[1] - atZoom[0])
const REGION_LINE = lineWidth([5, 10], [0.6, 1.5])
const COUNTRY_LINE = lineWidth([3, 10], [0.6, 2])

type Picture = { svg: string; etag: string; version: string }
let pictures: Record<Theme, Picture> | undefined
let basemap: MapPictureBasemap | undefined

/** The opening view's outlines in the picture's pixels, built once per process: the same for both themes. */
export function mapPictureBasemap(): MapPictureBasemap {
  if (basemap) return basemap
  const frame = mercatorFrame(MAP_INITIAL_VIEW, MAP_PICTURE_SIZE.width, MAP_PICTURE_SIZE.height)
  const abroad: string[] = []
  const home: string[] = []
  for (const country of outlineCollection('countries').features) {
    const d = simplifyPath(geometryPath(country.geometry, frame, TOLERANCE_PX))
    if (d) (country.id === 'CZ' ? home : abroad).push(d)
  }
  const regions = outlineCollection('kraje')
    .features.map((kraj) => simplifyPath(geometryPath(kraj.geometry, frame, TOLERANCE_PX)))
    .join('')
  // The land far outside the picture (most of Eurasia's outline) is cut off a few pixels beyond its edges.
  const box = { left: -CLIP_MARGIN_PX, top: -CLIP_MARGIN_PX, right: MAP_PICTURE_SIZE.width + CLIP_MARGIN_PX, bottom: MAP_PICTURE_SIZE.height + CLIP_MARGIN_PX }
  basemap = { abroad: clipPathData(abroad.join(''), box), home: clipPathData(home.join(''), box), regions, regionLine: REGION_LINE, countryLine: COUNTRY_LINE }
  return basemap
}

function svgOf(theme: Theme, shapes: MapPictureBasemap): string {
  const colours = MAP_THEMES[theme]
  const { width, height } = MAP_PICTURE_SIZE
  const colour: Record<MapPictureLayer, string> = {
    water: cssRgb(colours.water),
    land: cssRgb(colours.land),
    home: cssRgb(colours.landHome),
    regions: cssRgb(colours.regionLine),
    countries: cssRgb(colours.countryLine),
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    mapPictureBasemapLayers(shapes, (layer) => ({ colour: colour[layer] })) +
    `</svg>`
  )
}

function built(): Record<Theme, Picture> {
  if (pictures) return pictures
  const shapes = mapPictureBasemap()
  const picture = (theme: Theme): Picture => {
    const svg = svgOf(theme, shapes)
    const version = encodeHexLowerCase(sha256(new TextEncoder().encode(svg))).slice(0, 16)
    return { svg, version, etag: `"picture-${version}"` }
  }
  pictures = { light: picture('light'), dark: picture('dark') }
  return pictures
}

/** The pictures' addresses with their content's version: cached for a year, a new app version gets new addresses. */
export function mapPictureUrls(): MapPictureUrls {
  const { light, dark } = built()
  return { light: `/api/map/picture/light.svg?v=${light.version}`, dark: `/api/map/picture/dark.svg?v=${dark.version}` }
}

/** The picture of one theme (`light.svg`, `dark.svg`), or null for another name. */
export function mapPicture(file: string): Picture | null {
  const theme = file === 'light.svg' ? 'light' : file === 'dark.svg' ? 'dark' : null
  return theme ? built()[theme] : null
}

type Point = [number, number]

/** Sutherland–Hodgman: the part of a closed ring inside one half-plane of the box's edge. */
function clipRing(ring: Point[], inside: (p: Point) => boolean, cross: (a: Point, b: Point) => Point): Point[] {
  const out: Point[] = []
  for (let i = 0; i < ring.length; i++) {
    const current = ring[i]!
    const previous = ring[(i + ring.length - 1) % ring.length]!
    if (inside(current)) {
      if (!inside(previous)) out.push(cross(previous, current))
      out.push(current)
    } else if (inside(previous)) out.push(cross(previous, current))
  }
  return out
}

/**
 * Path data (whole-pixel M/L/Z, as simplifyPath writes it) cut to a box: rings are closed polygons, clipped so that
 * what lies in the box is drawn exactly as before and the far-away coastlines of a continent cost nothing. The cut
 * runs along the box's edge, outside the picture when the box is larger than it.
 */
export function clipPathData(d: string, box: { left: number; top: number; right: number; bottom: number }): string {
  const lerp = (a: Point, b: Point, t: number): Point => [Math.round(a[0] + (b[0] - a[0]) * t), Math.round(a[1] + (b[1] - a[1]) * t)]
  const edges: Array<[(p: Point) => boolean, (a: Point, b: Point) => Point]> = [
    [(p) => p[0] >= box.left, (a, b) => lerp(a, b, (box.left - a[0]) / (b[0] - a[0]))],
    [(p) => p[0] <= box.right, (a, b) => lerp(a, b, (box.right - a[0]) / (b[0] - a[0]))],
    [(p) => p[1] >= box.top, (a, b) => lerp(a, b, (box.top - a[1]) / (b[1] - a[1]))],
    [(p) => p[1] <= box.bottom, (a, b) => lerp(a, b, (box.bottom - a[1]) / (b[1] - a[1]))],
  ]
  let out = ''
  for (const [, body] of d.matchAll(/M([^Z]*)Z?/g)) {
    let ring = (body ?? '').split('L').map((pair) => pair.trim().split(' ').map(Number) as Point)
    for (const [inside, cross] of edges) ring = clipRing(ring, inside, cross)
    if (ring.length < 3) continue
    out += simplifyPath(`M${ring.map(([x, y]) => `${x} ${y}`).join('L')}Z`)
  }
  return out
}
