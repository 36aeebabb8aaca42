import { useCallback, useMemo, useRef, useState } from 'react'
import { homeLayers, type ExtentFeatures } from './home-layers.ts'
import type { DeckLayerLib } from './LazyMap.tsx'
import type { TileStyle } from './tile-style.ts'
import type { TileState } from './use-map-tiles.ts'
import { legendCounts } from './view.ts'

const MAP_DRAWN = 'portalscope:map-drawn'

/** The home map's deck.gl layers (symbols, the ring on a highlighted dataset, extents) and the legend's counts. */
export function useHomeLayers(tiles: TileState, style: TileStyle, decimal: string, highlight: { lon: number; lat: number } | null, extents: ExtentFeatures | null) {
  const layers = useCallback(
    (lib: DeckLayerLib) => homeLayers(lib, { tiles: tiles.tiles, style, decimal, highlight, extents }),
    // The highlight's coordinates, not its identity.
    [tiles.tiles, style, decimal, highlight?.lon, highlight?.lat, extents], // eslint-disable-line react-hooks/exhaustive-deps
  )
  const counts = useMemo(() => (tiles.tilesView ? legendCounts(tiles.tiles, tiles.tilesView.bbox, style) : []), [tiles.tiles, tiles.tilesView, style])
  return [layers, counts] as const
}

/**
 * Whether the map has drawn both its basemap and the first view's symbols: the server's picture stays until then.
 * Hook for benchmarks and tests: once the symbols of a new set of tiles are drawn, the window gets the event
 * `portalscope:map-drawn` (detail: the number of tiles) and the performance timeline a mark of that name.
 * bench/map.ts times the first one from navigation start.
 */
export function useMapDrawn(drawnTiles: readonly unknown[]) {
  const announced = useRef<readonly unknown[] | null>(null)
  const [drawnOnce, setDrawnOnce] = useState(false)
  const [basemapDrawn, setBasemapDrawn] = useState(false)
  const onIdle = useCallback(() => setBasemapDrawn(true), [])
  const onLayersDrawn = useCallback(() => {
    if (drawnTiles.length === 0 || announced.current === drawnTiles) return
    announced.current = drawnTiles
    setDrawnOnce(true)
    performance.mark(MAP_DRAWN)
    window.dispatchEvent(new CustomEvent(MAP_DRAWN, { detail: { tiles: drawnTiles.length } }))
  }, [drawnTiles])
  return [drawnOnce && basemapDrawn, onIdle, onLayersDrawn] as const
}
