import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { css, cx } from '../../styled-system/css'
import { Button } from '../../components/ui/button.tsx'
import { MAP_INITIAL_BBOX, MAP_INITIAL_VIEW, MAP_POINT_ZOOM, type BBox, type MapColourBy } from '../../lib/domain/map.ts'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'
import type { BasemapConfig } from './basemap-style.ts'
import { DatasetPopup } from './DatasetPopup.tsx'
import { homeLayers, type ExtentFeatures } from './home-layers.ts'
import { LazyMap, type DeckLayerLib, type MapHandle, type MapPopup } from './LazyMap.tsx'
import { PanelIcon } from './map-icons.tsx'
import type { MapDatasetItem, MapFirstView, MapMeta } from './map-types.ts'
import { MapLegend } from './MapLegend.tsx'
import { MapOverlay } from './MapOverlay.tsx'
import { MapPicture, useMapPictureMarkup, type MapPictureSource } from './MapPicture.tsx'
import { MapSidebar, type SidebarFilters } from './MapSidebar.tsx'
import type { TileStyle } from './tile-style.ts'
import { useMapTiles } from './use-map-tiles.ts'
import { fetchMapDataset, useDatasetPages, useExtents, useMapMeta } from './use-map-api.ts'
import { useTheme } from './use-theme.ts'
import { informativeExtents, legendCounts, pickAt, totalInView, type MapView } from './view.ts'

const LIST_DEBOUNCE_MS = 250
const SEARCH_DEBOUNCE_MS = 300
const PAGE_SIZE = 50
// Extents are drawn only when few datasets are in view and the map is close enough to tell them apart.
const EXTENTS_MAX = 200
const EXTENTS_MIN_ZOOM = 9
const MAP_DRAWN = 'portalscope:map-drawn'

type FlyTarget = Parameters<MapHandle['flyTo']>[0]
type PopupState = { id: string; key: number; lon: number; lat: number; origin: 'list' | 'map'; content: { status: 'ready'; item: MapDatasetItem } | { status: 'loading' } | { status: 'error' } }

const sameBox = (a: BBox, b: BBox) => a.west === b.west && a.south === b.south && a.east === b.east && a.north === b.north

/**
 * The home page's map with the list of the datasets in view beside it. The list, its count and the filters render
 * on the server from map.firstView; the map itself loads afterwards (LazyMap). Map and list follow each other:
 * moving the map reloads the list (debounced, the previous request aborted), hovering a row rings its dataset on the
 * map, activating a row flies there and opens its popup, Escape in the popup returns to the row.
 */
export function HomeMap({ meta: initialMeta, firstView, basemap, picture: pictureSource }: { meta: MapMeta | null; firstView: MapFirstView | null; basemap: BasemapConfig; picture: MapPictureSource }) {
  const t = useT()
  const intl = useIntl()
  const theme = useTheme()
  const hydrated = useHydrated()
  const ids = useId()
  const handle = useRef<MapHandle>(null)
  const picture = useMapPictureMarkup(pictureSource)

  const metaQuery = useMapMeta(initialMeta, hydrated)
  const meta = metaQuery.meta
  const buildId = meta?.buildId ?? null

  const [view, setView] = useState<MapView | null>(null)
  const [listBox, setListBox] = useState<BBox>(MAP_INITIAL_BBOX)
  const [filters, setFilters] = useState<SidebarFilters>({ portalId: null, family: null, band: null, q: '' })
  const [query, setQuery] = useState('')
  const [colourBy, setColourBy] = useState<MapColourBy>('family')
  const [showExtents, setShowExtents] = useState(true)
  const [open, setOpen] = useState(true)
  const [hovered, setHovered] = useState<MapDatasetItem | null>(null)
  const [popup, setPopup] = useState<PopupState | null>(null)
  const [tilesGone, setTilesGone] = useState(false)

  // After a row has flown the map to its dataset the list stays as it is (so Escape and the arrow keys find the row
  // where it was) until the user moves the map themselves.
  const listFollows = useRef(true)
  const listTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(
    () => () => {
      clearTimeout(listTimer.current)
      clearTimeout(searchTimer.current)
    },
    [],
  )

  const onViewChange = useCallback((next: MapView, { byUser }: { byUser: boolean }) => {
    setView(next)
    if (byUser) listFollows.current = true
    clearTimeout(listTimer.current)
    listTimer.current = setTimeout(() => {
      if (listFollows.current) setListBox((current) => (sameBox(current, next.bbox) ? current : next.bbox))
    }, LIST_DEBOUNCE_MS)
  }, [])

  const onFilters = useCallback((next: SidebarFilters) => {
    setFilters(next)
    clearTimeout(searchTimer.current)
    const q = next.q.trim()
    if (q === '') setQuery('')
    else searchTimer.current = setTimeout(() => setQuery(q), SEARCH_DEBOUNCE_MS)
  }, [])

  const embedded = useMemo(() => (firstView ? { buildId: firstView.buildId, tiles: firstView.tiles } : null), [firstView])
  const retriedBuilds = useRef(new Set<number>())
  const tiles = useMapTiles({
    buildId,
    scope: filters.portalId ?? '',
    view,
    embedded,
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

  const style: TileStyle = useMemo(() => ({ colourBy, filter: { family: filters.family, band: filters.band }, theme }), [colourBy, filters.family, filters.band, theme])

  const listInput = {
    bbox: listBox,
    portalId: filters.portalId ?? undefined,
    family: filters.family ?? undefined,
    band: filters.band ?? undefined,
    q: query || undefined,
    limit: PAGE_SIZE,
  }
  const initialList = firstView && sameBox(listBox, MAP_INITIAL_BBOX) && !filters.portalId && !filters.family && !filters.band && !query ? firstView.datasets : null
  const list = useDatasetPages(listInput, initialList, hydrated)
  const items = list.items

  // The total in view comes from the tiles' cluster counts, which need no query; with a search, the server's count.
  // While the tiles of a new view load, the figures stay those of the view the shown tiles belong to.
  const total = tiles.tilesView ? totalInView(tiles.tiles, tiles.tilesView.bbox, style) : (firstView?.total ?? null)
  const matched = query ? list.matched : null
  const countText = matched
    ? matched.capped
      ? t('map.matchedCapped', { count: intl.formatNumber(matched.count) })
      : t('map.matched', { count: matched.count })
    : total === null
      ? ''
      : filters.family && filters.band
        ? t('map.inViewAtMost', { count: total })
        : t('map.inView', { count: total })

  const extentsWanted = showExtents && buildId !== null && view !== null && view.zoom >= EXTENTS_MIN_ZOOM && total !== null && total <= EXTENTS_MAX
  const extentsData = useExtents({ bbox: view?.bbox ?? MAP_INITIAL_BBOX, portalId: filters.portalId ?? undefined, limit: EXTENTS_MAX }, hydrated && extentsWanted)
  const extents = useMemo<ExtentFeatures | null>(
    () =>
      extentsWanted && extentsData && view
        ? { type: 'FeatureCollection', features: informativeExtents(extentsData, view.bbox).map((extent) => ({ type: 'Feature', properties: { key: extent.key }, geometry: extent.geometry })) }
        : null,
    [extentsWanted, extentsData, view],
  )

  const decimal = intl.formatNumber(1.5).charAt(1)
  const highlight = popup ? { lon: popup.lon, lat: popup.lat } : hovered ? { lon: hovered.lon, lat: hovered.lat } : null
  const layers = useCallback(
    (lib: DeckLayerLib) => homeLayers(lib, { tiles: tiles.tiles, style, decimal, highlight, extents }),
    // The highlight's coordinates, not its identity.
    [tiles.tiles, style, decimal, highlight?.lon, highlight?.lat, extents], // eslint-disable-line react-hooks/exhaustive-deps
  )
  const counts = useMemo(() => (tiles.tilesView ? legendCounts(tiles.tiles, tiles.tilesView.bbox, style) : []), [tiles.tiles, tiles.tilesView, style])

  // Hook for benchmarks and tests: once the symbols of a new set of tiles are drawn, the window gets the event
  // `portalscope:map-drawn` (detail: the number of tiles) and the performance timeline a mark of that name.
  // bench/map.ts times the first one from navigation start.
  const announced = useRef<readonly unknown[] | null>(null)
  const drawnTiles = tiles.tiles
  // The server's picture stays until the map has drawn both its basemap and the first view's symbols.
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
  }, [])

  const onActivate = (item: MapDatasetItem) => {
    listFollows.current = false
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

  const mapPopup: MapPopup | null = popup ? { id: popup.id, longitude: popup.lon, latitude: popup.lat, content: <DatasetPopup state={popup.content} theme={theme} />, onClose: closePopup } : null

  const overlay =
    metaQuery.failed ? (
      <MapOverlay tone="error" action={<Button size="sm" variant="outline" onClick={() => void metaQuery.refetch()}>{t('map.retry')}</Button>}>
        {t('map.tilesFailed')}
      </MapOverlay>
    ) : meta && buildId === null ? (
      <MapOverlay tone="info" title={t('map.preparingTitle')} busy>
        {t('map.preparing')}
      </MapOverlay>
    ) : meta && meta.points === 0 ? (
      <MapOverlay tone="info" title={t('map.noDataTitle')}>
        {t('map.noData')}
      </MapOverlay>
    ) : tiles.failed || tilesGone ? (
      <MapOverlay
        tone="error"
        action={
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setTilesGone(false)
              retriedBuilds.current.clear()
              tiles.retry()
            }}
          >
            {t('map.retry')}
          </Button>
        }
      >
        {t('map.tilesFailed')}
      </MapOverlay>
    ) : tiles.loading ? (
      <p className={loadingPill} role="status">
        {t('map.loadingTiles')}
      </p>
    ) : null

  const sidebarId = `${ids}-sidebar`
  return (
    <section aria-labelledby={`${ids}-title`} className={css({ display: 'grid', gap: '3', minW: '0' })}>
      <h2 id={`${ids}-title`} className={css({ srOnly: true })}>
        {t('map.sectionTitle')}
      </h2>
      <div className={cx(layout, open ? undefined : collapsed)} data-testid="home-map" data-sidebar={open ? 'open' : 'closed'} data-tile-zoom={tiles.loading ? undefined : tiles.tiles[0]?.address.z}>
        <div className={mapArea}>
          {/* Hiding the list needs JavaScript: without it there is no button that would do nothing. */}
          {hydrated ? (
            <button type="button" className={toggle} aria-expanded={open} aria-controls={sidebarId} onClick={() => setOpen((value) => !value)} title={open ? t('map.hideList') : t('map.showList')}>
              <PanelIcon />
              <span className={css({ srOnly: true })}>{open ? t('map.hideList') : t('map.showList')}</span>
            </button>
          ) : null}
          <LazyMap
            loadOnInteraction
            label={t('map.mapLabel')}
            basemap={basemap}
            initialView={MAP_INITIAL_VIEW}
            layers={layers}
            onLayersDrawn={onLayersDrawn}
            onIdle={onIdle}
            onLoad={onLoad}
            popup={mapPopup}
            onViewChange={onViewChange}
            onMapClick={(click) => {
              listFollows.current = true
              const picked = pickAt(tiles.tiles, style, click, click.project)
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
            }}
            panel={<MapLegend colourBy={colourBy} onColourBy={setColourBy} counts={counts} theme={theme} showExtents={showExtents} onShowExtents={setShowExtents} />}
            overlay={overlay}
            handleRef={handle}
          />
          {/* The server's picture of the first view until the map has drawn (or for good, where it cannot). */}
          {picture && !(drawnOnce && basemapDrawn) && !filters.portalId && !filters.family && !filters.band && colourBy === 'family' ? <MapPicture markup={picture} /> : null}
        </div>
        <div className={sidebarArea} hidden={!open}>
          <MapSidebar
            id={sidebarId}
            titleId={`${ids}-list-title`}
            countText={countText}
            filters={filters}
            onFilters={onFilters}
            portals={meta?.portals ?? []}
            items={items}
            status={list.status}
            hasMore={list.hasMore}
            loadingMore={list.loadingMore}
            onLoadMore={list.loadMore}
            onRetry={list.retry}
            interactive={hydrated}
            activeKey={popup?.origin === 'list' ? popup.key : null}
            onActivate={onActivate}
            onHover={setHovered}
            theme={theme}
            noScriptNote={<noscript>{t('map.firstPageNoScript', { count: items.length })}</noscript>}
          />
        </div>
      </div>
    </section>
  )
}

// Desktop: the list on the left, the map filling the rest, both as tall as most screens allow. Phones: the map
// first, the list under it with its own scroll.
const layout = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: '22rem minmax(0, 1fr)' },
  gridTemplateAreas: { base: '"map" "list"', md: '"list map"' },
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border',
  borderRadius: 'l3',
  overflow: 'hidden',
  bg: 'surface',
  boxShadow: 'e1',
  minW: '0',
})
const collapsed = css({ gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(0, 1fr)' }, gridTemplateAreas: { base: '"map"', md: '"map"' } })
const mapArea = css({
  gridArea: 'map',
  position: 'relative',
  h: { base: '60vh', md: 'clamp(440px, 72vh, 760px)' },
  minH: '320px',
  // The page's own controls sit to the right of the list toggle.
  '& .maplibregl-ctrl-top-left': { left: '12' },
})
const sidebarArea = css({
  gridArea: 'list',
  display: 'flex',
  flexDirection: 'column',
  minH: '0',
  h: { base: '28rem', md: 'clamp(440px, 72vh, 760px)' },
  borderColor: 'border',
  borderStyle: 'solid',
  borderWidth: '0',
  borderTopWidth: { base: '1px', md: '0' },
  borderRightWidth: { base: '0', md: '1px' },
  '&[hidden]': { display: 'none' },
  '& > aside': { flex: '1' },
})
const toggle = css({
  position: 'absolute',
  top: '2.5',
  left: '2.5',
  zIndex: '3',
  display: 'grid',
  placeItems: 'center',
  w: '10',
  h: '10',
  bg: 'surface',
  color: 'text',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border',
  borderRadius: 'l2',
  boxShadow: 'e1',
  cursor: 'pointer',
  _hover: { bg: 'surface.raised' },
  '&[aria-expanded=false]': { color: 'primary.text', borderColor: 'border.strong' },
})
const loadingPill = css({
  position: 'absolute',
  top: '3',
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: '2',
  bg: 'surface',
  color: 'text.muted',
  fontSize: 'xs',
  px: '3',
  py: '1',
  borderRadius: 'full',
  boxShadow: 'e1',
  pointerEvents: 'none',
})
