import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { TRPCClientError } from '@trpc/client'
import { useEffect, useRef, useState } from 'react'
import { useTRPC } from '../../lib/api/trpc.tsx'
import { apiFailure } from '../../lib/api/browser-client.ts'
import { passRate, type ResultStatus } from '../../lib/domain/test-runs.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { EMPTY_DRAFT, resultOf, type Draft } from './draft.ts'
import { countsAfter, currentCaseId, executionHref, filterCases, neighbourCaseId, newResultsFromOthers, parseExecutionQuery, type ExecutionQuery } from './execution.ts'
import type { CaseResults, ConflictResult, RunDetail } from './types.ts'
import { madeBy } from '../../lib/made-by.ts'

/** How often the view asks for others' results (paused while the tab is hidden: TanStack Query's default). */
const POLL_MS = 4000

export type CaseProblem =
  | { kind: 'conflict'; message: string; latest: ConflictResult | null; status: ResultStatus }
  | { kind: 'busy' | 'error'; message: string }
  | { kind: 'field'; field: 'elapsed' | 'other'; message: string }

/**
 * The execution view's state: the run (seeded from the first paint, then polled), the filters and the open case in
 * the address, what the tester typed per case, and recording with an optimistic update of the figures that is rolled
 * back when the server refuses.
 */
export function useRunExecution(initial: { detail: RunDetail; query: ExecutionQuery; open: CaseResults | null }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const t = useT()
  const runId = initial.detail.run.id
  const [query, setQuery] = useState(initial.query)
  const [drafts, setDrafts] = useState<Record<string, Draft>>({})
  const [problems, setProblems] = useState<Record<string, CaseProblem>>({})
  const [announcement, setAnnouncement] = useState('')
  const [ownResults, setOwnResults] = useState<ReadonlySet<number>>(() => new Set())

  const byIdOptions = trpc.testRuns.byId.queryOptions({ id: runId })
  const run = useQuery({ ...byIdOptions, initialData: initial.detail, refetchInterval: POLL_MS })
  const detail = run.data
  const shown = filterCases(detail.cases, query)
  const openId = currentCaseId(shown, query.caseId)
  const openCase = detail.cases.find((item) => item.id === openId) ?? null
  const results = useQuery({
    ...trpc.testRuns.results.queryOptions({ runCaseId: openId ?? '' }),
    enabled: openId !== null,
    initialData: openId !== null && openId === initial.open?.runCase.id ? initial.open : undefined,
    refetchInterval: POLL_MS,
  })

  // Others' results, announced politely as they arrive.
  const seen = useRef(detail.cases)
  useEffect(() => {
    const fresh = newResultsFromOthers(seen.current, detail.cases, ownResults)
    seen.current = detail.cases
    if (fresh.length === 1) {
      const [one] = fresh
      setAnnouncement(t('execution.othersOne', { name: one!.by ?? t('execution.someone'), key: one!.key, status: t(`labels.status_${one!.status}`) }))
    } else if (fresh.length > 1) setAnnouncement(t('execution.othersMany', { count: fresh.length }))
  }, [detail.cases, ownResults, t])

  useEffect(() => {
    const onPopState = () => {
      if (window.location.pathname === executionHref(runId, { status: null, assignee: null, caseId: null })) setQuery(parseExecutionQuery(Object.fromEntries(new URLSearchParams(window.location.search))))
    }
    window.addEventListener('popstate', onPopState)
    return () => window.removeEventListener('popstate', onPopState)
  }, [runId])

  const go = (next: ExecutionQuery) => {
    window.history.pushState(null, '', executionHref(runId, next))
    setQuery(next)
  }
  const openCaseById = (caseId: string | null) => {
    if (caseId) go({ ...query, caseId })
  }
  const move = (step: 1 | -1) => openCaseById(neighbourCaseId(shown, openId, step))

  const draftOf = (caseId: string): Draft => drafts[caseId] ?? EMPTY_DRAFT
  const editDraft = (caseId: string, change: (draft: Draft) => Draft) => {
    setDrafts((all) => {
      const current = all[caseId] ?? EMPTY_DRAFT
      const latestId = detail.cases.find((item) => item.id === caseId)?.latest?.id ?? null
      const next = change(current)
      return { ...all, [caseId]: { ...next, baseline: current.baseline === undefined ? latestId : current.baseline } }
    })
  }
  const clearProblem = (caseId: string) =>
    setProblems((all) => {
      const { [caseId]: _dropped, ...rest } = all
      return rest
    })

  const record = useMutation(
    trpc.testRuns.record.mutationOptions({
      onMutate: async (input) => {
        await queryClient.cancelQueries({ queryKey: byIdOptions.queryKey })
        const previous = queryClient.getQueryData(byIdOptions.queryKey)
        queryClient.setQueryData(byIdOptions.queryKey, (old) => {
          if (!old) return old
          const target = old.cases.find((item) => item.id === input.runCaseId)
          if (!target) return old
          const counts = countsAfter(old.counts, target.latest?.status ?? null, input.result.status)
          const latest = { id: -1, status: input.result.status, recordedAt: new Date(), recordedBy: t('execution.you'), comment: input.result.comment ?? '', retest: input.result.retest ?? false }
          return { ...old, counts, passRate: passRate(counts), cases: old.cases.map((item) => (item.id === input.runCaseId ? { ...item, latest } : item)) }
        })
        return { previous }
      },
      onError: (error, input, context) => {
        if (context?.previous) queryClient.setQueryData(byIdOptions.queryKey, context.previous)
        const failure = apiFailure(error, { network: t('execution.networkError'), unexpected: t('execution.unexpectedError') })
        const conflict = madeBy(error, TRPCClientError) ? (error.data as { conflict?: { latest: ConflictResult | null } } | undefined)?.conflict : undefined
        const problem: CaseProblem =
          failure.status === 409 && conflict
            ? { kind: 'conflict', message: failure.message, latest: conflict.latest, status: input.result.status }
            : failure.status === 503
              ? { kind: 'busy', message: failure.message }
              : Object.keys(failure.fieldErrors).length > 0
                ? { kind: 'field', field: 'other', message: Object.values(failure.fieldErrors)[0]! }
                : { kind: 'error', message: failure.message }
        setProblems((all) => ({ ...all, [input.runCaseId]: problem }))
        setAnnouncement('')
        void queryClient.invalidateQueries({ queryKey: byIdOptions.queryKey })
      },
      onSuccess: (answer, input) => {
        setOwnResults((ids) => new Set([...ids, answer.id]))
        setDrafts((all) => {
          const { [input.runCaseId]: _done, ...rest } = all
          return rest
        })
        clearProblem(input.runCaseId)
        const key = detail.cases.find((item) => item.id === input.runCaseId)?.key ?? ''
        setAnnouncement(t('execution.recorded', { key, status: t(`labels.status_${input.result.status}`) }))
      },
      onSettled: (_answer, _error, input) => {
        void queryClient.invalidateQueries({ queryKey: byIdOptions.queryKey })
        void queryClient.invalidateQueries({ queryKey: trpc.testRuns.results.queryKey({ runCaseId: input.runCaseId }) })
      },
    }),
  )

  /** Records the open case's draft with a status; `force` adds it over the newer result the tester has now seen. */
  const recordOpen = (status: ResultStatus, options: { force?: boolean; thenNext?: boolean } = {}) => {
    if (!openCase || record.isPending) return
    const draft = draftOf(openCase.id)
    const stepIds = (results.data?.steps ?? []).map((step) => step.id)
    const built = resultOf(draft, status, stepIds)
    if (!built.ok) {
      setProblems((all) => ({ ...all, [openCase.id]: { kind: 'field', field: 'elapsed', message: t('execution.elapsedInvalid') } }))
      return
    }
    const problem = problems[openCase.id]
    const conflictLatest = problem?.kind === 'conflict' ? (problem.latest?.id ?? null) : undefined
    // After a refusal the tester has seen the newer result: a record now stacks on it (force or not).
    const expected = conflictLatest !== undefined ? conflictLatest : draft.baseline !== undefined ? draft.baseline : (openCase.latest?.id ?? null)
    const next = options.thenNext ? neighbourCaseId(shown, openCase.id, 1) : null
    record.mutate(
      { runCaseId: openCase.id, expectedLatestResultId: expected, force: options.force ?? false, result: built.result },
      {
        onSuccess: () => {
          if (next) openCaseById(next)
        },
      },
    )
  }

  /** Keeps the newer result: what the tester typed for this case is dropped. */
  const discard = (caseId: string) => {
    setDrafts((all) => {
      const { [caseId]: _dropped, ...rest } = all
      return rest
    })
    clearProblem(caseId)
    void queryClient.invalidateQueries({ queryKey: byIdOptions.queryKey })
  }

  return {
    detail,
    query,
    go,
    shown,
    openCase,
    results,
    move,
    openCaseById,
    draftOf,
    editDraft,
    problems,
    clearProblem,
    recordOpen,
    recording: record.isPending,
    discard,
    announcement,
    setAnnouncement,
    refetchRun: () => queryClient.invalidateQueries({ queryKey: byIdOptions.queryKey }),
  }
}
