import type { PageContextServer } from 'vike/types'
import type { ExplorerData } from './ExplorerPage.tsx'
import { parseExplorerState, searchInput, withKnownPortals } from './explorer-state.ts'
import { toSearchView } from './to-search-view.ts'
import { pageCaller } from '../../server/trpc/page-caller.server.ts'
import { requestQuery } from '../../server/request-query.server.ts'

export type Data = ExplorerData

/**
 * The first paint: the portals to choose from and the snapshot search for the URL's state, so the HTML holds results
 * before any JavaScript runs. Live results are the browser's job (they may take the portals' full deadline).
 */
export async function data(pageContext: PageContextServer): Promise<Data> {
  const caller = await pageCaller(pageContext)
  const registered = await caller.portals.list()
  // Sorted here, once: the browser's collation may differ from the server's, and both must render the same list.
  const portals = registered
    .filter((portal) => portal.enabled)
    .map(({ id, name, isDemo }) => ({ id, name, isDemo }))
    .sort((a, b) => Number(a.isDemo) - Number(b.isDemo) || a.name.localeCompare(b.name, pageContext.locale))
  const state = withKnownPortals(parseExplorerState(requestQuery(pageContext)), new Set(portals.map((portal) => portal.id)))
  try {
    return { state, portals, snapshot: toSearchView(await caller.datasets.search(searchInput(state, { source: 'snapshot' }))) }
  } catch (error) {
    // The page still renders, with its error state; the browser tries again.
    console.error('Explorer: the snapshot search failed', error)
    return { state, portals, snapshot: null }
  }
}
