import { useMemo, type CSSProperties } from 'react'
import { css } from '../../styled-system/css'
import { MAP_INITIAL_VIEW, viewPixels } from '../../lib/domain/map.ts'
import { cssRgb, MAP_THEMES } from '../../lib/domain/map-palette.ts'
import { schemeColours } from '../../lib/domain/map-scheme-colours.ts'
import { MAP_PICTURE_SIZE, type MapPictureUrls } from '../../lib/domain/map-picture.ts'
import type { MapTile } from '../../lib/domain/map-tile.ts'
import type { Theme } from '../../lib/theme/pre-paint.ts'
import { decodeEmbeddedTile } from './tile-loader.ts'
import { countLabel, styledTile, type TileStyle } from './tile-style.ts'

// The home map's first frame, drawn by the server (docs/map.md, "The first frame"): the offline basemap of the opening
// view as a picture (server/map/picture.server.ts) with the clusters of the first view's tiles, the ones embedded in
// the page, drawn over it as SVG in the colours and sizes the map uses. It lies exactly where the map will draw the
// same things, so the page shows its map with its first paint, without JavaScript too, and the interactive map
// replaces it once it has drawn. Colours come from a style sheet per theme, so the markup is the same for both.

const STYLE: TileStyle = { colourBy: 'family', filter: { family: null, band: null }, theme: 'light' }
const THEMES: Theme[] = ['light', 'dark']
const PREFIX = 'map-picture'

function styleSheet(): string {
  return THEMES.map((theme) => {
    const scope = theme === 'light' ? '' : ':root.dark, :root[data-theme=dark]'
    const within = (selector: string) => (scope ? scope.split(', ').map((root) => `${root} ${selector}`).join(', ') : selector)
    const colours = MAP_THEMES[theme]
    const symbols = schemeColours('family', theme)
      .map((rgb, index) => `${within(`.${PREFIX}-s${index}`)}{fill:${cssRgb(rgb, 0.92)}}`)
      .join('')
    return `${symbols}${within(`.${PREFIX}-symbols`)}{stroke:${cssRgb(colours.outline, 0.9)}}${within(`.${PREFIX}-labels`)}{fill:${cssRgb(colours.label)};stroke:${cssRgb(colours.labelHalo, 0.9)}}`
  }).join('')
}
const STYLE_SHEET = styleSheet()

type Symbol = { x: number; y: number; r: number; scheme: number; label: string | null }

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
      symbols.push({ x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10, r: Math.round(r * 10) / 10, scheme: styled.schemes[i]!, label: tile.kind === 'clusters' && count > 1 ? countLabel(count, decimal) : null })
    }
  }
  // Large clusters last, on top, as the map draws them (its per-tile order differs only where symbols overlap).
  return symbols.sort((a, b) => a.r - b.r)
}

export function MapPicture({ urls, tiles, decimal }: { urls: MapPictureUrls; tiles: ReadonlyArray<{ data: string }>; decimal: string }) {
  const symbols = useMemo(() => {
    const decoded: MapTile[] = []
    for (const { data } of tiles) {
      try {
        decoded.push(decodeEmbeddedTile(data))
      } catch {
        // A tile that cannot be read is left out of the picture; the map itself says so when it loads.
      }
    }
    return symbolsOf(decoded, decimal)
  }, [tiles, decimal])
  const { width, height } = MAP_PICTURE_SIZE
  const backgrounds = { '--map-picture-light': `url("${urls.light}")`, '--map-picture-dark': `url("${urls.dark}")`, width: `${width}px`, height: `${height}px` } as CSSProperties
  return (
    <div className={frame} aria-hidden="true" data-testid="map-picture">
      <div className={picture} style={backgrounds}>
        <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} className={css({ display: 'block' })}>
          <style>{STYLE_SHEET}</style>
          <g className={`${PREFIX}-symbols`} strokeWidth={1.5}>
            {symbols.map((symbol, index) => (
              <circle key={index} cx={symbol.x} cy={symbol.y} r={symbol.r} className={`${PREFIX}-s${symbol.scheme}`} />
            ))}
          </g>
          <g className={`${PREFIX}-labels`} fontSize={12} fontWeight={700} textAnchor="middle" dominantBaseline="central" strokeWidth={3} paintOrder="stroke" strokeLinejoin="round" fontFamily='system-ui, "Segoe UI", Roboto, Arial, sans-serif'>
            {symbols.map((symbol, index) =>
              symbol.label ? (
                <text key={index} x={symbol.x} y={symbol.y}>
                  {symbol.label}
                </text>
              ) : null,
            )}
          </g>
        </svg>
      </div>
    </div>
  )
}

// Over the map's box (above its empty canvas, below its controls and messages), never in the way of a pointer.
const frame = css({ position: 'absolute', inset: '0', overflow: 'hidden', zIndex: '1', pointerEvents: 'none' })
const picture = css({
  position: 'absolute',
  left: '50%',
  top: '50%',
  transform: 'translate(-50%, -50%)',
  backgroundImage: 'var(--map-picture-light)',
  _dark: { backgroundImage: 'var(--map-picture-dark)' },
})
