import { useMemo, useRef, useState } from 'react'
import { MAP_INITIAL_BBOX } from '../../lib/domain/map.ts'
import type { ExtentFeatures } from './home-layers.ts'
import type { MapFirstView, MapMeta } from './map-types.ts'
import { useMapTiles } from './use-map-tiles.ts'
import { useExtents, useMapMeta } from './use-map-api.ts'
import { informativeExtents, type MapView } from './view.ts'

// What the home map loads after its first frame besides its list: map.meta, the tiles of the view and, close up, the
// extents of the datasets in view (the calls themselves: use-map-api.ts, use-map-tiles.ts).

// Extents are drawn only when few datasets are in view and the map is close enough to tell them apart.
const EXTENTS_MAX = 200
const EXTENTS_MIN_ZOOM = 9

/**
 * map.meta and the tiles of the view for its build and the chosen portal. A tile of a build a newer one replaced
 * reads map.meta again and tries once more; a second time, the tiles have failed until `retryTiles`.
 */
export function useHomeTiles(initialMeta: MapMeta | null, firstView: MapFirstView | null, hydrated: boolean, view: MapView | null, portalId: string | null) {
  const metaQuery = useMapMeta(initialMeta, hydrated)
  const buildId = metaQuery.meta?.buildId ?? null
  const [tilesGone, setTilesGone] = useState(false)
  const retriedBuilds = useRef(new Set<number>())
  const tiles = useMapTiles({
    buildId,
    scope: portalId ?? '',
    view,
    // The first view's tiles, embedded in the page.
    embedded: firstView,
    onBuildGone: (gone) => {
      // A newer build replaced the one the tiles were asked for: read map.meta again and try once more.
      if (retriedBuilds.current.has(gone)) {
        setTilesGone(true)
        return
      }
      retriedBuilds.current.add(gone)
      void metaQuery.refetch().then(() => tiles.retry())
    },
  })
  const retryTiles = () => {
    setTilesGone(false)
    retriedBuilds.current.clear()
    tiles.retry()
  }
  return [metaQuery, buildId, tiles, tiles.failed || tilesGone, retryTiles] as const
}

/** The extents of the datasets in view when the legend shows them (`shown`), few are in view (`total`) and the map is close. */
export function useHomeExtents(shown: boolean, buildId: number | null, view: MapView | null, total: number | null, portalId: string | null, hydrated: boolean) {
  const extentsWanted = shown && buildId !== null && view !== null && view.zoom >= EXTENTS_MIN_ZOOM && total !== null && total <= EXTENTS_MAX
  const extentsData = useExtents({ bbox: view?.bbox ?? MAP_INITIAL_BBOX, portalId: portalId ?? undefined, limit: EXTENTS_MAX }, hydrated && extentsWanted)
  return useMemo<ExtentFeatures | null>(
    () =>
      extentsWanted && extentsData && view
        ? { type: 'FeatureCollection', features: informativeExtents(extentsData, view.bbox).map((extent) => ({ type: 'Feature', properties: { key: extent.key }, geometry: extent.geometry })) }
        : null,
    [extentsWanted, extentsData, view],
  )
}
