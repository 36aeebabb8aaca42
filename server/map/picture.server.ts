import { sha256 } from '@oslojs/crypto/sha2'
import { encodeHexLowerCase } from '@oslojs/encoding'
import { MAP_INITIAL_VIEW } from '../../lib/domain/map.ts'
import { cssRgb, MAP_THEMES } from '../../lib/domain/map-palette.ts'
import { MAP_PICTURE_SIZE, type MapPictureUrls } from '../../lib/domain/map-picture.ts'
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
// maplibre's line widths at the opening zoom (features/map/basemap-style.ts interpolates them by zoom).
const lineWidth = (atZoom: [number, number], widths: [number, number]) =>
  widths[0] + ((widths[1] - widths[0]) * (MAP_INITIAL_VIEW.zoom - atZoom[0])) / (atZoom[1] - atZoom[0])
const REGION_LINE = lineWidth([5, 10], [0.6, 1.5])
const COUNTRY_LINE = lineWidth([3, 10], [0.6, 2])

type Picture = { svg: string; etag: string; version: string }
let pictures: Record<Theme, Picture> | undefined

function outlines(): { land: Array<{ d: string; home: boolean }>; regions: string } {
  const frame = mercatorFrame(MAP_INITIAL_VIEW, MAP_PICTURE_SIZE.width, MAP_PICTURE_SIZE.height)
  const land: Array<{ d: string; home: boolean }> = []
  for (const country of outlineCollection('countries').features) {
    const d = simplifyPath(geometryPath(country.geometry, frame, TOLERANCE_PX))
    if (d) land.push({ d, home: country.id === 'CZ' })
  }
  const regions = outlineCollection('kraje')
    .features.map((kraj) => simplifyPath(geometryPath(kraj.geometry, frame, TOLERANCE_PX)))
    .join('')
  return { land, regions }
}

function svgOf(theme: Theme, { land, regions }: ReturnType<typeof outlines>): string {
  const colours = MAP_THEMES[theme]
  const { width, height } = MAP_PICTURE_SIZE
  const abroad = land.filter((country) => !country.home).map((country) => country.d).join('')
  const home = land.filter((country) => country.home).map((country) => country.d).join('')
  const all = land.map((country) => country.d).join('')
  // The layers of the offline style in its order: water, land (Czechia lighter), kraj lines, country lines.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${cssRgb(colours.water)}"/>` +
    `<path d="${abroad}" fill="${cssRgb(colours.land)}"/>` +
    `<path d="${home}" fill="${cssRgb(colours.landHome)}"/>` +
    `<path d="${regions}" fill="none" stroke="${cssRgb(colours.regionLine)}" stroke-width="${REGION_LINE.toFixed(2)}" stroke-linejoin="round"/>` +
    `<path d="${all}" fill="none" stroke="${cssRgb(colours.countryLine)}" stroke-width="${COUNTRY_LINE.toFixed(2)}" stroke-linejoin="round"/>` +
    `</svg>`
  )
}

function built(): Record<Theme, Picture> {
  if (pictures) return pictures
  const shapes = outlines()
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
