import { useId, useMemo, useRef, useState } from 'react'
import { css, cx } from '../../styled-system/css'
import { Button } from '../../components/ui/button.tsx'
import { MAP_INITIAL_BBOX, MAP_INITIAL_VIEW, type MapColourBy } from '../../lib/domain/map.ts'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'
import type { BasemapConfig } from './basemap-style.ts'
import { LazyMap, type MapHandle } from './LazyMap.tsx'
import { PanelIcon } from './map-icons.tsx'
import type { MapFirstView, MapMeta } from './map-types.ts'
import { MapLegend } from './MapLegend.tsx'
import { MapOverlay } from './MapOverlay.tsx'
import { MapPicture, useMapPictureMarkup, type MapPictureSource } from './MapPicture.tsx'
import { MapSidebar } from './MapSidebar.tsx'
import type { TileStyle } from './tile-style.ts'
import { useHomeExtents, useHomeTiles } from './use-home-data.ts'
import { useHomeLayers, useMapDrawn } from './use-home-layers.ts'
import { useHomePopup } from './use-home-popup.tsx'
import { sameBox, useHomeView, useListFilters } from './use-home-view.ts'
import { useTheme } from './use-theme.ts'
import { useDatasetPages } from './use-map-api.ts'
import { totalInView } from './view.ts'

const PAGE_SIZE = 50

/**
 * The home page's map with the list of the datasets in view beside it. The list, its count and the filters render
 * on the server from map.firstView; the map itself loads afterwards (LazyMap). Map and list follow each other:
 * moving the map reloads the list (debounced, the previous request aborted), hovering a row rings its dataset on the
 * map, activating a row flies there and opens its popup, Escape in the popup returns to the row. Each job is a hook
 * of its own: the view, the list's box and filters (use-home-view.ts), what loads (use-home-data.ts, use-map-api.ts),
 * the layers and when they are drawn (use-home-layers.ts), the list and popup interaction (use-home-popup.tsx); this
 * wires them together and lays them out.
 */
export function HomeMap({ meta: initialMeta, firstView, basemap, picture: pictureSource }: { meta: MapMeta | null; firstView: MapFirstView | null; basemap: BasemapConfig; picture: MapPictureSource }) {
  const t = useT()
  const intl = useIntl()
  const theme = useTheme()
  const hydrated = useHydrated()
  const ids = useId()
  const handle = useRef<MapHandle>(null)
  const picture = useMapPictureMarkup(pictureSource)

  const [view, listBox, onViewChange, listFollows] = useHomeView()
  const [filters, query, onFilters] = useListFilters()
  const [colourBy, setColourBy] = useState<MapColourBy>('family')
  const [showExtents, setShowExtents] = useState(true)
  const [open, setOpen] = useState(true)

  const [metaQuery, buildId, tiles, tilesFailed, retryTiles] = useHomeTiles(initialMeta, firstView, hydrated, view, filters.portalId)
  const meta = metaQuery.meta
  const style: TileStyle = useMemo(() => ({ colourBy, filter: { family: filters.family, band: filters.band }, theme }), [colourBy, filters.family, filters.band, theme])
  // The list of the datasets in the list's box (use-map-api.ts), the server's first page while it shows the first view.
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
  const extents = useHomeExtents(showExtents, buildId, view, total, filters.portalId, hydrated)

  const [mapPopup, highlight, activeKey, onActivate, onHover, onMapClick, onLoad] = useHomePopup(handle, view, tiles.tiles, style, theme, listFollows)
  const [layers, counts] = useHomeLayers(tiles, style, intl.formatNumber(1.5).charAt(1), highlight, extents)
  const [drawn, onIdle, onLayersDrawn] = useMapDrawn(tiles.tiles)

  const overlay = metaQuery.failed ? (
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
  ) : tilesFailed ? (
    <MapOverlay
      tone="error"
      action={
        <Button size="sm" variant="outline" onClick={retryTiles}>
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
            onMapClick={onMapClick}
            panel={<MapLegend colourBy={colourBy} onColourBy={setColourBy} counts={counts} theme={theme} showExtents={showExtents} onShowExtents={setShowExtents} />}
            overlay={overlay}
            handleRef={handle}
          />
          {/* The server's picture of the first view until the map has drawn (or for good, where it cannot). */}
          {picture && !drawn && !filters.portalId && !filters.family && !filters.band && colourBy === 'family' ? <MapPicture markup={picture} /> : null}
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
            activeKey={activeKey}
            onActivate={onActivate}
            onHover={onHover}
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
