import { useMemo, useState } from 'react'
import type { CkanErrorKind } from '../../lib/domain/ckan-error-kind.ts'
import type { ApiClient, ApiFailure } from '../../lib/api/browser-client.ts'
import { createCallStore } from '../../lib/api/call-store.ts'
import { useApiQuery, type ApiCallStore, type ApiQueryOptions } from '../../lib/api/use-api-query.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { MAX_PAGE, PAGE_SIZE, sameState, searchInput, type ExplorerState, type SearchInput } from './explorer-state.ts'
import { mergeViews, type SearchView } from './search-view.ts'

export type PortalChoice = { id: string; name: string; isDemo: boolean }

/** Where the results on screen come from. */
export type ShownSource = 'snapshot' | 'live' | 'mixed'

export type LivePortalState =
  | { id: string; status: 'waiting' }
  | { id: string; status: 'answered'; count: number; ms: number }
  | { id: string; status: 'failed'; error: CkanErrorKind | null }

export type LiveState =
  /** No live search: the snapshot switch is on, only demo portals are chosen, or the page is not interactive yet. */
  | { phase: 'off' }
  | { phase: 'running' | 'done'; portals: LivePortalState[] }
  /** The anonymous budget is spent (429) or the call itself failed: the snapshot stays, with the reason. */
  | { phase: 'limited' | 'error'; message: string | null }

// Live answers are merged with the snapshot of demo portals from each part's best `page × pageSize`; the router takes
// at most 100 per page, so a mixed result pages through its first 100. A live-only search pages through 1,000
// (the federated search asks each portal for at most 1,000 rows), the snapshot through MAX_PAGE pages.
const MIXED_WINDOW = 100
const LIVE_WINDOW = 1000
const SNAPSHOT_WINDOW = MAX_PAGE * PAGE_SIZE

/** Results on screen, ready to page through: how many pages are reachable depends on where they come from. */
export function resultWindow(source: ShownSource): number {
  return source === 'mixed' ? MIXED_WINDOW : source === 'live' ? LIVE_WINDOW : SNAPSHOT_WINDOW
}

/**
 * Why a live call failed, as the page tells it: only a 429 has words of its own, the server's, in the user's language
 * (ckan.liveSearchLimited, with the seconds to wait); anything else is the plain error state.
 */
function liveFailure(failure: ApiFailure): { limited: boolean; message: string | null } {
  return failure.status === 429 ? { limited: true, message: failure.message } : { limited: false, message: null }
}

async function callSearch(client: ApiClient, input: SearchInput, signal: AbortSignal): Promise<SearchView> {
  // The format table comes with the first answer, fetched while the search is asked.
  const view = import('./to-search-view.ts')
  const answer = await client.datasets.search.query(input, { signal })
  return (await view).toSearchView(answer)
}

// The rules the query library was given: a snapshot answer is fresh for 30 s and a failed call is tried once more a
// second later (useApiQuery's delay).
const SNAPSHOT_FRESH_MS = 30_000
const LIVE_FRESH_MS = 60_000

/** One datasets.search call for an input (lib/api/use-api-query.ts); nothing runs on the server or while hydrating. */
function useSearchCall(store: ApiCallStore<SearchView>, input: SearchInput, options: ApiQueryOptions<SearchView>) {
  return useApiQuery(input, callSearch, { ...options, store })
}

/**
 * The search for one explorer state. The snapshot answers first (from +data.ts on the first paint, then through the
 * API); live results replace it when the portals have answered.
 *
 * One live call per search covers every chosen portal, rather than one call per portal: anonymous visitors get 30
 * live searches a minute and every call counts, while a search over all catalogues asks 25+ portals; the server
 * already gives each portal its own 3-s deadline and answers with each portal's outcome, so a portal that hangs
 * delays the live answer by at most that deadline, and the snapshot is on screen meanwhile.
 */
export function useExplorerSearch(state: ExplorerState, portals: PortalChoice[], initial: { state: ExplorerState; snapshot: SearchView | null }) {
  const hydrated = useHydrated()
  const [store] = useState(createCallStore<SearchView, ApiFailure>)
  const chosen = state.portals.length ? portals.filter((portal) => state.portals.includes(portal.id)) : portals
  const liveIds = chosen.filter((portal) => !portal.isDemo).map((portal) => portal.id)
  const demoIds = chosen.filter((portal) => portal.isDemo).map((portal) => portal.id)
  const mixed = demoIds.length > 0
  const top = state.page * PAGE_SIZE
  // Demo portals are never asked live; their snapshot is merged in. Past the merge window the snapshot answers alone.
  const liveWanted = !state.snapshotOnly && liveIds.length > 0 && top <= resultWindow(mixed ? 'mixed' : 'live')

  const seeded = initial.snapshot !== null && sameState(state, initial.state)
  const snapshot = useSearchCall(store, searchInput(state, { source: 'snapshot' }), {
    enabled: hydrated,
    freshMs: SNAPSHOT_FRESH_MS,
    retries: 1,
    seed: seeded ? initial.snapshot! : undefined,
  })

  // No portals chosen means all of them: the server then asks every enabled live portal.
  const liveInput = searchInput(state, {
    source: 'live',
    instanceIds: state.portals.length ? liveIds : undefined,
    ...(mixed ? { page: 1, pageSize: top } : {}),
  })
  // A portal that failed is reported in the answer; retrying the call would only spend the visitor's budget.
  const live = useSearchCall(store, liveInput, { enabled: hydrated && liveWanted, freshMs: LIVE_FRESH_MS, retries: 0 })
  const demoInput = searchInput(state, { source: 'snapshot', instanceIds: demoIds, page: 1, pageSize: top })
  const demo = useSearchCall(store, demoInput, { enabled: hydrated && liveWanted && mixed, freshMs: SNAPSHOT_FRESH_MS, retries: 1 })

  const { sort, page } = state
  const fresh = useMemo((): { view: SearchView; source: ShownSource } | null => {
    if (liveWanted && live.data) {
      if (!mixed) return { view: live.data, source: 'live' }
      if (demo.data) return { view: mergeViews([live.data, demo.data], { sort, page, pageSize: PAGE_SIZE }), source: 'mixed' }
    }
    if (snapshot.data) return { view: snapshot.data, source: 'snapshot' }
    return null
  }, [liveWanted, mixed, live.data, demo.data, snapshot.data, sort, page])

  // While a new state's first answer is on its way, the last results stay on screen (marked busy), whichever source
  // they came from, so the list neither empties nor jumps.
  const [settled, setSettled] = useState(fresh)
  if (fresh && fresh !== settled) setSettled(fresh)
  const shown = fresh ?? settled

  let liveState: LiveState = { phase: 'off' }
  if (hydrated && liveWanted) {
    if (live.failure) {
      const { limited, message } = liveFailure(live.failure)
      liveState = { phase: limited ? 'limited' : 'error', message }
    } else {
      const outcomes = new Map((live.data?.portals ?? []).map((outcome) => [outcome.instanceId, outcome]))
      liveState = {
        phase: live.data ? 'done' : 'running',
        portals: liveIds.flatMap((id): LivePortalState[] => {
          if (!live.data) return [{ id, status: 'waiting' }]
          const outcome = outcomes.get(id)
          if (!outcome) return []
          return outcome.ok ? [{ id, status: 'answered', count: outcome.count ?? 0, ms: outcome.ms }] : [{ id, status: 'failed', error: outcome.error ?? null }]
        }),
      }
    }
  }

  return {
    view: shown?.view ?? null,
    source: shown?.source ?? 'snapshot',
    busy: !fresh && (snapshot.fetching || !hydrated),
    failed: !shown && (snapshot.failure !== null || (!hydrated && initial.snapshot === null)),
    retry: () => void snapshot.refresh(),
    live: liveState,
    /** How many portals the live search asks, or 0 when there is none: known before hydration, so the page keeps room for the live status. */
    liveExpected: liveWanted ? liveIds.length : 0,
  }
}
