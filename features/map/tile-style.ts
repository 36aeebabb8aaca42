import { MAP_BANDS, MAP_FAMILIES, type MapBand, type MapColourBy, type MapFamily } from '../../lib/domain/map.ts'
import type { ClusterTile, MapTile, PointTile } from '../../lib/domain/map-tile.ts'
import type { Theme } from '../../lib/theme/pre-paint.ts'
import type { Rgb } from '../../lib/domain/map-palette.ts'
import { schemeColours } from '../../lib/domain/map-scheme-colours.ts'

// What one decoded tile looks like under the current colouring and filters: a colour (RGBA, 4 bytes), a radius and
// a count per symbol, computed once per tile and style and kept beside the tile (a WeakMap), so panning back and
// forth or re-rendering never recomputes them and deck.gl sees the same arrays.

const F = MAP_FAMILIES.length
const B = MAP_BANDS.length

export type MapFilter = { family: MapFamily | null; band: MapBand | null }
export type TileStyle = { colourBy: MapColourBy; filter: MapFilter; theme: Theme }

export type StyledTile = {
  /** RGBA per symbol; alpha 0 for symbols the filters hide. */
  colours: Uint8Array
  /** Radius in pixels per symbol; 0 for hidden symbols. */
  radii: Float32Array
  /** Datasets per symbol after the filters (1 or 0 for single points). */
  counts: Uint32Array
  /** The colour's index in the scheme (MAP_FAMILIES or MAP_BANDS order) per symbol, for pictures drawn with CSS. */
  schemes: Uint8Array
  /** Symbols left after the filters. */
  visible: number
}

export const POINT_RADIUS = 6
const MAX_CLUSTER_RADIUS = 30

/** A cluster's radius in pixels: grows with the logarithm of its count, a single dataset as small as a point. */
export function clusterRadius(count: number): number {
  if (count <= 0) return 0
  if (count === 1) return POINT_RADIUS
  return Math.min(MAX_CLUSTER_RADIUS, 8 + 5.5 * Math.log10(count))
}

export function styleKey(style: TileStyle): string {
  return `${style.colourBy}|${style.filter.family ?? ''}|${style.filter.band ?? ''}|${style.theme}`
}

const memo = new WeakMap<MapTile, Map<string, StyledTile>>()

/** The tile's colours, radii and counts under a style, computed on first use and then reused. */
export function styledTile(tile: MapTile, style: TileStyle): StyledTile {
  let byStyle = memo.get(tile)
  if (!byStyle) memo.set(tile, (byStyle = new Map()))
  const key = styleKey(style)
  let styled = byStyle.get(key)
  if (!styled) byStyle.set(key, (styled = tile.kind === 'clusters' ? styleClusters(tile, style) : stylePoints(tile, style)))
  return styled
}

/**
 * How many of a cluster's datasets pass the filters. With one filter the reduced counts answer exactly; with both,
 * the tile knows only each count on its own, so the smaller of the two is an upper bound (exact when either is 0).
 */
export function filteredCount(tile: ClusterTile, i: number, filter: MapFilter): number {
  const family = filter.family === null ? -1 : MAP_FAMILIES.indexOf(filter.family)
  const band = filter.band === null ? -1 : MAP_BANDS.indexOf(filter.band)
  const byFamily = family < 0 ? tile.counts[i]! : tile.familyCounts[i * F + family]!
  const byBand = band < 0 ? tile.counts[i]! : tile.bandCounts[i * B + band]!
  return Math.min(byFamily, byBand)
}

/** The index of the largest of `size` counts starting at `offset` (the first on a tie). */
function argmax(counts: Uint32Array, offset: number, size: number): number {
  let best = 0
  for (let k = 1; k < size; k++) if (counts[offset + k]! > counts[offset + best]!) best = k
  return best
}

function setColour(colours: Uint8Array, i: number, rgb: Rgb, alpha: number) {
  colours[4 * i] = rgb[0]
  colours[4 * i + 1] = rgb[1]
  colours[4 * i + 2] = rgb[2]
  colours[4 * i + 3] = alpha
}

function styleClusters(tile: ClusterTile, style: TileStyle): StyledTile {
  const { n } = tile
  const palette = schemeColours(style.colourBy, style.theme)
  const colours = new Uint8Array(4 * n)
  const radii = new Float32Array(n)
  const counts = new Uint32Array(n)
  const schemes = new Uint8Array(n)
  let visible = 0
  for (let i = 0; i < n; i++) {
    const count = filteredCount(tile, i, style.filter)
    counts[i] = count
    if (count === 0) continue
    visible++
    radii[i] = clusterRadius(count)
    // A cluster takes the colour of its most common family (or band); a filtered family or band is that colour.
    let index: number
    if (style.colourBy === 'family') index = style.filter.family ? MAP_FAMILIES.indexOf(style.filter.family) : argmax(tile.familyCounts, i * F, F)
    else index = style.filter.band ? MAP_BANDS.indexOf(style.filter.band) : argmax(tile.bandCounts, i * B, B)
    schemes[i] = index
    setColour(colours, i, palette[index]!, 235)
  }
  return { colours, radii, counts, schemes, visible }
}

function stylePoints(tile: PointTile, style: TileStyle): StyledTile {
  const { n } = tile
  const palette = schemeColours(style.colourBy, style.theme)
  const family = style.filter.family === null ? -1 : MAP_FAMILIES.indexOf(style.filter.family)
  const band = style.filter.band === null ? -1 : MAP_BANDS.indexOf(style.filter.band)
  const colours = new Uint8Array(4 * n)
  const radii = new Float32Array(n)
  const counts = new Uint32Array(n)
  const schemes = new Uint8Array(n)
  let visible = 0
  for (let i = 0; i < n; i++) {
    if ((family >= 0 && tile.families[i] !== family) || (band >= 0 && tile.bands[i] !== band)) continue
    visible++
    counts[i] = 1
    radii[i] = POINT_RADIUS
    const index = Math.min(style.colourBy === 'family' ? tile.families[i]! : tile.bands[i]!, palette.length - 1)
    schemes[i] = index
    setColour(colours, i, palette[index]!, 255)
  }
  return { colours, radii, counts, schemes, visible }
}

/** Compact cluster labels that fit inside a small circle: 7, 312, 4.2k, 38k (the decimal mark of the language). */
export function countLabel(count: number, decimal: string): string {
  if (count < 1000) return String(count)
  if (count < 10_000) return `${(Math.round(count / 100) / 10).toString().replace('.', decimal)}k`
  return `${Math.round(count / 1000)}k`
}
