import './maplibre.css'
import * as maplibre from 'maplibre-gl'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url'
import type { LayersList } from '@deck.gl/core'
import { GeoJsonLayer, PolygonLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers'
import { MapLibreOverlay } from '@deck.gl/maplibre'
import { AttributionControl, FullscreenControl, Map as MapView, Marker, NavigationControl, Popup, useControl, type ErrorEvent, type MapRef } from 'react-map-gl/maplibre'
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react'
import { createPortal } from 'react-dom'
import { css, cx } from '../../styled-system/css'
import type { BBox } from '../../lib/domain/map.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { basemapStyle, RASTER_SOURCE_ID, type BasemapConfig, type BasemapKind } from './basemap-style.ts'
import { HomeIcon, LayersIcon, LocateIcon, MARKER_ICON } from './map-icons.tsx'
import { useTheme } from './use-theme.ts'
import { normaliseBBox, type MapView as View } from './view.ts'

// maplibre 6 runs its worker as a module the bundler must emit: `?worker&url` builds it and names its address
// (a plain `?url` copies the unbundled file and the map stays blank in production builds). A worker runs under the
// CSP of its own script's response, which for a built file is the server's "default-src 'none'": it could not fetch
// the offline basemap's GeoJSON. Started from a blob: address instead, it runs under the page's CSP.
let library: Promise<typeof maplibre> | null = null
function maplibreWithWorker(): Promise<typeof maplibre> {
  library ??= fetch(workerUrl)
    .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`map worker: HTTP ${response.status}`))))
    .then((code) => maplibre.setWorkerUrl(URL.createObjectURL(new Blob([code], { type: 'text/javascript' }))))
    .catch((error: unknown) => {
      console.warn('map: the worker could not be prepared; starting it from its address', error)
      maplibre.setWorkerUrl(workerUrl)
    })
    .then(() => maplibre)
  return library
}

const DECK_LAYERS = { GeoJsonLayer, PolygonLayer, ScatterplotLayer, TextLayer }
/** The deck.gl layer classes a page builds its layers from (the page itself never imports deck.gl). */
export type DeckLayerLib = typeof DECK_LAYERS

export type MapPopup = {
  /** A new id opens a new popup (maplibre reads a popup's options once). */
  id: string
  longitude: number
  latitude: number
  content: ReactNode
  /** `escape`: closed from the keyboard, so focus should go back where it came from. */
  onClose: (reason: 'escape' | 'close') => void
}

export type MapMarker = { id: string; longitude: number; latitude: number; label: string }

export type MapClick = { x: number; y: number; project: (lon: number, lat: number) => { x: number; y: number } }

export type MapHandle = {
  /** `offset`: where the target ends up from the centre, in pixels (lower, say, to leave room for a popup above it). */
  flyTo: (target: { longitude: number; latitude: number; zoom?: number; offset?: [number, number] }) => void
  fitBBox: (box: BBox) => void
  resetView: () => void
  view: () => View | null
  project: (lon: number, lat: number) => { x: number; y: number } | null
  /** Moves keyboard focus to the map (its arrow keys pan, + and - zoom). */
  focus: () => void
}

export type MapFrameProps = {
  /** The map's accessible name. */
  label: string
  basemap: BasemapConfig
  /** Where the map opens and where "reset view" returns: a centre and zoom, or a box to fit (a region's outline). */
  initialView: { longitude: number; latitude: number; zoom: number } | { bounds: BBox }
  /** The reset button's name ("Back to the whole of Czechia" by default). */
  resetLabel?: string
  /** deck.gl layers over the basemap; keep the function's identity stable while its layers stay the same. */
  layers?: (lib: DeckLayerLib) => LayersList
  /** Called once deck.gl has drawn the layers of a new `layers` function (its first frame with them). */
  onLayersDrawn?: () => void
  /** Called whenever the basemap has drawn everything it has to (maplibre's `idle`). */
  onIdle?: () => void
  /** Called once the map has loaded: from then on the handle moves it (a page may have a move waiting). */
  onLoad?: () => void
  popup?: MapPopup | null
  markers?: readonly MapMarker[]
  /** The view once the map has loaded and after every move; `byUser`: a gesture, a key or a control moved it. */
  onViewChange?: (view: View, move: { byUser: boolean }) => void
  /** A click on the map (not on a control); the page picks what lies under it. */
  onMapClick?: (click: MapClick) => void
  /** The page's own controls, in the top-left corner. */
  panel?: ReactNode
  /** A state told over the map (loading, nothing to show, an error). */
  overlay?: ReactNode
  handleRef?: Ref<MapHandle>
  className?: string
}

declare global {
  interface Window {
    /** Test-only: the map instance, so end-to-end tests can find where a point is drawn and move the camera. */
    __portalscopeMap?: unknown
  }
}

function DeckOverlay({ layers, onDrawn }: { layers: LayersList; onDrawn?: () => void }) {
  // Set when new layers are handed to deck.gl: the next frame it draws is theirs (it updates layers, then draws).
  const pending = useRef(true)
  const drawn = useRef(onDrawn)
  useEffect(() => {
    drawn.current = onDrawn
  })
  const overlay = useControl(
    () =>
      new MapLibreOverlay({
        interleaved: true,
        layers,
        onAfterRender: () => {
          if (!pending.current) return
          pending.current = false
          drawn.current?.()
        },
      }),
  )
  useEffect(() => {
    pending.current = true
    overlay.setProps({ layers })
  }, [overlay, layers])
  return null
}

/** React content as a maplibre control, so it stacks with the built-in ones in their corner. */
function PortalControl({ position, className, children }: { position: 'top-left' | 'top-right'; className: string; children: ReactNode }) {
  const [container] = useState(() => {
    const element = document.createElement('div')
    element.className = `maplibregl-ctrl ${className}`
    return element
  })
  useControl(() => ({ onAdd: () => container, onRemove: () => container.remove() }), { position })
  return createPortal(children, container)
}

const CANVAS_ATTRIBUTES = { antialias: false, desynchronized: true } as const
const GEOLOCATION_TIMEOUT_MS = 10_000
const FIT_PADDING = 24
const boundsOf = (box: BBox): [[number, number], [number, number]] => [
  [box.west, box.south],
  [box.east, box.north],
]
const NOTICE_MS = 8_000

export default function MapFrame({ label, basemap, initialView, resetLabel, layers, onLayersDrawn, onIdle, onLoad, popup, markers, onViewChange, onMapClick, panel, overlay, handleRef, className }: MapFrameProps) {
  const t = useT()
  const theme = useTheme()
  const mapRef = useRef<MapRef>(null)
  const [kind, setKind] = useState<BasemapKind>(basemap.tiles ? 'online' : 'offline')
  const [notice, setNotice] = useState<string | null>(null)
  const [located, setLocated] = useState<MapMarker | null>(null)
  const [locating, setLocating] = useState(false)
  const mapStyle = useMemo(() => basemapStyle(kind, basemap, theme, window.location.origin), [kind, basemap, theme])
  const deckLayers = useMemo(() => layers?.(DECK_LAYERS) ?? [], [layers])

  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(null), NOTICE_MS)
    return () => clearTimeout(timer)
  }, [notice])

  const resetView = useCallback(() => {
    const map = mapRef.current
    if (!map) return
    if ('bounds' in initialView) map.fitBounds(boundsOf(initialView.bounds), { padding: FIT_PADDING })
    else map.flyTo({ center: [initialView.longitude, initialView.latitude], zoom: initialView.zoom, essential: true })
  }, [initialView])

  const report = useCallback(
    (event?: { originalEvent?: unknown }) => {
      const map = mapRef.current
      if (!map || !onViewChange) return
      const bounds = map.getBounds()
      // maplibre passes the DOM event that caused a move; camera moves made by code carry none.
      onViewChange({ bbox: normaliseBBox(bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()), zoom: map.getZoom() }, { byUser: !!event?.originalEvent })
    },
    [onViewChange],
  )

  useImperativeHandle(
    handleRef,
    () => ({
      // maplibre reads `offset` whenever the key is there, undefined or not: it is passed only when given.
      flyTo: ({ longitude, latitude, zoom, offset }) => mapRef.current?.flyTo({ center: [longitude, latitude], zoom: zoom ?? mapRef.current.getZoom(), ...(offset ? { offset } : {}), essential: true }),
      fitBBox: (box) => mapRef.current?.fitBounds(boundsOf(box), { padding: FIT_PADDING }),
      resetView,
      view: () => {
        const map = mapRef.current
        if (!map) return null
        const bounds = map.getBounds()
        return { bbox: normaliseBBox(bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()), zoom: map.getZoom() }
      },
      project: (lon, lat) => {
        const point = mapRef.current?.project([lon, lat])
        return point ? { x: point.x, y: point.y } : null
      },
      focus: () => mapRef.current?.getCanvas().focus(),
    }),
    [resetView],
  )

  const onError = useCallback(
    (event: ErrorEvent) => {
      // The online basemap failed (offline, blocked, wrong address): switch to the offline one once and say so quietly.
      if ((event as { sourceId?: string }).sourceId === RASTER_SOURCE_ID && kind === 'online') {
        setKind('offline')
        setNotice(t('mapview.basemapFallback'))
        return
      }
      console.warn('map:', event.error?.message ?? event.error, (event as { sourceId?: string }).sourceId ?? '')
    },
    [kind, t],
  )

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setNotice(t('mapview.locateUnavailable'))
      return
    }
    setLocating(true)
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false)
        const { longitude, latitude } = position.coords
        setLocated({ id: 'location', longitude, latitude, label: t('mapview.yourLocation') })
        mapRef.current?.flyTo({ center: [longitude, latitude], zoom: Math.max(mapRef.current.getZoom(), 12), essential: true })
        setNotice(t('mapview.located'))
      },
      (error) => {
        setLocating(false)
        setNotice(error.code === error.PERMISSION_DENIED ? t('mapview.locateDenied') : error.code === error.TIMEOUT ? t('mapview.locateTimeout') : t('mapview.locateUnavailable'))
      },
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000, enableHighAccuracy: false },
    )
  }

  // Escape anywhere in the popup (its close button included, which lies outside our content) closes it.
  const popupRef = useRef<maplibre.Popup>(null)
  const popupClose = useRef(popup?.onClose)
  useEffect(() => {
    popupClose.current = popup?.onClose
  })
  const popupId = popup?.id
  useEffect(() => {
    const element = popupId ? popupRef.current?.getElement() : null
    if (!element) return
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.stopPropagation()
      popupClose.current?.('escape')
    }
    element.addEventListener('keydown', onKeyDown)
    return () => element.removeEventListener('keydown', onKeyDown)
  }, [popupId])

  const allMarkers = located ? [...(markers ?? []), located] : (markers ?? [])

  return (
    <div className={cx(frameStyle, className)} role="region" aria-label={label} data-map-state="ready" data-basemap={kind}>
      <MapView
        ref={mapRef}
        mapLib={maplibreWithWorker()}
        initialViewState={'bounds' in initialView ? { bounds: boundsOf(initialView.bounds), fitBoundsOptions: { padding: FIT_PADDING } } : initialView}
        mapStyle={mapStyle}
        style={{ position: 'absolute', inset: 0 }}
        attributionControl={false}
        dragRotate={false}
        pitchWithRotate={false}
        touchPitch={false}
        maxPitch={0}
        renderWorldCopies={false}
        // A low-latency canvas: frames go to the screen without waiting for the page's compositor, which under
        // software drawing costs more than the map's own frame (pan frames 67 → 17-50 ms in bench/map.ts).
        canvasContextAttributes={CANVAS_ATTRIBUTES}
        // The map sits in a scrolling page: a wheel scrolls the page unless Ctrl (or ⌘) is held; two fingers pan on touch.
        cooperativeGestures
        locale={{
          'Map.Title': label,
          'NavigationControl.ZoomIn': t('mapview.zoomIn'),
          'NavigationControl.ZoomOut': t('mapview.zoomOut'),
          'FullscreenControl.Enter': t('mapview.fullscreenEnter'),
          'FullscreenControl.Exit': t('mapview.fullscreenExit'),
          'AttributionControl.ToggleAttribution': t('mapview.toggleAttribution'),
          'Popup.Close': t('mapview.closePopup'),
          'Marker.Title': t('mapview.marker'),
          'CooperativeGesturesHandler.WindowsHelpText': t('mapview.gestureWindows'),
          'CooperativeGesturesHandler.MacHelpText': t('mapview.gestureMac'),
          'CooperativeGesturesHandler.MobileHelpText': t('mapview.gestureMobile'),
        }}
        onLoad={(event) => {
          window.__portalscopeMap = event.target
          report()
          onLoad?.()
        }}
        onMoveEnd={report}
        onIdle={onIdle}
        onError={onError}
        onClick={(event) => {
          const map = mapRef.current
          if (!map || !onMapClick) return
          onMapClick({ x: event.point.x, y: event.point.y, project: (lon, lat) => map.project([lon, lat]) })
        }}
      >
        <AttributionControl position="bottom-right" compact />
        <NavigationControl position="top-right" showCompass={false} />
        <FullscreenControl position="top-right" />
        <PortalControl position="top-right" className="maplibregl-ctrl-group">
          <button type="button" className={controlButton} onClick={resetView} aria-label={resetLabel ?? t('mapview.resetView')} title={resetLabel ?? t('mapview.resetView')}>
            <HomeIcon />
          </button>
          <button type="button" className={controlButton} onClick={locate} aria-label={t('mapview.locate')} title={t('mapview.locate')} aria-busy={locating || undefined} disabled={locating}>
            <LocateIcon />
          </button>
          {basemap.tiles ? (
            <button
              type="button"
              className={controlButton}
              onClick={() => setKind((current) => (current === 'online' ? 'offline' : 'online'))}
              aria-pressed={kind === 'offline'}
              aria-label={t('mapview.offlineBasemap')}
              title={t('mapview.offlineBasemap')}
            >
              <LayersIcon />
            </button>
          ) : null}
        </PortalControl>
        {panel ? (
          <PortalControl position="top-left" className={panelControl}>
            {panel}
          </PortalControl>
        ) : null}
        <DeckOverlay layers={deckLayers} onDrawn={onLayersDrawn} />
        {allMarkers.map((marker) => (
          <Marker key={marker.id} longitude={marker.longitude} latitude={marker.latitude} anchor="bottom">
            <img src={MARKER_ICON} width={28} height={40} alt={marker.label} title={marker.label} />
          </Marker>
        ))}
        {popup ? (
          <Popup ref={popupRef} key={popup.id} longitude={popup.longitude} latitude={popup.latitude} maxWidth="300px" closeOnClick={false} offset={12} className={popupStyle} onClose={() => popup.onClose('close')}>
            {popup.content}
          </Popup>
        ) : null}
      </MapView>
      {overlay}
      <p className={noticeStyle} role="status" aria-live="polite" data-testid="map-notice">
        {notice ? <span className={noticeBubble}>{notice}</span> : null}
      </p>
    </div>
  )
}

const frameStyle = css({
  // The built-in controls follow the theme and give a 40-pixel touch target.
  '& .maplibregl-ctrl-group': { bg: 'surface', boxShadow: 'e1', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border' },
  '& .maplibregl-ctrl-group button': { w: '10', h: '10', color: 'text' },
  '& .maplibregl-ctrl-group button + button': { borderTopColor: 'border' },
  '& .maplibregl-ctrl-group button:not(:disabled):hover': { bg: 'surface.hover' },
  '& .maplibregl-ctrl button:focus-visible': { outline: '2px solid', outlineColor: 'focus', outlineOffset: '-2px', boxShadow: 'none' },
  // maplibre draws its icons as dark images: inverted, they read on the dark surface.
  _dark: { '& .maplibregl-ctrl-icon, & .maplibregl-ctrl-attrib-button': { filter: 'invert(1)' } },
  '& .maplibregl-ctrl-attrib': { bg: 'surface', color: 'text.muted', fontSize: 'xs' },
  '& .maplibregl-ctrl-attrib a': { color: 'text' },
  // The map's input handling sets `outline: none` on the canvas itself: the ring needs !important to show.
  '& .maplibregl-canvas:focus-visible': { outline: '3px solid !important', outlineColor: 'focus !important', outlineOffset: '-3px' },
  '& .maplibregl-cooperative-gesture-screen': { fontSize: 'md' },
})

const controlButton = css({ display: 'grid !important', placeItems: 'center', cursor: 'pointer', '&:disabled': { cursor: 'progress', opacity: 0.6 } })

const panelControl = css({ maxW: 'calc(100vw - 120px)' })

const popupStyle = css({
  fontFamily: 'body',
  // Over the controls in the corners (maplibre gives them z-index 2), which a popup near an edge would slip under.
  zIndex: '3',
  '& .maplibregl-popup-content': { bg: 'surface', color: 'text', borderRadius: 'l2', boxShadow: 'e8', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', p: '3', pe: '9' },
  '& .maplibregl-popup-close-button': { w: '9', h: '9', fontSize: 'xl', color: 'text.muted', borderRadius: 'l2', _hover: { bg: 'surface.hover', color: 'text' } },
  '&.maplibregl-popup-anchor-bottom .maplibregl-popup-tip, &.maplibregl-popup-anchor-bottom-left .maplibregl-popup-tip, &.maplibregl-popup-anchor-bottom-right .maplibregl-popup-tip': { borderTopColor: 'surface' },
  '&.maplibregl-popup-anchor-top .maplibregl-popup-tip, &.maplibregl-popup-anchor-top-left .maplibregl-popup-tip, &.maplibregl-popup-anchor-top-right .maplibregl-popup-tip': { borderBottomColor: 'surface' },
  '&.maplibregl-popup-anchor-left .maplibregl-popup-tip': { borderRightColor: 'surface' },
  '&.maplibregl-popup-anchor-right .maplibregl-popup-tip': { borderLeftColor: 'surface' },
})

const noticeStyle = css({ position: 'absolute', left: '2', bottom: '2', right: '14', zIndex: '3', pointerEvents: 'none', m: '0' })
const noticeBubble = css({ display: 'inline-block', bg: 'surface', color: 'text', fontSize: 'sm', px: '3', py: '1.5', borderRadius: 'l2', boxShadow: 'e1', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border' })
