import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react'
import { PageIntro } from '../../components/PageIntro.tsx'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { XIcon } from '../../components/ui/icons.tsx'
import { css } from '../../styled-system/css'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import {
  EXPLORER_PATH,
  FACETS,
  PAGE_SIZE,
  SORTS,
  explorerHref,
  hasFilters,
  parseExplorerState,
  sameState,
  withKnownPortals,
  withoutFilter,
  withoutFilters,
  type ExplorerSort,
  type ExplorerState,
  type FacetKey,
} from './explorer-state.ts'
import { FACET_TITLES, FacetPanel, facetValueLabel } from './FacetPanel.tsx'
import { LiveNotices, SourceLine } from './LiveStatus.tsx'
import { ResultList, ResultSkeleton } from './ResultList.tsx'
import { SearchForm } from './SearchForm.tsx'
import type { SearchView } from './search-view.ts'
import { resultWindow, useExplorerSearch, type PortalChoice } from './use-explorer-search.ts'
import { LinkPager } from '../../components/LinkPager.tsx'
import { madeBy } from '../../lib/made-by.ts'

/** What pages/ckan-explorer/+data.ts hands the page. */
export type ExplorerData = { state: ExplorerState; portals: PortalChoice[]; snapshot: SearchView | null }

const SORT_KEYS: Record<ExplorerSort, MessageKey> = { relevance: 'explorer.sortRelevance', name: 'explorer.sortName', modified: 'explorer.sortModified' }

const plainLink = (anchor: HTMLAnchorElement, event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !anchor.target && !anchor.hasAttribute('download')

export function ExplorerPage({ data }: { data: ExplorerData }) {
  const t = useT()
  const intl = useIntl()
  const [state, setState] = useState(data.state)
  // Vike renders this page again with new data when a link elsewhere (the main menu, say) leads here: start over.
  const [renderedData, setRenderedData] = useState(data)
  if (renderedData !== data) {
    setRenderedData(data)
    setState(data.state)
  }
  const knownIds = useMemo(() => new Set(data.portals.map((portal) => portal.id)), [data.portals])
  const portalById = useMemo(() => new Map(data.portals.map((portal) => [portal.id, portal])), [data.portals])
  const portalNames = useMemo(() => new Map(data.portals.map((portal) => [portal.id, portal.name])), [data.portals])
  const resultsHeading = useRef<HTMLHeadingElement>(null)
  const search = useExplorerSearch(state, data.portals, data)

  // The URL is the state: each change is a history entry (shareable, and the back button returns to it).
  const go = (next: ExplorerState, options: { focusResults?: boolean } = {}) => {
    const known = withKnownPortals(next, knownIds)
    if (!sameState(known, state)) window.history.pushState(null, '', explorerHref(known))
    setState(known)
    if (options.focusResults) resultsHeading.current?.focus()
  }

  useEffect(() => {
    // Vike leaves history entries this page made itself to the page (it does not render again for them).
    const onPopState = () => {
      if (window.location.pathname === EXPLORER_PATH) setState(withKnownPortals(parseExplorerState(new URLSearchParams(window.location.search)), knownIds))
    }
    window.addEventListener('popstate', onPopState)
    return () => window.removeEventListener('popstate', onPopState)
  }, [knownIds])

  // Facets, chips, sort and pages are plain links to this page (they work without JavaScript); here they change the
  // state in place. stopPropagation keeps Vike's router from loading the page again from the server.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest('a[href]')
    if (!madeBy(anchor, HTMLAnchorElement) || event.defaultPrevented || !plainLink(anchor, event)) return
    // A link within the page (the status line's to the live notice) is the browser's.
    if (anchor.getAttribute('href')?.startsWith('#')) return
    const url = new URL(anchor.href)
    if (url.origin !== window.location.origin || url.pathname !== EXPLORER_PATH) return
    event.preventDefault()
    event.stopPropagation()
    go(parseExplorerState(url.searchParams), { focusResults: anchor.hasAttribute('data-focus-results') })
  }

  const { view, source, live } = search
  const pageCount = view ? Math.ceil(Math.min(view.total, resultWindow(source)) / PAGE_SIZE) : 0
  const filtered = hasFilters(state) || state.q !== ''
  const chosen = state.portals.length ? data.portals.filter((portal) => state.portals.includes(portal.id)) : data.portals
  const demoOnly = !state.snapshotOnly && chosen.length > 0 && chosen.every((portal) => portal.isDemo)
  const labelOf = (key: FacetKey, value: string) => {
    const facet = view?.facets[key].find((one) => one.value === value)
    return facetValueLabel(t, key, facet ?? { value, label: key === 'organization' ? value.slice(value.indexOf(':') + 1) : value })
  }

  return (
    <div onClick={onClick}>
      <PageIntro title={t('pages.ckanExplorerTitle')} description={t('pages.ckanExplorerDescription')}>
        <SearchForm state={state} portals={data.portals} onChange={go} />
      </PageIntro>
      <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: '16rem minmax(0, 1fr)', lg: '18rem minmax(0, 1fr)' }, alignItems: 'start' })}>
        <FacetPanel state={state} facets={view?.facets ?? null} facetSample={view?.facetSample ?? null} portalNames={portalNames} />
        <section aria-labelledby="explorer-results" aria-busy={search.busy || undefined} className={css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '3', minW: '0' })}>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' })}>
            <h2 id="explorer-results" ref={resultsHeading} tabIndex={-1} className={css({ fontSize: 'lg', fontWeight: '600' })}>
              {t('explorer.resultsHeading')}
            </h2>
            <nav aria-label={t('explorer.sortLabel')} className={css({ display: 'flex', gap: '1', alignItems: 'center', flexWrap: 'wrap' })}>
              <span aria-hidden="true" className={css({ fontSize: 'sm', color: 'text.muted', me: '1' })}>
                {t('explorer.sortLabel')}
              </span>
              {SORTS.map((sort) => (
                <Button key={sort} asChild size="sm" variant={sort === state.sort ? 'solid' : 'ghost'}>
                  <a href={explorerHref({ ...state, sort, page: 1 })} rel="nofollow" aria-current={sort === state.sort ? 'true' : undefined}>
                    {t(SORT_KEYS[sort])}
                  </a>
                </Button>
              ))}
            </nav>
          </div>
          <p role="status" data-testid="explorer-count" className={css({ fontWeight: '500' })}>
            {view ? t(view.approximate ? 'explorer.resultCountAbout' : 'explorer.resultCount', { count: view.total }) : search.failed ? '' : t('common.loading')}
          </p>
          <SourceLine source={source} live={live} liveExpected={search.liveExpected} portals={portalById} demoOnly={demoOnly} />
          {hasFilters(state) ? (
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
              <span id="explorer-active-filters" className={css({ fontSize: 'sm', color: 'text.muted' })}>
                {t('explorer.activeFilters')}
              </span>
              <ul aria-labelledby="explorer-active-filters" className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', p: '0', m: '0' })}>
                {FACETS.flatMap(({ key }) =>
                  state.filters[key].map((value) => {
                    const label = labelOf(key, value)
                    return (
                      <li key={`${key}:${value}`}>
                        <Badge asChild size="lg" tone="primary">
                          <a href={explorerHref(withoutFilter(state, key, value))} aria-label={t('explorer.removeFilter', { facet: t(FACET_TITLES[key]), value: label })} className={css({ textDecoration: 'none' })}>
                            {label}
                            <XIcon />
                          </a>
                        </Badge>
                      </li>
                    )
                  }),
                )}
              </ul>
              <a href={explorerHref(withoutFilters(state))} className={css({ fontSize: 'sm' })}>
                {t('explorer.clearFilters')}
              </a>
            </div>
          ) : null}
          {search.failed ? (
            <div role="alert" className={css({ bg: 'error.subtle', color: 'text', borderWidth: '1px', borderStyle: 'solid', borderColor: 'error', borderRadius: 'l2', px: '4', py: '3', display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
              <p>{t('explorer.searchFailed')}</p>
              <Button size="sm" variant="outline" onClick={search.retry}>
                {t('common.retry')}
              </Button>
            </div>
          ) : !view ? (
            <ResultSkeleton />
          ) : view.total === 0 ? (
            <div className={css({ py: '8', textAlign: 'center', display: 'grid', gap: '2' })}>
              {filtered ? (
                <>
                  <p className={css({ fontWeight: '500' })}>{t('explorer.noMatch')}</p>
                  <p className={css({ color: 'text.muted' })}>
                    {hasFilters(state) ? <a href={explorerHref(withoutFilters(state))}>{t('explorer.noMatchRemoveFilters')}</a> : t('explorer.noMatchHint')}
                  </p>
                </>
              ) : (
                <p>{t('common.noData')}</p>
              )}
            </div>
          ) : (
            <div className={css({ opacity: search.busy ? 0.6 : 1, transition: 'opacity 0.2s' })}>
              {view.items.length ? (
                <ResultList items={view.items} portals={portalById} />
              ) : (
                <p>
                  <a href={explorerHref({ ...state, page: 1 })}>{t('explorer.firstPage')}</a>
                </p>
              )}
            </div>
          )}
          {/* After the results, so a notice that comes with the live answers moves none of them; the status line links here. */}
          <LiveNotices live={live} portals={portalById} snapshotHref={explorerHref({ ...state, snapshotOnly: true })} />
          <LinkPager
            page={state.page}
            totalPages={pageCount}
            hrefFor={(page) => explorerHref({ ...state, page })}
            label={t('explorer.resultPages')}
            // The page's click handler follows these in place and moves focus to the results heading.
            linkAttributes={{ 'data-focus-results': '' }}
          />
          {view && view.total > resultWindow(source) ? (
            <p className={css({ fontSize: 'sm', color: 'text.muted' })}>{t('explorer.windowNote', { count: intl.formatNumber(resultWindow(source)) })}</p>
          ) : null}
        </section>
      </div>
    </div>
  )
}
