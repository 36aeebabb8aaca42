import type { StyleSpecification } from 'maplibre-gl'
import type { Theme } from '../../lib/theme/pre-paint.ts'
import { cssRgb, MAP_THEMES } from '../../lib/domain/map-palette.ts'

// The two basemaps. Online: raster tiles from a configured address (PORTALSCOPE_MAP_TILES). Offline: a style built
// here from the app's own GeoJSON (countries from Natural Earth, Czech kraje), so the map works without any outside
// server, in tests, and when the raster tiles fail. Neither needs glyphs or sprites: the map draws no text itself.

export type BasemapConfig = {
  /** A raster tile URL template with {z}, {x} and {y}, or null when none is configured. */
  tiles: string | null
  /** The attribution the tile provider asks for. */
  attribution: string
}

export type BasemapKind = 'online' | 'offline'

export const OFFLINE_ATTRIBUTION = {
  countries: 'Natural Earth',
  regions: 'name-suggestion-index (BSD-3-Clause)',
}

/**
 * The offline style. `origin` makes the GeoJSON addresses absolute: maplibre fetches them in its worker, which
 * resolves relative addresses against its own (blob) address, not the page's.
 */
export function offlineStyle(theme: Theme, origin: string): StyleSpecification {
  const colours = MAP_THEMES[theme]
  return {
    version: 8,
    sources: {
      countries: { type: 'geojson', data: `${origin}/api/map/geo/countries.json`, attribution: OFFLINE_ATTRIBUTION.countries },
      regions: { type: 'geojson', data: `${origin}/api/map/geo/kraje.json`, attribution: OFFLINE_ATTRIBUTION.regions },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': cssRgb(colours.water) } },
      {
        id: 'countries-fill',
        type: 'fill',
        source: 'countries',
        paint: { 'fill-color': ['case', ['==', ['get', 'id'], 'CZ'], cssRgb(colours.landHome), cssRgb(colours.land)] },
      },
      { id: 'regions-line', type: 'line', source: 'regions', paint: { 'line-color': cssRgb(colours.regionLine), 'line-width': ['interpolate', ['linear'], ['zoom'], 5, 0.6, 10, 1.5] } },
      { id: 'countries-line', type: 'line', source: 'countries', paint: { 'line-color': cssRgb(colours.countryLine), 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 10, 2] } },
    ],
  }
}

export const RASTER_SOURCE_ID = 'basemap'

/** The online style: one raster source of 256-pixel tiles, dimmed a little in the dark theme. */
export function rasterStyle(config: BasemapConfig & { tiles: string }, theme: Theme): StyleSpecification {
  return {
    version: 8,
    sources: {
      [RASTER_SOURCE_ID]: { type: 'raster', tiles: [config.tiles], tileSize: 256, maxzoom: 19, attribution: config.attribution },
    },
    layers: [
      {
        id: 'basemap',
        type: 'raster',
        source: RASTER_SOURCE_ID,
        paint: theme === 'dark' ? { 'raster-brightness-max': 0.72, 'raster-saturation': -0.35, 'raster-contrast': 0.1 } : {},
      },
    ],
  }
}

export function basemapStyle(kind: BasemapKind, config: BasemapConfig, theme: Theme, origin: string): StyleSpecification {
  return kind === 'online' && config.tiles ? rasterStyle({ ...config, tiles: config.tiles }, theme) : offlineStyle(theme, origin)
}
