import { MAP_INITIAL_VIEW, viewPixels } from '../../lib/domain/map.ts'
import { cssRgb, MAP_THEMES } from '../../lib/domain/map-palette.ts'
import { MAP_PICTURE_SIZE, mapPictureBasemapLayers, type MapPictureBasemap } from '../../lib/domain/map-picture.ts'
import type { MapTile } from '../../lib/domain/map-tile.ts'
import { schemeColours } from '../../lib/domain/map-scheme-colours.ts'
import type { Theme } from '../../lib/theme/pre-paint.ts'
import { decodeEmbeddedTile } from './tile-loader.ts'
import { countLabel, styledTile, type TileStyle } from './tile-style.ts'

// The home map's first frame as one inline SVG, written by the server for the page (docs/map.md, "The first frame"):
// the offline basemap of the opening view and the clusters of the first view's tiles (the ones embedded in the page)
// in the colours and sizes the map uses. Inline, it paints with the page's first paint, without a request of its own
// and without JavaScript. Colours come from its style sheet with both themes, so the markup is the same for either and
// depends only on the data and the language (the decimal mark of the cluster labels): the page cache may keep it.

const STYLE: TileStyle = { colourBy: 'family', filter: { family: null, band: null }, theme: 'light' }
const THEMES: Theme[] = ['light', 'dark']
const PREFIX = 'map-picture'

function styleSheet(): string {
  return THEMES.map((theme) => {
    const scope = theme === 'light' ? '' : ':root.dark, :root[data-theme=dark]'
    const within = (selector: string) => (scope ? scope.split(', ').map((root) => `${root} ${selector}`).join(', ') : selector)
    const colours = MAP_THEMES[theme]
    const rule = (name: string, body: string) => `${within(`.${PREFIX}-${name}`)}{${body}}`
    const symbols = schemeColours('family', theme)
      .map((rgb, index) => rule(`s${index}`, `fill:${cssRgb(rgb, 0.92)}`))
      .join('')
    // The layers of the offline style in its order: water, land (Czechia lighter), kraj lines, country lines.
    return (
      rule('water', `fill:${cssRgb(colours.water)}`) +
      rule('land', `fill:${cssRgb(colours.land)}`) +
      rule('home', `fill:${cssRgb(colours.landHome)}`) +
      rule('regions', `stroke:${cssRgb(colours.regionLine)}`) +
      rule('countries', `stroke:${cssRgb(colours.countryLine)}`) +
      symbols +
      rule('symbols', `stroke:${cssRgb(colours.outline, 0.9)}`) +
      rule('labels', `fill:${cssRgb(colours.label)};stroke:${cssRgb(colours.labelHalo, 0.9)}`)
    )
  }).join('')
}
const STYLE_SHEET = styleSheet()

type Symbol = { x: number; y: number; r: number; scheme: number; label: string | null }

const round = (value: number) => Math.round(value * 10) / 10

function symbolsOf(tiles: readonly MapTile[], decimal: string): Symbol[] {
  const { width, height } = MAP_PICTURE_SIZE
  const { project } = viewPixels(MAP_INITIAL_VIEW, width, height)
  const symbols: Symbol[] = []
  for (const tile of tiles) {
    const styled = styledTile(tile, STYLE)
    for (let i = 0; i < tile.n; i++) {
      const count = styled.counts[i]!
      if (count === 0) continue
      const [x, y] = project(tile.positions[2 * i]!, tile.positions[2 * i + 1]!)
      const r = styled.radii[i]!
      if (x < -r || y < -r || x > width + r || y > height + r) continue
      symbols.push({ x: round(x), y: round(y), r: round(r), scheme: styled.schemes[i]!, label: tile.kind === 'clusters' && count > 1 ? countLabel(count, decimal) : null })
    }
  }
  // Large clusters last, on top, as the map draws them (its per-tile order differs only where symbols overlap).
  return symbols.sort((a, b) => a.r - b.r)
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The picture's markup: `basemap` from the server (server/map/picture.server.ts), `tiles` the first view's as the page
 * embeds them (a tile that cannot be read is left out: the map says so when it loads), `decimal` the language's
 * decimal mark.
 */
export function mapPictureMarkup(basemap: MapPictureBasemap, tiles: ReadonlyArray<{ data: string }>, decimal: string): string {
  const decoded: MapTile[] = []
  for (const { data } of tiles) {
    try {
      decoded.push(decodeEmbeddedTile(data))
    } catch {
      // Left out, as above.
    }
  }
  const symbols = symbolsOf(decoded, decimal)
  const { width, height } = MAP_PICTURE_SIZE
  const circles = symbols.map((symbol) => `<circle cx="${symbol.x}" cy="${symbol.y}" r="${symbol.r}" class="${PREFIX}-s${symbol.scheme}"/>`).join('')
  const labels = symbols.map((symbol) => (symbol.label ? `<text x="${symbol.x}" y="${symbol.y}">${escapeText(symbol.label)}</text>` : '')).join('')
  return (
    `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" style="display:block">` +
    `<style>${STYLE_SHEET}</style>` +
    mapPictureBasemapLayers(basemap, (layer) => ({ class: `${PREFIX}-${layer}` })) +
    `<g class="${PREFIX}-symbols" stroke-width="1.5">${circles}</g>` +
    `<g class="${PREFIX}-labels" font-size="12" font-weight="700" text-anchor="middle" dominant-baseline="central" stroke-width="3" paint-order="stroke" stroke-linejoin="round" font-family="system-ui, 'Segoe UI', Roboto, Arial, sans-serif">${labels}</g>` +
    `</svg>`
  )
}
