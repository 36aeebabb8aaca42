import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { createCallStore, withRetries } from '../../lib/api/call-store.ts'
import type { ApiFailure } from '../../lib/api/browser-client.ts'
import { loadApiClient } from '../../lib/api/load-client.ts'
import { useApiQuery } from '../../lib/api/use-api-query.ts'
import type { BBox, MapBand, MapFamily } from '../../lib/domain/map.ts'
import type { MapDatasetItem, MapDatasetsPage, MapMeta } from './map-types.ts'

// The home map's API calls (decisions 021, 024, lib/api/use-api-query.ts): the page renders from its +data, and the
// tRPC client loads with the first call, made once someone moves the map, filters the list or asks for more (or,
// where the page came without a built map, to poll for it). The rules are those the query library was given: an
// answer is fresh for 30 s, a failed call is tried once more a second later, the call of an input the map has left is
// aborted. The list's next page and a popup's dataset are plain functions (`fetchDatasetsPage`, `fetchMapDataset`).

const FRESH_MS = 30_000
const RETRY_DELAY_MS = 1000
const RETRIES = 1
// Nothing built yet: ask every few seconds until the first build lands; a newer build under way: now and then.
const PREPARING_POLL_MS = 5_000
const BUILDING_POLL_MS = 30_000

function call<T>(run: (signal: AbortSignal) => Promise<T>, signal: AbortSignal = new AbortController().signal): Promise<T> {
  return withRetries(run, { retries: RETRIES, delayMs: RETRY_DELAY_MS, signal })
}

/** When map.meta is asked again: while nothing is built (or the answer failed), and now and then while a build runs. */
function metaPollMs(meta: MapMeta | undefined): number | null {
  if (!meta || meta.buildId === null) return PREPARING_POLL_MS
  return meta.building ? BUILDING_POLL_MS : null
}

/**
 * map.meta: the page's own until the map has been built, then polled while nothing is built (at once when the page
 * came without it) or a build is under way. `refetch` asks now (a tile of a build that is gone).
 */
export function useMapMeta(initial: MapMeta | null, enabled: boolean) {
  const query = useApiQuery(null, (client, _input, signal) => client.map.meta.query(undefined, { signal }), {
    enabled,
    // The page's own answer stands until a poll or a refetch asks again.
    freshMs: Number.POSITIVE_INFINITY,
    retries: RETRIES,
    seed: initial ?? undefined,
    pollMs: metaPollMs,
  })
  // A failure stays on screen until an answer comes, the polls between included.
  return { meta: query.data ?? null, failed: query.lastFailure !== null && query.data === undefined, refetch: query.refresh }
}

type ListInput = { bbox: BBox; portalId?: string | undefined; family?: MapFamily | undefined; band?: MapBand | undefined; q?: string | undefined; limit: number }

/**
 * map.datasets in keyset pages for the list: the first page of an input (`seed`: the page's own for the opening view),
 * then more on request. While a new input's first page loads, the previous input's pages stay on screen.
 */
export function useDatasetPages(input: ListInput, seed: MapDatasetsPage | null, enabled: boolean) {
  const [store] = useState(createCallStore<MapDatasetsPage[], ApiFailure>)
  // One array for one seed: the hook compares answers by identity.
  const seeded = useMemo(() => (seed ? [seed] : undefined), [seed])
  const first = useApiQuery(input, async (client, input, signal) => [await client.map.datasets.query({ ...input, cursor: null }, { signal })], {
    enabled,
    freshMs: FRESH_MS,
    retries: RETRIES,
    seed: seeded,
    store,
  })
  const key = JSON.stringify(input)
  const [more, setMore] = useState<{ key: string; status: 'loading' | 'failed' } | null>(null)
  const moreCall = useRef<AbortController | null>(null)
  // A page asked for an input the list has left is not wanted any more.
  useEffect(
    () => () => {
      moreCall.current?.abort()
      moreCall.current = null
    },
    [key],
  )

  const pages = first.failure ? first.data : first.shown
  const last = first.data?.at(-1)
  const cursor = last?.nextCursor ?? null
  const loadingMore = more?.key === key && more.status === 'loading'
  const loadMore = useCallback(() => {
    const loaded = first.data
    // While the first page is asked again, its answer replaces the list: a page added now would be lost or misplaced.
    if (!loaded || cursor === null || moreCall.current || first.fetching) return
    const controller = new AbortController()
    moreCall.current = controller
    setMore({ key, status: 'loading' })
    // Settles this input's request only: a later one's state is left alone.
    const settle = (next: { key: string; status: 'failed' } | null) => setMore((current) => (current?.key === key ? next : current))
    fetchDatasetsPage(JSON.parse(key) as ListInput, cursor, controller.signal)
      .then(
        (page) => {
          // Only onto the list it continues (a refresh may have replaced it meanwhile).
          if (!controller.signal.aborted && store.get(key)?.data === loaded) store.update(key, { data: [...loaded, page] })
          settle(null)
        },
        () => settle(controller.signal.aborted ? null : { key, status: 'failed' }),
      )
      .finally(() => {
        if (moreCall.current === controller) moreCall.current = null
      })
  }, [first.data, first.fetching, cursor, key, store])
  const moreFailed = more?.key === key && more.status === 'failed'
  return {
    items: pages?.flatMap((page) => page.items) ?? [],
    matched: pages?.[0]?.matched ?? null,
    status: first.failure || moreFailed ? ('error' as const) : pages ? ('success' as const) : ('pending' as const),
    hasMore: cursor !== null,
    loadingMore,
    loadMore,
    retry: moreFailed ? loadMore : () => void first.refresh(),
  }
}

/** map.extents of the view while `enabled`; the last answer stays while the next view's loads. */
export function useExtents(input: { bbox: BBox; portalId?: string | undefined; limit: number }, enabled: boolean) {
  return useApiQuery(input, (client, input, signal) => client.map.extents.query(input, { signal }), { enabled, freshMs: FRESH_MS, retries: RETRIES }).shown
}

/** The list's page after `cursor`, appended to the answer of `useDatasetPages` (a plain function: no state of its own). */
function fetchDatasetsPage(input: ListInput, cursor: number, signal: AbortSignal): Promise<MapDatasetsPage> {
  return call(async (signal) => (await loadApiClient()).map.datasets.query({ ...input, cursor }, { signal }), signal)
}

/** One dataset for a popup opened on the map. */
export async function fetchMapDataset(key: number): Promise<MapDatasetItem> {
  return call(async (signal) => (await loadApiClient()).map.dataset.query({ key }, { signal }))
}
