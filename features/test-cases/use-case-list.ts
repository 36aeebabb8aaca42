import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTRPC } from '../../lib/api/trpc.tsx'
import { CASES_PATH, casesHref, listInput, parseCaseQuery, sameQuery, type CaseQuery } from './case-query.ts'
import { applyBulkChange } from './optimistic.ts'
import type { BulkAction, CaseList } from './types.ts'

/**
 * The list for the query in the URL: seeded from the server's first paint, then fetched through the API for each new
 * query (the previous page stays on screen, dimmed, until the next arrives). `go` changes the query and the URL
 * together; the back button brings earlier queries back.
 */
export function useCaseList(projectId: string, initial: { query: CaseQuery; list: CaseList }) {
  const trpc = useTRPC()
  const [query, setQuery] = useState(initial.query)
  // Vike renders the page again with new data when a link elsewhere (the side navigation, say) leads here: start over.
  const [rendered, setRendered] = useState(initial.list)
  if (rendered !== initial.list) {
    setRendered(initial.list)
    setQuery(initial.query)
  }

  const input = listInput(projectId, query)
  const list = useQuery(
    trpc.testCases.list.queryOptions(input, {
      initialData: sameQuery(query, initial.query) ? initial.list : undefined,
      placeholderData: keepPreviousData,
    }),
  )

  const go = (next: CaseQuery) => {
    if (!sameQuery(next, query)) window.history.pushState(null, '', casesHref(projectId, next))
    setQuery(next)
  }

  useEffect(() => {
    // Vike leaves history entries this page made itself to the page (it does not render again for them).
    const onPopState = () => {
      const params = new URLSearchParams(window.location.search)
      if (window.location.pathname === CASES_PATH && params.get('project') === projectId) setQuery(parseCaseQuery(params))
    }
    window.addEventListener('popstate', onPopState)
    return () => window.removeEventListener('popstate', onPopState)
  }, [projectId])

  return { query, go, list, input }
}

/**
 * A bulk change in one call. The page shows it at once (the cached list is changed in place) and puts the list back
 * if the server refuses; either way the list is fetched again afterwards.
 */
export function useBulkChange(listKeyInput: ReturnType<typeof listInput>) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const listKey = trpc.testCases.list.queryKey(listKeyInput)
  const refetch = () => queryClient.invalidateQueries({ queryKey: trpc.testCases.list.pathKey() })
  const bulk = useMutation(
    trpc.testCases.bulk.mutationOptions({
      onMutate: async (variables: { caseIds: string[]; action: BulkAction }) => {
        await queryClient.cancelQueries({ queryKey: trpc.testCases.list.pathKey() })
        const previous = queryClient.getQueryData(listKey)
        if (previous) queryClient.setQueryData(listKey, applyBulkChange(previous, variables.caseIds, variables.action))
        return { previous }
      },
      onError: (_error, _variables, context) => {
        if (context?.previous) queryClient.setQueryData(listKey, context.previous)
      },
      onSettled: refetch,
    }),
  )
  const restore = useMutation(trpc.testCases.restore.mutationOptions({ onSettled: refetch }))
  return { bulk, restore, refetch }
}
