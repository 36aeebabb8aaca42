import { useId, type MouseEvent } from 'react'
import { css } from '../../styled-system/css'
import { FormAlert } from '../../components/FormAlert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Table } from '../../components/ui/table.tsx'
import { useDisplayNames } from './names.tsx'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { HEALTH_STATUSES } from '../../features/portals/health.ts'
import { NativeSelect } from '../../features/portals/NativeSelect.tsx'
import {
  DEFAULT_PORTAL_QUERY,
  pageSearch,
  portalCountries,
  selectPortals,
  toggleSort,
  type DirectoryQuery,
  type PortalQuery,
  type PortalSort,
} from '../../features/portals/portal-query.ts'
import type { Section } from '../../lib/section.ts'
import { PortalRow } from './PortalRow.tsx'
import type { HarvestStatus, Portal } from './types.ts'

const COLUMNS: Array<{ label: MessageKey; sort?: PortalSort; align?: 'end' }> = [
  { label: 'portals.columnPortal', sort: 'name' },
  { label: 'portals.columnHealth', sort: 'health' },
  { label: 'portals.columnVersion' },
  { label: 'portals.columnDatasets', sort: 'datasets', align: 'end' },
  { label: 'portals.columnHarvest', sort: 'harvested' },
  { label: 'portals.columnCountry', sort: 'country' },
  { label: 'portals.columnLanguages' },
]

// Positioned, so the visually hidden texts in its cells stay inside the scrolling box (not widening the page).
const scrollBox = css({ position: 'relative' })

type Props = {
  initial: Section<Portal[]>
  harvests: Record<string, HarvestStatus | null>
  query: PortalQuery
  directoryQuery: DirectoryQuery
  onQuery: (query: PortalQuery) => void
  signedIn: boolean
  /** Renders the page's data again (lib/routing/refresh-page.ts): a retry, or after a harvest changed a portal. */
  refresh: () => void
  /** While that data is on its way. */
  refreshing: boolean
}

/** The registered portals: filters in a GET form (the URL holds them), a sortable table, a harvest per row. */
export function PortalsSection({ initial, harvests, query, directoryQuery, onQuery, signedIn, refresh, refreshing }: Props) {
  const t = useT()
  const names = useDisplayNames()
  const titleId = useId()
  const searchId = useId()
  const portals = initial.ok ? initial.value : null
  const lastHarvest = (id: string) => {
    const run = harvests[id]?.runs[0]
    return run ? (run.finishedAt ?? run.startedAt).getTime() : null
  }
  const shown = portals ? selectPortals(portals, query, lastHarvest) : []
  const countries = portals ? portalCountries(portals) : []
  const filtered = query.q !== '' || query.health !== 'all' || query.country !== '' || query.demo !== 'all'
  const href = (next: PortalQuery) => `/ckan-instances${pageSearch(next, directoryQuery)}`
  const follow = (next: PortalQuery) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    onQuery(next)
  }
  const hidden = Object.fromEntries(new URLSearchParams(pageSearch({ ...DEFAULT_PORTAL_QUERY, sort: query.sort, dir: query.dir }, directoryQuery)))

  return (
    <section aria-labelledby={titleId} className={css({ display: 'grid', gap: '4', gridTemplateColumns: 'minmax(0, 1fr)' })}>
      <h2 id={titleId} className={css({ fontSize: 'xl', fontWeight: '600' })}>
        {t('portals.listTitle')}
      </h2>
      <form
        method="get"
        action="/ckan-instances"
        role="search"
        aria-label={t('portals.filtersLabel')}
        onSubmit={(event) => event.preventDefault()}
        className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'minmax(0, 2fr) repeat(3, minmax(0, 1fr)) auto' }, alignItems: 'end' })}
      >
        <div className={css({ display: 'grid', gap: '1.5' })}>
          <label htmlFor={searchId} className={css({ fontSize: 'sm', fontWeight: '500' })}>
            {t('portals.search')}
          </label>
          <Input id={searchId} type="search" name="q" value={query.q} maxLength={200} placeholder={t('portals.searchPlaceholder')} onChange={(event) => onQuery({ ...query, q: event.target.value })} />
        </div>
        <NativeSelect label={t('portals.filterHealth')} name="health" value={query.health} onChange={(event) => onQuery({ ...query, health: event.target.value as PortalQuery['health'] })}>
          <option value="all">{t('portals.healthAny')}</option>
          {HEALTH_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`portals.health_${status}`)}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect label={t('portals.filterCountry')} name="country" value={query.country} onChange={(event) => onQuery({ ...query, country: event.target.value })}>
          <option value="">{t('portals.countryAny')}</option>
          {/* A country in the URL that no portal has stays selectable, so the select shows what filters. */}
          {[...new Set([...countries, ...(query.country ? [query.country] : [])])].map((code) => (
            <option key={code} value={code}>
              {names.country(code)}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect label={t('portals.filterDemo')} name="demo" value={query.demo} onChange={(event) => onQuery({ ...query, demo: event.target.value as PortalQuery['demo'] })}>
          <option value="all">{t('portals.demoAll')}</option>
          <option value="only">{t('portals.demoOnly')}</option>
          <option value="hide">{t('portals.demoHide')}</option>
        </NativeSelect>
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit" variant="outline">
          {t('portals.apply')}
        </Button>
      </form>

      {!portals ? (
        <div className={css({ display: 'grid', gap: '2', justifyItems: 'start' })}>
          {refreshing ? (
            <p role="status">{t('common.loading')}</p>
          ) : (
            <FormAlert tone="error">{(!initial.ok && initial.error) || t('portals.listError')}</FormAlert>
          )}
          <Button variant="outline" size="sm" loading={refreshing} onClick={refresh}>
            {t('common.retry')}
          </Button>
        </div>
      ) : portals.length === 0 ? (
        <p className={css({ color: 'text.muted' })}>{t('common.noData')}</p>
      ) : (
        <>
          <p role="status" className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'baseline', fontSize: 'sm', color: 'text.muted' })}>
            <span data-testid="portal-count">{t('portals.showing', { shown: shown.length, total: portals.length })}</span>
            {filtered ? (
              <a href={href({ ...DEFAULT_PORTAL_QUERY, sort: query.sort, dir: query.dir })} data-vike="false" onClick={follow({ ...DEFAULT_PORTAL_QUERY, sort: query.sort, dir: query.dir })}>
                {t('portals.clearFilters')}
              </a>
            ) : null}
          </p>
          {shown.length === 0 ? (
            <p className={css({ color: 'text.muted' })}>{t('portals.noMatch')}</p>
          ) : (
            <Table.Container aria-label={t('portals.caption')} className={scrollBox}>
              <Table.Root aria-busy={refreshing || undefined}>
                <Table.Caption>{t('portals.caption')}</Table.Caption>
                <Table.Head>
                  <Table.Row>
                    {COLUMNS.map((column) => {
                      const active = column.sort && query.sort === column.sort
                      return (
                        <Table.Header key={column.label} scope="col" align={column.align} aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                          {column.sort ? (
                            <a
                              href={href(toggleSort(query, column.sort))}
                              data-vike="false"
                              onClick={follow(toggleSort(query, column.sort))}
                              className={css({ color: 'text', textDecoration: 'none', display: 'inline-flex', gap: '1', alignItems: 'center', _hover: { textDecoration: 'underline' } })}
                            >
                              {t(column.label)}
                              <span aria-hidden="true" className={css({ color: active ? 'primary.text' : 'text.muted', fontSize: 'xs' })}>
                                {active ? (query.dir === 'asc' ? '▲' : '▼') : '↕'}
                              </span>
                              <span className={css({ srOnly: true })}>{t('portals.sortHint')}</span>
                            </a>
                          ) : (
                            t(column.label)
                          )}
                        </Table.Header>
                      )
                    })}
                  </Table.Row>
                </Table.Head>
                <Table.Body>
                  {shown.map((portal) => (
                    <PortalRow key={portal.id} portal={portal} initial={portal.id in harvests ? harvests[portal.id] : undefined} signedIn={signedIn} onHarvestFinished={refresh} />
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.Container>
          )}
        </>
      )}
    </section>
  )
}
