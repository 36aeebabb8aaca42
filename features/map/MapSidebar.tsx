import { useId, type ReactNode } from 'react'
import { css, cx } from '../../styled-system/css'
import { input } from '../../styled-system/recipes'
import { Button } from '../../components/ui/button.tsx'
import { MAP_BANDS, MAP_FAMILIES, type MapBand, type MapFamily } from '../../lib/domain/map.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import type { Theme } from '../../lib/theme/pre-paint.ts'
import { bandKey, familyKey, type MapDatasetItem } from './map-types.ts'
import { cssRgb } from '../../lib/domain/map-palette.ts'
import { bandColour, familyColour } from '../../lib/domain/map-scheme-colours.ts'
import { VirtualList } from './VirtualList.tsx'

export type SidebarFilters = { portalId: string | null; family: MapFamily | null; band: MapBand | null; q: string }

export const ROW_HEIGHT = 76

const labelStyle = css({ fontSize: 'xs', fontWeight: '600', color: 'text.muted' })
const select = cx(input({ size: 'md' }), css({ appearance: 'auto', pe: '2' }))
// The rows' styles are the list's, by selector: the home page renders fifty rows, and classes on each row and its
// parts were a quarter of its HTML. A row is a link (before hydration) or a button holding three lines: the title,
// the publisher, and the kind and quality, each after its colour dot.
const rows = css({
  flex: '1',
  '& li > :is(a, button)': {
    display: 'grid',
    gridTemplateRows: 'auto auto auto',
    alignContent: 'center',
    gap: '0.5',
    w: '100%',
    h: '100%',
    px: '4',
    textAlign: 'start',
    bg: 'transparent',
    color: 'text',
    borderBottomWidth: '1px',
    borderBottomStyle: 'solid',
    borderBottomColor: 'border',
    cursor: 'pointer',
    textDecoration: 'none',
    _hover: { bg: 'surface.hover' },
    '&[data-active=true]': { bg: 'primary.subtle' },
    _focusVisible: { outline: '2px solid', outlineColor: 'focus', outlineOffset: '-2px' },
  },
  // Each line, and the kind's and the quality's names, end in an ellipsis when too long.
  '& li > * > span:is(:nth-child(1), :nth-child(2))': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minW: '0' },
  '& li > * > span:nth-child(3) > span:not([aria-hidden])': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minW: '0' },
  '& li > * > span:nth-child(1)': { fontWeight: '600', fontSize: 'sm' },
  '& li > * > span:nth-child(2)': { fontSize: 'xs', color: 'text.muted' },
  '& li > * > span:nth-child(3)': { display: 'flex', alignItems: 'center', gap: '1.5', fontSize: 'xs', color: 'text.muted', minW: '0' },
  // The colour dots (their colour is the row's own).
  '& li > * > span:nth-child(3) > span:empty': {
    display: 'inline-block',
    w: '2.5',
    h: '2.5',
    borderRadius: 'full',
    flexShrink: 0,
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'border.strong',
  },
})

type Props = {
  id: string
  titleId: string
  /** "1 234 datasets in view", announced politely when it changes. */
  countText: string
  filters: SidebarFilters
  onFilters: (filters: SidebarFilters) => void
  portals: ReadonlyArray<{ id: string; name: string }>
  items: readonly MapDatasetItem[]
  status: 'pending' | 'error' | 'success'
  hasMore: boolean
  loadingMore: boolean
  onLoadMore: () => void
  onRetry: () => void
  /** Before hydration the rows are links to the datasets; afterwards buttons that show them on the map. */
  interactive: boolean
  activeKey: number | null
  onActivate: (item: MapDatasetItem) => void
  onHover: (item: MapDatasetItem | null) => void
  theme: Theme
  /** A note for browsers without JavaScript. */
  noScriptNote: ReactNode
}

/**
 * The list beside the map: the datasets in the current view, with filters that filter the map too. It is the
 * keyboard and screen-reader equivalent of the map: every dataset a row (a button that shows it on the map), the
 * count in a live region.
 */
export function MapSidebar({ id, titleId, countText, filters, onFilters, portals, items, status, hasMore, loadingMore, onLoadMore, onRetry, interactive, activeKey, onActivate, onHover, theme, noScriptNote }: Props) {
  const t = useT()
  const ids = useId()
  const filtered = filters.family !== null || filters.band !== null || filters.q.trim() !== '' || filters.portalId !== null
  const footer =
    status === 'error' ? (
      <div className={css({ p: '4', display: 'grid', gap: '2', justifyItems: 'start' })} role="alert">
        <p className={css({ color: 'error.text', fontSize: 'sm' })}>{t('map.listError')}</p>
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('map.retry')}
        </Button>
      </div>
    ) : status === 'success' && items.length === 0 ? (
      <p className={css({ p: '4', color: 'text.muted', fontSize: 'sm' })}>{filtered ? t('map.listEmptyFiltered') : t('map.listEmpty')}</p>
    ) : hasMore ? (
      <div className={css({ p: '3', display: 'flex', justifyContent: 'center' })}>
        {interactive ? (
          <Button size="sm" variant="outline" onClick={onLoadMore} loading={loadingMore}>
            {loadingMore ? t('map.loadingMore') : t('map.loadMore')}
          </Button>
        ) : (
          noScriptNote
        )}
      </div>
    ) : items.length > 0 ? (
      <p className={css({ p: '4', color: 'text.muted', fontSize: 'xs' })}>{t('map.listEnd')}</p>
    ) : null

  const renderRow = (item: MapDatasetItem) => {
    const family = t(familyKey(item.family))
    const band = t(bandKey(item.band))
    const publisher = item.publisher ?? t('map.unknownPublisher')
    const content = (
      <>
        <span>{item.title}</span>
        <span>{publisher}</span>
        <span>
          <span aria-hidden="true" style={{ background: cssRgb(familyColour(item.family, theme)) }} />
          <span>{family}</span>
          <span aria-hidden="true">·</span>
          <span aria-hidden="true" style={{ background: cssRgb(bandColour(item.band, theme)) }} />
          <span>{band}</span>
        </span>
      </>
    )
    return interactive ? (
      <button
        type="button"
        data-key={item.key}
        data-active={activeKey === item.key}
        onClick={() => onActivate(item)}
        onMouseEnter={() => onHover(item)}
        onMouseLeave={() => onHover(null)}
        onFocus={() => onHover(item)}
        onBlur={() => onHover(null)}
      >
        {content}
      </button>
    ) : (
      <a href={`/dataset/${encodeURIComponent(item.id)}`} data-key={item.key}>
        {content}
      </a>
    )
  }

  return (
    <aside id={id} aria-labelledby={titleId} className={css({ display: 'flex', flexDirection: 'column', minH: '0', minW: '0', bg: 'surface' })} data-testid="map-sidebar">
      <div className={css({ display: 'grid', gap: '3', p: '4', borderBottomWidth: '1px', borderBottomStyle: 'solid', borderBottomColor: 'border' })}>
        <div>
          <h3 id={titleId} className={css({ fontSize: 'md', fontWeight: '600' })}>
            {t('map.sidebarTitle')}
          </h3>
          <p className={css({ fontSize: 'sm', color: 'text.muted', fontVariantNumeric: 'tabular-nums' })} role="status" aria-live="polite" aria-atomic="true" data-testid="map-count">
            {countText}
          </p>
        </div>
        <form role="search" aria-label={t('map.filtersTitle')} onSubmit={(event) => event.preventDefault()} className={css({ display: 'grid', gap: '2', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' })}>
          <div className={css({ display: 'grid', gap: '1', gridColumn: '1 / -1' })}>
            <label htmlFor={`${ids}-q`} className={labelStyle}>
              {t('map.search')}
            </label>
            <input id={`${ids}-q`} type="search" className={input({ size: 'md' })} value={filters.q} maxLength={200} onChange={(event) => onFilters({ ...filters, q: event.target.value })} disabled={!interactive} />
          </div>
          <div className={css({ display: 'grid', gap: '1', gridColumn: '1 / -1' })}>
            <label htmlFor={`${ids}-portal`} className={labelStyle}>
              {t('map.portal')}
            </label>
            <select id={`${ids}-portal`} className={select} value={filters.portalId ?? ''} onChange={(event) => onFilters({ ...filters, portalId: event.target.value || null })} disabled={!interactive}>
              <option value="">{t('map.allPortals')}</option>
              {portals.map((portal) => (
                <option key={portal.id} value={portal.id}>
                  {portal.name}
                </option>
              ))}
            </select>
          </div>
          <div className={css({ display: 'grid', gap: '1', minW: '0' })}>
            <label htmlFor={`${ids}-family`} className={labelStyle}>
              {t('map.family')}
            </label>
            <select id={`${ids}-family`} className={select} value={filters.family ?? ''} onChange={(event) => onFilters({ ...filters, family: (event.target.value || null) as MapFamily | null })} disabled={!interactive}>
              <option value="">{t('map.allFamilies')}</option>
              {MAP_FAMILIES.map((family) => (
                <option key={family} value={family}>
                  {t(familyKey(family))}
                </option>
              ))}
            </select>
          </div>
          <div className={css({ display: 'grid', gap: '1', minW: '0' })}>
            <label htmlFor={`${ids}-band`} className={labelStyle}>
              {t('map.band')}
            </label>
            <select id={`${ids}-band`} className={select} value={filters.band ?? ''} onChange={(event) => onFilters({ ...filters, band: (event.target.value || null) as MapBand | null })} disabled={!interactive}>
              <option value="">{t('map.allBands')}</option>
              {MAP_BANDS.map((band) => (
                <option key={band} value={band}>
                  {t(bandKey(band))}
                </option>
              ))}
            </select>
          </div>
          {filtered && interactive ? (
            <Button size="sm" variant="ghost" className={css({ gridColumn: '1 / -1', justifySelf: 'start' })} onClick={() => onFilters({ portalId: null, family: null, band: null, q: '' })}>
              {t('map.clearFilters')}
            </Button>
          ) : null}
        </form>
      </div>
      <VirtualList
        items={items}
        rowHeight={ROW_HEIGHT}
        getKey={(item) => item.key}
        renderRow={renderRow}
        label={t('map.listLabel')}
        onEndReached={hasMore && !loadingMore && interactive ? onLoadMore : undefined}
        footer={footer}
        className={rows}
        testId="map-list"
      />
    </aside>
  )
}
