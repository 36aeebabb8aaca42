import { useEffect, useMemo, useRef, useState } from 'react'
import { tilesCovering, tileZoomFor } from '../../lib/domain/map.ts'
import { madeBy } from '../../lib/made-by.ts'
import { tileId } from './tile-cache.ts'
import { BuildGoneError, decodeEmbeddedTile, TileLoader } from './tile-loader.ts'
import type { LoadedTile, MapView } from './view.ts'

export type EmbeddedTiles = { buildId: number | null; tiles: ReadonlyArray<{ z: number; x: number; y: number; data: string }> }

export type TileState = {
  /** The tiles drawn now: the last complete set, kept while the next one loads so nothing flickers. */
  tiles: LoadedTile[]
  /** The view those tiles were loaded for: figures computed from the tiles use this box, so they agree with them. */
  tilesView: MapView | null
  loading: boolean
  failed: boolean
  retry: () => void
}

/**
 * The tiles covering the view at its tile zoom, for one build and portal scope. Called after the map stops moving
 * (moveend), so a drag costs no requests; requests for tiles the view left are aborted. A 404 means the build was
 * replaced: `onBuildGone` refetches map.meta, and the new build id reruns this.
 */
export function useMapTiles({ buildId, scope, view, embedded, onBuildGone }: { buildId: number | null; scope: string; view: MapView | null; embedded: EmbeddedTiles | null; onBuildGone: (buildId: number) => void }): TileState {
  const [loader] = useState(() => new TileLoader())
  // The server embedded the first view's tiles (all portals) in the page: into the cache before the map's first
  // request, so they draw at once. Not while the page hydrates: the map may never be asked for.
  const seeded = useRef(false)
  const [state, setState] = useState<{ key: string | null; tiles: LoadedTile[]; view: MapView | null; failedKey: string | null }>({ key: null, tiles: [], view: null, failedKey: null })
  const [attempt, setAttempt] = useState(0)
  const goneRef = useRef(onBuildGone)
  useEffect(() => {
    goneRef.current = onBuildGone
  })

  const box = view?.bbox
  const zoom = view ? tileZoomFor(view.zoom) : null
  // The box's corners, not its identity: a view that did not move asks for nothing.
  const addresses = useMemo(() => (box && zoom !== null ? tilesCovering(box, zoom) : null), [box?.west, box?.south, box?.east, box?.north, zoom]) // eslint-disable-line react-hooks/exhaustive-deps
  const key = buildId !== null && addresses ? `${buildId}|${scope}|${zoom}|${box?.west}|${box?.south}|${box?.east}|${box?.north}|${attempt}` : null

  useEffect(() => {
    if (key === null || buildId === null || !addresses || !view) return
    if (!seeded.current && embedded?.buildId) {
      for (const { data, ...address } of embedded.tiles) {
        try {
          loader.cache.set(tileId(embedded.buildId, '', address), decodeEmbeddedTile(data))
        } catch (error) {
          console.warn('map: an embedded tile could not be read', error)
        }
      }
    }
    seeded.current = true
    let current = true
    // Tiles in memory come back at once (a resolved promise); the rest are fetched.
    loader.load(buildId, scope, addresses).then(
      (tiles) => {
        if (current) setState({ key, tiles, view, failedKey: null })
      },
      (error: unknown) => {
        if (!current || (madeBy(error, DOMException) && error.name === 'AbortError')) return
        if (madeBy(error, BuildGoneError)) {
          goneRef.current(error.buildId)
          return
        }
        console.warn('map: tiles could not be loaded', error)
        setState((previous) => ({ ...previous, failedKey: key }))
      },
    )
    return () => {
      current = false
    }
  }, [loader, key, buildId, scope, addresses, view, embedded])

  useEffect(() => () => loader.abortAll(), [loader])

  return {
    tiles: state.tiles,
    tilesView: state.view,
    loading: key !== null && state.key !== key && state.failedKey !== key,
    failed: key !== null && state.failedKey === key,
    retry: () => setAttempt((value) => value + 1),
  }
}
