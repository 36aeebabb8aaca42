import { useRef, useState } from 'react'
import { navigate } from 'vike/client/router'
import { usePageAction } from '../../lib/api/use-page-action.ts'
import { casesHref, sameQuery, type CaseQuery } from './case-query.ts'
import type { applyBulkChange } from './optimistic.ts'
import type { BulkAction, CaseList } from './types.ts'

/**
 * The list is the page's data (pages/test-cases/+data.ts) for the query in the URL. `go` is a client-side navigation
 * to the next query's URL: Vike runs `+data` again and renders the page with its answer in place (scroll kept, a
 * history entry added, so the back button brings the earlier list back). Until the answer is on screen the controls
 * show the query asked for and the previous list stays, `busy`.
 */
export function useCaseList(projectId: string, data: { query: CaseQuery; list: CaseList }) {
  const [asked, setAsked] = useState<CaseQuery | null>(null)
  const latest = useRef(0)
  const waiting = asked !== null && !sameQuery(asked, data.query)

  const go = (next: CaseQuery) => {
    if (sameQuery(next, waiting ? asked : data.query)) return
    const call = ++latest.current
    setAsked(next)
    // Resolves once the page is rendered with the new data, or when a later navigation took over (or failed: Vike
    // then shows the error page).
    void navigate(casesHref(projectId, next), { keepScrollPosition: true }).finally(() => {
      if (latest.current === call) setAsked(null)
    })
  }

  return { query: waiting ? asked : data.query, busy: waiting, go }
}

type Shown = { base: CaseList; list: CaseList }

/**
 * A bulk change in one call. The page shows it at once (on the list it was made on) and drops it if the call fails;
 * after success the page's data is fetched again, and the server's list replaces the one shown. `preview` is
 * `applyBulkChange`, handed over by the bulk form, whose chunk brings it: the list's first paint does without it.
 */
export function useBulkChange(projectId: string, list: CaseList) {
  const [shown, setShown] = useState<Shown | null>(null)
  const bulk = usePageAction((client, input: { caseIds: string[]; action: BulkAction }) => client.testCases.bulk.mutate({ projectId, ...input }))
  const restore = usePageAction((client, undo: string) => client.testCases.restore.mutate({ projectId, undo }))

  const apply = async (caseIds: string[], action: BulkAction, preview: typeof applyBulkChange) => {
    setShown({ base: list, list: preview(list, caseIds, action) })
    const outcome = await bulk.run({ caseIds, action })
    if (!outcome.ok) setShown(null)
    return outcome
  }

  // Once the page's data is new (the refresh after the change, or another query) the change is no longer laid over it.
  const current = shown && shown.base === list ? shown.list : list
  return { list: current, apply, bulkPending: bulk.pending, restore: restore.run, restorePending: restore.pending }
}
