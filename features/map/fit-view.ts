import type { BBox } from '../../lib/domain/map.ts'
import type { Rgb } from '../../lib/domain/map-palette.ts'

// Small helpers for the maps that show a few shapes (the regional choropleth, a region's outline, a dataset's
// extent): the first view that fits a box, and the theme's CSS colours as the numbers WebGL needs.

const TILE = 512 // maplibre's tiles are 512 px wide at zoom 0
const MAX_ZOOM = 15

const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (Math.max(-85, Math.min(85, lat)) * Math.PI) / 360))
const latitudeOf = (y: number) => ((2 * Math.atan(Math.exp(y)) - Math.PI / 2) * 180) / Math.PI

/** The centre and zoom that fit `box` into a map of `width` × `height` pixels with `padding` around it. */
export function viewForBox(box: BBox, width: number, height: number, padding = 16): { longitude: number; latitude: number; zoom: number } {
  const lonSpan = Math.max(1e-6, box.east - box.west) / 360
  const ySpan = Math.max(1e-6, mercatorY(box.north) - mercatorY(box.south)) / (2 * Math.PI)
  const usableWidth = Math.max(1, width - 2 * padding)
  const usableHeight = Math.max(1, height - 2 * padding)
  const zoom = Math.min(Math.log2(usableWidth / (TILE * lonSpan)), Math.log2(usableHeight / (TILE * ySpan)))
  return {
    longitude: (box.west + box.east) / 2,
    latitude: latitudeOf((mercatorY(box.north) + mercatorY(box.south)) / 2),
    zoom: Math.max(0, Math.min(MAX_ZOOM, Math.round(zoom * 100) / 100)),
  }
}

/** An RGB triple from a computed CSS colour: `rgb(…)`, `rgba(…)` or `color(srgb …)` (what color-mix() computes to). */
export function parseComputedColour(text: string): Rgb | null {
  const srgb = /^color\(srgb\s+([\d.e-]+)\s+([\d.e-]+)\s+([\d.e-]+)/.exec(text.trim())
  if (srgb) return [1, 2, 3].map((index) => Math.round(Math.min(1, Math.max(0, Number(srgb[index]))) * 255)) as unknown as Rgb
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(text.trim())
  if (rgb) return [1, 2, 3].map((index) => Math.round(Number(rgb[index]))) as unknown as Rgb
  return null
}

/**
 * What CSS colours (var(), color-mix()) resolve to in this document, read through one hidden probe element: the
 * map then paints with the same colours as the server-rendered legend, in either theme.
 */
export function resolveCssColours(values: readonly string[]): Array<Rgb | null> {
  const probe = document.createElement('span')
  probe.style.display = 'none'
  document.body.append(probe)
  try {
    return values.map((value) => {
      probe.style.color = ''
      probe.style.color = value
      return parseComputedColour(getComputedStyle(probe).color)
    })
  } finally {
    probe.remove()
  }
}
