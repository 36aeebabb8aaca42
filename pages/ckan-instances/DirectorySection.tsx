import { useId, useRef, useState, type MouseEvent } from 'react'
import { css } from '../../styled-system/css'
import { FormAlert } from '../../components/FormAlert.tsx'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Table } from '../../components/ui/table.tsx'
import { useApiAction } from '../../lib/api/use-api-action.ts'
import { useApiQuery } from '../../lib/api/use-api-query.ts'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { NativeSelect } from '../../features/portals/NativeSelect.tsx'
import { DIRECTORY_PAGE_SIZE, pageSearch, type DirectoryQuery, type PortalQuery } from '../../features/portals/portal-query.ts'
import { useDisplayNames } from './names.tsx'
import type { Section } from '../../lib/section.ts'
import { SIGN_IN_HREF } from './AddPortalSection.tsx'
import { NotKnown } from './PortalRow.tsx'
import type { DirectoryResult } from './types.ts'

// Positioned, so the visually hidden texts in its cells stay inside the scrolling box (not widening the page).
const scrollBox = css({ position: 'relative' })

type Props = {
  initial: Section<DirectoryResult>
  initialQuery: DirectoryQuery
  query: DirectoryQuery
  portalQuery: PortalQuery
  onQuery: (query: DirectoryQuery) => void
  countries: string[]
  signedIn: boolean
  /** Renders the page's data again once a portal was added from here. */
  onAdded: () => void
}

const SEARCH_DELAY_MS = 300
/** How long a directory page once shown is shown again without asking (the query library's staleTime). */
const FRESH_MS = 30_000

const sameQuery = (a: DirectoryQuery, b: DirectoryQuery) => a.dq === b.dq && a.dcountry === b.dcountry && a.dpage === b.dpage

/**
 * The directory's page for `query`: the page's data when it is for that query, otherwise asked of the API
 * (portals.directory). While a new page loads, the last one shown stays, marked as a placeholder.
 */
function useDirectoryPage(query: DirectoryQuery, initialQuery: DirectoryQuery, initial: Section<DirectoryResult>) {
  const seeded = sameQuery(query, initialQuery) && initial.ok
  const { dq, dcountry, dpage } = query
  const page = useApiQuery(
    { dq, dcountry, dpage },
    (client, input, signal): Promise<DirectoryResult> => client.portals.directory.query({ q: input.dq, country: input.dcountry || undefined, page: input.dpage, pageSize: DIRECTORY_PAGE_SIZE }, { signal }),
    // A failed search is tried once more, a second later, before the page says it failed.
    { freshMs: FRESH_MS, retries: 1, seed: seeded ? initial.value : undefined },
  )
  const current = page.data
  const isError = current === undefined && page.failure !== null
  return {
    data: page.shown ?? null,
    isPlaceholderData: current === undefined && page.shown !== undefined,
    isFetching: current === undefined && !isError,
    isError,
    retry: () => void page.refresh(),
  }
}

/** The known CKAN portals (instances.directory): search, page through, and add one with one click. */
export function DirectorySection({ initial, initialQuery, query, portalQuery, onQuery, countries, signedIn, onAdded }: Props) {
  const t = useT()
  const intl = useIntl()
  const names = useDisplayNames()
  const titleId = useId()
  const searchId = useId()
  const [text, setText] = useState(query.dq)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const result = useDirectoryPage(query, initialQuery, initial)
  const data = result.data
  const pages = data ? Math.max(1, Math.ceil(data.total / DIRECTORY_PAGE_SIZE)) : 1

  function search(value: string) {
    setText(value)
    if (timer.current) clearTimeout(timer.current)
    // Typing waits a moment before asking the server, so a word is one request rather than one per letter.
    timer.current = setTimeout(() => onQuery({ ...query, dq: value.trim(), dpage: 1 }), SEARCH_DELAY_MS)
  }
  const href = (next: DirectoryQuery) => `/ckan-instances${pageSearch(portalQuery, next)}#directory`
  const follow = (next: DirectoryQuery) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    onQuery(next)
  }
  const hidden = Object.fromEntries(new URLSearchParams(pageSearch(portalQuery, { dq: '', dcountry: '', dpage: 1 })))

  return (
    <section id="directory" aria-labelledby={titleId} className={css({ display: 'grid', gap: '4', gridTemplateColumns: 'minmax(0, 1fr)' })}>
      <h2 id={titleId} className={css({ fontSize: 'xl', fontWeight: '600' })}>
        {t('portals.directoryTitle')}
      </h2>
      <p className={css({ color: 'text.muted', maxW: '70ch' })}>{t('portals.directoryDescription')}</p>
      <form
        method="get"
        action="/ckan-instances#directory"
        role="search"
        aria-labelledby={titleId}
        onSubmit={(event) => {
          event.preventDefault()
          if (timer.current) clearTimeout(timer.current)
          onQuery({ ...query, dq: text.trim(), dpage: 1 })
        }}
        className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'minmax(0, 2fr) minmax(0, 1fr) auto' }, alignItems: 'end', maxW: '900px' })}
      >
        <div className={css({ display: 'grid', gap: '1.5' })}>
          <label htmlFor={searchId} className={css({ fontSize: 'sm', fontWeight: '500' })}>
            {t('portals.directorySearch')}
          </label>
          <Input id={searchId} type="search" name="dq" value={text} maxLength={200} placeholder={t('portals.directoryPlaceholder')} onChange={(event) => search(event.target.value)} />
        </div>
        <NativeSelect label={t('portals.filterCountry')} name="dcountry" value={query.dcountry} onChange={(event) => onQuery({ ...query, dcountry: event.target.value, dpage: 1 })}>
          <option value="">{t('portals.countryAny')}</option>
          {countries.map((code) => (
            <option key={code} value={code}>
              {names.country(code)}
            </option>
          ))}
        </NativeSelect>
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit" variant="outline">
          {t('common.search')}
        </Button>
      </form>

      {!data ? (
        result.isError || !initial.ok ? (
          <div className={css({ display: 'grid', gap: '2', justifyItems: 'start' })}>
            <FormAlert tone="error">{(!initial.ok && initial.error) || t('portals.directoryError')}</FormAlert>
            <Button variant="outline" size="sm" loading={result.isFetching} onClick={result.retry}>
              {t('common.retry')}
            </Button>
          </div>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )
      ) : (
        <>
          <p role="status" className={css({ fontSize: 'sm', color: 'text.muted' })} data-testid="directory-count">
            {result.isFetching ? t('common.loading') : t('portals.directoryFound', { count: data.total })}
          </p>
          {data.items.length === 0 ? (
            <p className={css({ color: 'text.muted' })}>{t('portals.directoryNoMatch')}</p>
          ) : (
            <Table.Container aria-label={t('portals.directoryCaption')} className={scrollBox}>
              <Table.Root density="compact" aria-busy={result.isFetching || undefined} className={css({ opacity: result.isPlaceholderData ? 0.6 : 1 })}>
                <Table.Caption>{t('portals.directoryCaption')}</Table.Caption>
                <Table.Head>
                  <Table.Row>
                    <Table.Header scope="col">{t('portals.columnPortal')}</Table.Header>
                    <Table.Header scope="col">{t('portals.columnCountry')}</Table.Header>
                    <Table.Header scope="col" align="end">
                      {t('portals.columnReported')}
                    </Table.Header>
                    <Table.Header scope="col">{t('portals.columnOperator')}</Table.Header>
                    <Table.Header scope="col">
                      <span className={css({ srOnly: true })}>{t('portals.columnAction')}</span>
                    </Table.Header>
                  </Table.Row>
                </Table.Head>
                <Table.Body>
                  {data.items.map((item) => (
                    <Table.Row key={item.apiBase} data-testid="directory-row">
                      <Table.Header scope="row" className={css({ whiteSpace: 'normal', minW: '220px' })}>
                        <a href={item.baseUrl}>{item.name}</a>
                        <span className={css({ display: 'block', fontSize: 'xs', color: 'text.muted', fontWeight: '400', wordBreak: 'break-all' })}>{item.baseUrl.replace(/^https?:\/\//, '')}</span>
                      </Table.Header>
                      <Table.Cell>{item.country ? names.country(item.country) : <NotKnown />}</Table.Cell>
                      <Table.Cell align="end">{item.datasetCount !== null && item.datasetCount !== undefined ? intl.formatNumber(item.datasetCount) : <NotKnown />}</Table.Cell>
                      <Table.Cell className={css({ whiteSpace: 'normal' })}>{item.owner ?? <NotKnown />}</Table.Cell>
                      <Table.Cell>
                        {item.registered ? (
                          <Badge tone="success">{t('portals.registered')}</Badge>
                        ) : signedIn ? (
                          <DirectoryAdd url={item.apiBase} name={item.name} onAdded={onAdded} />
                        ) : (
                          <a href={SIGN_IN_HREF} className={css({ whiteSpace: 'nowrap' })}>
                            {t('portals.signInLink')}
                          </a>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.Container>
          )}
          {pages > 1 ? (
            <nav aria-label={t('portals.directoryPages')} className={css({ display: 'flex', gap: '4', alignItems: 'center', fontSize: 'sm' })}>
              {query.dpage > 1 ? (
                <a href={href({ ...query, dpage: query.dpage - 1 })} data-vike="false" onClick={follow({ ...query, dpage: query.dpage - 1 })} rel="prev">
                  {t('portals.previous')}
                </a>
              ) : null}
              <span>{t('portals.pageOf', { page: query.dpage, pages })}</span>
              {query.dpage < pages ? (
                <a href={href({ ...query, dpage: query.dpage + 1 })} data-vike="false" onClick={follow({ ...query, dpage: query.dpage + 1 })} rel="next">
                  {t('portals.next')}
                </a>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </section>
  )
}

/** One click registers a known portal (the server checks it answers like CKAN first). */
function DirectoryAdd({ url, name, onAdded }: { url: string; name: string; onAdded: () => void }) {
  const t = useT()
  const addCall = useApiAction((client, input: { url: string }) => client.portals.add.mutate(input))
  const pending = addCall.pending
  const [added, setAdded] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  async function add() {
    setFailure(null)
    // The page renders its data again through `onAdded`.
    const answer = await addCall.run({ url }, { refresh: false })
    if (answer.ok) {
      setAdded(true)
      onAdded()
    } else {
      setFailure(answer.failure.fieldErrors.url ?? answer.failure.message)
    }
  }

  if (added) return <Badge tone="success">{t('portals.registered')}</Badge>
  return (
    <span className={css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '1' })}>
      <Button size="sm" variant="outline" loading={pending} onClick={() => void add()} aria-label={t('portals.addNamed', { name })}>
        {t('portals.addShort')}
      </Button>
      {failure ? (
        <span role="alert" className={css({ fontSize: 'xs', color: 'error.text', maxW: '28ch' })}>
          {failure}
        </span>
      ) : null}
    </span>
  )
}
