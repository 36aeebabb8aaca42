import { useRef, useState } from 'react'
import { navigate } from 'vike/client/router'
import { useApiAction } from '../../lib/api/use-api-action.ts'
import { refreshPageData } from '../../lib/routing/refresh-page.ts'
import { casesHref, sameQuery, type CaseQuery } from './case-query.ts'
import type { applyBulkChange } from './optimistic.ts'
import type { BulkAction, CaseList } from './types.ts'

/**
 * The list is the page's data (pages/test-cases/+data.ts) for the query in the URL. `go` is a client-side navigation
 * to the next query's URL: Vike runs `+data` again and renders the page with its answer in place (scroll kept, a
 * history entry added, so the back button brings the earlier list back). Until the answer is on screen the controls
 * show the query asked for and the previous list stays, `busy`.
 *
 * `refresh` fetches the list again after a change (a bulk change, an undo, an import) for the newest query asked
 * for. While a navigation is under way that is its query, not the address bar's: Vike changes the URL only once the
 * new page renders, so refreshing the address bar's URL would take over from that navigation and put the old
 * filters back. Refreshing the newest query takes over from it instead, and asks again, since its answer may have
 * been made before the change.
 */
export function useCaseList(projectId: string, data: { query: CaseQuery; list: CaseList }) {
  const [asked, setAsked] = useState<CaseQuery | null>(null)
  // The newest navigation: its number, and its query until its page has rendered (or it failed).
  const latest = useRef<{ call: number; query: CaseQuery | null }>({ call: 0, query: null })
  const waiting = asked !== null && !sameQuery(asked, data.query)

  const visit = (next: CaseQuery) => {
    const call = latest.current.call + 1
    latest.current = { call, query: next }
    setAsked(next)
    // Resolves once the page is rendered with the new data, or when a later navigation took over (or failed: Vike
    // then shows the error page).
    return navigate(casesHref(projectId, next), { keepScrollPosition: true }).finally(() => {
      if (latest.current.call !== call) return
      latest.current = { call, query: null }
      setAsked(null)
    })
  }

  const go = (next: CaseQuery) => {
    if (sameQuery(next, waiting ? asked : data.query)) return
    void visit(next)
  }

  const refresh = (): Promise<void> => (latest.current.query ? visit(latest.current.query) : refreshPageData())

  return { query: waiting ? asked : data.query, busy: waiting, go, refresh }
}

type Shown = { base: CaseList; list: CaseList }

/**
 * A bulk change in one call. The page shows it at once (on the list it was made on) and drops it if the call fails;
 * after success the list is fetched again (`refresh`, from `useCaseList`: for the newest query asked for), and the
 * server's list replaces the one shown. An undo is fetched again the same way. `preview` is `applyBulkChange`, handed
 * over by the bulk form, whose chunk brings it: the list's first paint does without it.
 */
export function useBulkChange(projectId: string, list: CaseList, refresh: () => Promise<void>) {
  const [shown, setShown] = useState<Shown | null>(null)
  const bulk = useApiAction((client, input: { caseIds: string[]; action: BulkAction }) => client.testCases.bulk.mutate({ projectId, ...input }))
  const restore = useApiAction((client, undo: string) => client.testCases.restore.mutate({ projectId, undo }))

  const apply = async (caseIds: string[], action: BulkAction, preview: typeof applyBulkChange) => {
    setShown({ base: list, list: preview(list, caseIds, action) })
    const outcome = await bulk.run({ caseIds, action }, { refresh })
    if (!outcome.ok) setShown(null)
    return outcome
  }

  // Once the page's data is new (the refresh after the change, or another query) the change is no longer laid over it.
  const current = shown && shown.base === list ? shown.list : list
  const undo = (id: string) => restore.run(id, { refresh })
  return { list: current, apply, bulkPending: bulk.pending, restore: undo, restorePending: restore.pending }
}
