import { describe, expect, it } from 'vitest'
import { basemapStyle, offlineStyle, RASTER_SOURCE_ID } from './basemap-style.ts'

describe('basemaps', () => {
  it("builds the offline basemap from the app's own GeoJSON, with absolute addresses and no glyphs or sprites", () => {
    const style = offlineStyle('light', 'https://portalscope.example')
    expect(style.glyphs).toBeUndefined()
    expect(style.sprite).toBeUndefined()
    expect(style.layers.every((layer) => layer.type !== 'symbol')).toBe(true)
    expect(style.sources.countries).toMatchObject({ type: 'geojson', data: 'https://portalscope.example/api/map/geo/countries.json' })
    expect(style.sources.regions).toMatchObject({ type: 'geojson', data: 'https://portalscope.example/api/map/geo/kraje.json' })
  })

  it('changes colours with the theme', () => {
    expect(JSON.stringify(offlineStyle('light', ''))).not.toBe(JSON.stringify(offlineStyle('dark', '')))
  })

  it('uses the configured raster tiles (256 pixels, with their attribution) only when there are some', () => {
    const config = { tiles: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' }
    expect(basemapStyle('online', config, 'light', '').sources[RASTER_SOURCE_ID]).toEqual({ type: 'raster', tiles: [config.tiles], tileSize: 256, maxzoom: 19, attribution: config.attribution })
    expect(basemapStyle('online', { ...config, tiles: null }, 'light', '').sources[RASTER_SOURCE_ID]).toBeUndefined()
    expect(basemapStyle('offline', config, 'light', '').sources.countries).toBeDefined()
  })
})
