import { useCallback, useEffect, useRef, useState } from 'react'
import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import { css } from '../../styled-system/css'
import { PageIntro } from '../../components/PageIntro.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { pageSearch } from '../../features/portals/portal-query.ts'
import { refreshPageData } from '../../lib/routing/refresh-page.ts'
import type { Data } from './+data.ts'
import { AddPortalSection } from './AddPortalSection.tsx'
import { DirectorySection } from './DirectorySection.tsx'
import { NamesProvider } from './names.tsx'
import { PortalsSection } from './PortalsSection.tsx'

export default function Page() {
  const t = useT()
  const data = useData<Data>()
  const { user } = usePageContext()
  const signedIn = user !== null
  const [query, setQuery] = useState(data.query)
  const [directoryQuery, setDirectoryQuery] = useState(data.directoryQuery)
  const [refreshes, setRefreshes] = useState(0)

  // Lists come from this page's data, never from a cache in the browser: after a change (a portal added, a harvest
  // ended) or on a retry the server renders the data again, the URL (which follows the filters) unchanged.
  const refresh = useCallback(() => {
    setRefreshes((count) => count + 1)
    refreshPageData()
      .catch(() => undefined)
      .finally(() => setRefreshes((count) => count - 1))
  }, [])

  // The URL follows the filters (replaced, not pushed: typing a search is not a trail of pages to go back through).
  // Not on the first render: the server rendered exactly what the URL asked for.
  const rendered = useRef(false)
  useEffect(() => {
    if (!rendered.current) {
      rendered.current = true
      return
    }
    const next = `${window.location.pathname}${pageSearch(query, directoryQuery)}${window.location.hash}`
    if (next !== `${window.location.pathname}${window.location.search}${window.location.hash}`) window.history.replaceState(window.history.state, '', next)
  }, [query, directoryQuery])

  return (
    <PageIntro title={t('pages.ckanInstancesTitle')} description={t('pages.ckanInstancesDescription')}>
      <NamesProvider value={data.names}>
        <div className={css({ display: 'grid', gap: '10', gridTemplateColumns: 'minmax(0, 1fr)' })}>
          <PortalsSection initial={data.portals} harvests={data.harvests} query={query} directoryQuery={directoryQuery} onQuery={setQuery} signedIn={signedIn} refresh={refresh} refreshing={refreshes > 0} />
          <AddPortalSection signedIn={signedIn} onAdded={refresh} countries={data.directoryCountries} />
          <DirectorySection
            initial={data.directory}
            initialQuery={data.directoryQuery}
            query={directoryQuery}
            portalQuery={query}
            onQuery={setDirectoryQuery}
            countries={data.directoryCountries}
            signedIn={signedIn}
            onAdded={refresh}
          />
        </div>
      </NamesProvider>
    </PageIntro>
  )
}
