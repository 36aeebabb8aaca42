import { useCallback, useRef, useState, type RefObject } from 'react'
import { MAP_INITIAL_VIEW, MAP_POINT_ZOOM } from '../../lib/domain/map.ts'
import type { Theme } from '../../lib/theme/pre-paint.ts'
import { DatasetPopup } from './DatasetPopup.tsx'
import type { MapHandle, MapPopup } from './LazyMap.tsx'
import type { MapClick } from './MapFrame.tsx'
import type { MapDatasetItem } from './map-types.ts'
import type { TileStyle } from './tile-style.ts'
import { fetchMapDataset } from './use-map-api.ts'
import { pickAt, type LoadedTile, type MapView } from './view.ts'

type FlyTarget = Parameters<MapHandle['flyTo']>[0]
type PopupState = { id: string; key: number; lon: number; lat: number; origin: 'list' | 'map'; content: { status: 'ready'; item: MapDatasetItem } | { status: 'loading' } | { status: 'error' } }

/**
 * How the home map's list and map answer each other: hovering a row rings its dataset on the map, activating a row
 * flies there and opens its popup (the list holds still meanwhile: `listFollowsRef`, use-home-view.ts), a click on the
 * map opens a dataset's popup or zooms into a cluster, and Escape in a popup returns to the row (or the map) it came
 * from.
 */
export function useHomePopup(handle: RefObject<MapHandle | null>, view: MapView | null, tiles: readonly LoadedTile[], style: TileStyle, theme: Theme, listFollowsRef: RefObject<boolean>) {
  const [hovered, setHovered] = useState<MapDatasetItem | null>(null)
  const [popup, setPopup] = useState<PopupState | null>(null)

  const openFromMap = (key: number, lon: number, lat: number) => {
    const id = `map-${key}-${Date.now()}`
    setPopup({ id, key, lon, lat, origin: 'map', content: { status: 'loading' } })
    fetchMapDataset(key).then(
      (item) => setPopup((current) => (current?.id === id ? { ...current, content: { status: 'ready', item } } : current)),
      () => setPopup((current) => (current?.id === id ? { ...current, content: { status: 'error' } } : current)),
    )
  }

  // A row activated before the map has loaded waits for it: on a touch screen the first tap on a row is also the
  // interaction that starts loading the map (first-interaction.ts), and there is no map to move yet.
  const mapLoaded = useRef(false)
  const waitingFlight = useRef<FlyTarget | null>(null)
  const onLoad = useCallback(() => {
    mapLoaded.current = true
    const target = waitingFlight.current
    waitingFlight.current = null
    if (target) handle.current?.flyTo(target)
  }, [handle])

  const onActivate = (item: MapDatasetItem) => {
    listFollowsRef.current = false
    setPopup({ id: `list-${item.key}-${Date.now()}`, key: item.key, lon: item.lon, lat: item.lat, origin: 'list', content: { status: 'ready', item } })
    // The dataset ends up below the centre, so its popup fits above it.
    const target: FlyTarget = { longitude: item.lon, latitude: item.lat, zoom: Math.max(view?.zoom ?? MAP_INITIAL_VIEW.zoom, MAP_POINT_ZOOM), offset: [0, 110] }
    if (mapLoaded.current) handle.current?.flyTo(target)
    else waitingFlight.current = target
  }

  const closePopup = (reason: 'escape' | 'close') => {
    const closing = popup
    setPopup(null)
    if (!closing || reason !== 'escape') return
    // Back where the popup came from: the row (keyboard users came from the list) or the map.
    if (closing.origin === 'list') document.querySelector<HTMLElement>(`[data-testid=map-list] [data-key="${closing.key}"]`)?.focus()
    else handle.current?.focus()
  }

  const onMapClick = (click: MapClick) => {
    listFollowsRef.current = true
    const picked = pickAt(tiles, style, click, click.project)
    if (!picked) {
      setPopup(null)
      return
    }
    // A point, or a "cluster" of one dataset (its key travels in the tile): its popup, where it is.
    if (picked.kind === 'point' || picked.datasetKey > 0) {
      openFromMap(picked.datasetKey, picked.lon, picked.lat)
      return
    }
    setPopup(null)
    const zoom = view?.zoom ?? MAP_INITIAL_VIEW.zoom
    handle.current?.flyTo({ longitude: picked.lon, latitude: picked.lat, zoom: picked.count <= 1 ? MAP_POINT_ZOOM : Math.max(picked.expansionZoom, Math.floor(zoom) + 1) })
  }

  const mapPopup: MapPopup | null = popup ? { id: popup.id, longitude: popup.lon, latitude: popup.lat, content: <DatasetPopup state={popup.content} theme={theme} />, onClose: closePopup } : null
  // The dataset ringed on the map: the popup's, else the hovered row's.
  const highlight: { lon: number; lat: number } | null = popup ?? hovered
  const activeKey = popup?.origin === 'list' ? popup.key : null
  return [mapPopup, highlight, activeKey, onActivate, setHovered, onMapClick, onLoad] as const
}
