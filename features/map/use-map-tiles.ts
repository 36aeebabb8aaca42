import { useEffect, useRef, useState } from 'react'
import { tilesCovering, tileZoomFor } from '../../lib/domain/map.ts'
import { madeBy } from '../../lib/made-by.ts'
import { tileId } from './tile-cache.ts'
import { BuildGoneError, decodeEmbeddedTile, TileLoader } from './tile-loader.ts'
import type { LoadedTile, MapView } from './view.ts'

export type EmbeddedTiles = { buildId: number | null; tiles: ReadonlyArray<{ z: number; x: number; y: number; data: string }> }

export type TileState = {
  /** The tiles drawn now: the last complete set, kept while the next one loads so nothing flickers. */
  tiles: LoadedTile[]
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
  const [loader] = useState(() => {
    const created = new TileLoader()
    // The server embedded the first view's tiles (all portals) in the page: into the cache, so they draw at once.
    if (embedded?.buildId) {
      for (const { data, ...address } of embedded.tiles) {
        try {
          created.cache.set(tileId(embedded.buildId, '', address), decodeEmbeddedTile(data))
        } catch (error) {
          console.warn('map: an embedded tile could not be read', error)
        }
      }
    }
    return created
  })
  const [state, setState] = useState<{ tiles: LoadedTile[]; loading: boolean; failed: boolean }>({ tiles: [], loading: false, failed: false })
  const [attempt, setAttempt] = useState(0)
  const goneRef = useRef(onBuildGone)
  goneRef.current = onBuildGone

  const box = view?.bbox
  const zoom = view ? tileZoomFor(view.zoom) : null
  useEffect(() => {
    if (buildId === null || !box || zoom === null) return
    const addresses = tilesCovering(box, zoom)
    const cached = loader.cached(buildId, scope, addresses)
    if (cached) {
      setState({ tiles: cached, loading: false, failed: false })
      return
    }
    let current = true
    setState((previous) => ({ ...previous, loading: true, failed: false }))
    loader.load(buildId, scope, addresses).then(
      (tiles) => {
        if (current) setState({ tiles, loading: false, failed: false })
      },
      (error: unknown) => {
        if (!current || (madeBy(error, DOMException) && error.name === 'AbortError')) return
        if (madeBy(error, BuildGoneError)) {
          setState((previous) => ({ ...previous, loading: false }))
          goneRef.current(error.buildId)
          return
        }
        console.warn('map: tiles could not be loaded', error)
        setState((previous) => ({ ...previous, loading: false, failed: true }))
      },
    )
    return () => {
      current = false
    }
    // The box's corners, not its identity: a view that did not move asks for nothing.
  }, [loader, buildId, scope, box?.west, box?.south, box?.east, box?.north, zoom, attempt]) // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => () => loader.abortAll(), [loader])

  return { ...state, retry: () => setAttempt((value) => value + 1) }
}
