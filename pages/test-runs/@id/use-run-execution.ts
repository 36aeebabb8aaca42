import { useCallback, useEffect, useRef, useState } from 'react'
import { useApiAction } from '../../../lib/api/use-api-action.ts'
import { useApiQuery } from '../../../lib/api/use-api-query.ts'
import { passRate, type ResultStatus } from '../../../lib/domain/test-runs.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { EMPTY_DRAFT, resultOf, type Draft } from './draft.ts'
import { countsAfter, currentCaseId, executionHref, filterCases, neighbourCaseId, newResultsFromOthers, parseExecutionQuery, type ExecutionQuery } from './execution.ts'
import type { CaseResults, ConflictResult, RecordInput, RunDetail } from './types.ts'

/** How often the view asks for others' results, while the tab is visible. */
export const POLL_MS = 4000

export type CaseProblem =
  | { kind: 'conflict'; message: string; latest: ConflictResult | null; status: ResultStatus }
  | { kind: 'busy' | 'error'; message: string }
  | { kind: 'field'; field: 'elapsed' | 'other'; message: string }

/** The newer result a refused record carries (`error.data.conflict`, read from the shape: the client's error class is not loaded up front). */
function conflictOf(error: unknown): { latest: ConflictResult | null } | undefined {
  const data = typeof error === 'object' && error !== null && 'data' in error ? (error as { data?: { conflict?: { latest: ConflictResult | null } } }).data : undefined
  return data?.conflict
}

/**
 * The execution view's state: the run (seeded from the first paint, then polled), the filters and the open case in
 * the address, what the tester typed per case, and recording with an optimistic update of the figures that is rolled
 * back when the server refuses. What the tester typed is dropped only when the server has stored it. The view keeps
 * its own state, so its changes read no page data again; its calls load the API client after hydration (the view
 * polls) or on the first click.
 */
export function useRunExecution(initial: { detail: RunDetail; query: ExecutionQuery; open: CaseResults | null }) {
  const t = useT()
  const runId = initial.detail.run.id
  const [query, setQuery] = useState(initial.query)
  const [drafts, setDrafts] = useState<Record<string, Draft>>({})
  const [problems, setProblems] = useState<Record<string, CaseProblem>>({})
  const [announcement, setAnnouncement] = useState('')
  const [ownResults, setOwnResults] = useState<ReadonlySet<number>>(() => new Set())

  // The run, polled; a failed poll leaves the figures on screen and the next one tries again. A change made here is
  // shown at once (`set`), and a poll that left before it cannot undo it.
  const run = useApiQuery({ id: runId }, (client, input, signal): Promise<RunDetail> => client.testRuns.byId.query(input, { signal }), {
    freshMs: POLL_MS,
    retries: 0,
    seed: initial.detail,
    pollMs: POLL_MS,
  })
  const detail = run.data ?? initial.detail
  const shown = filterCases(detail.cases, query)
  const openId = currentCaseId(shown, query.caseId)
  const openCase = detail.cases.find((item) => item.id === openId) ?? null

  // The open case's steps and results, per case as they were last fetched (the first paint's case from the start): a
  // case opened that was not fetched yet is fetched at once, one fetched before is shown as it was; the open one is
  // polled.
  const results = useApiQuery({ runCaseId: openId ?? '' }, (client, input, signal): Promise<CaseResults> => client.testRuns.results.query(input, { signal }), {
    enabled: openId !== null,
    freshMs: Number.POSITIVE_INFINITY,
    retries: 0,
    seed: initial.open && initial.open.runCase.id === openId ? initial.open : undefined,
    pollMs: POLL_MS,
  })

  const { refresh: refetchRun, set: setDetail } = run
  const { refresh: refetchOpen, refreshFor: refetchResults } = results
  const openNow = useRef(openId)
  useEffect(() => {
    openNow.current = openId
  })
  /**
   * The run and the open case again (after a change here: a state change, queued checks, an import); the same
   * function for the view's life: the JUnit import, a lazily loaded part, keeps its props across polls.
   */
  const refresh = useCallback(() => {
    void refetchRun()
    if (openNow.current) void refetchOpen()
  }, [refetchRun, refetchOpen])

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

  const record = useApiAction((client, input: RecordInput) => client.testRuns.record.mutate(input), {
    failureTexts: { network: t('execution.networkError'), unexpected: t('execution.unexpectedError') },
  })

  /** Stores a result: the figures move at once and go back if the server refuses; the draft stays until it is stored. */
  const sendRecord = async (input: RecordInput, next: string | null) => {
    if (record.busy()) return
    // Polls that left before this change cannot undo it (`set` drops their answers).
    const previous = detail
    setDetail((current) => {
      const old = current ?? previous
      const target = old.cases.find((item) => item.id === input.runCaseId)
      if (!target) return old
      const counts = countsAfter(old.counts, target.latest?.status ?? null, input.result.status)
      const latest = { id: -1, status: input.result.status, recordedAt: new Date(), recordedBy: t('execution.you'), comment: input.result.comment ?? '', retest: input.result.retest ?? false }
      return { ...old, counts, passRate: passRate(counts), cases: old.cases.map((item) => (item.id === input.runCaseId ? { ...item, latest } : item)) }
    })
    const answer = await record.run(input, { refresh: false })
    if (answer.ok) {
      setOwnResults((ids) => new Set([...ids, answer.result.id]))
      setDrafts((all) => {
        const { [input.runCaseId]: _done, ...rest } = all
        return rest
      })
      clearProblem(input.runCaseId)
      const key = detail.cases.find((item) => item.id === input.runCaseId)?.key ?? ''
      setAnnouncement(t('execution.recorded', { key, status: t(`labels.status_${input.result.status}`) }))
      if (next) openCaseById(next)
      // The button pressed (or the element the key was pressed on) may be gone or disabled: the reader goes on with the
      // case now open, never from the page's start.
      if (next || document.activeElement === document.body) requestAnimationFrame(() => document.getElementById('open-case-heading')?.focus())
    } else {
      setDetail(() => previous)
      const { failure } = answer
      const conflict = conflictOf(answer.error)
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
    }
    void refetchRun()
    void refetchResults({ runCaseId: input.runCaseId })
  }

  /** Records the open case's draft with a status; `force` adds it over the newer result the tester has now seen. */
  const recordOpen = (status: ResultStatus, options: { force?: boolean; thenNext?: boolean } = {}) => {
    if (!openCase || record.pending) return
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
    void sendRecord({ runCaseId: openCase.id, expectedLatestResultId: expected, force: options.force ?? false, result: built.result }, next)
  }

  /** Keeps the newer result: what the tester typed for this case is dropped. */
  const discard = (caseId: string) => {
    setDrafts((all) => {
      const { [caseId]: _dropped, ...rest } = all
      return rest
    })
    clearProblem(caseId)
    void refetchRun()
  }

  const openResults = {
    data: openId ? (results.data ?? null) : null,
    // Fetching while the open case has no results yet (the panel shows placeholders), unless that fetch failed.
    isFetching: openId !== null && results.data === undefined && results.lastFailure === null,
    // The open case's last fetch failed, and none has answered since (polls included).
    isError: openId !== null && results.lastFailure !== null,
  }

  return {
    detail,
    query,
    go,
    shown,
    openCase,
    results: openResults,
    move,
    openCaseById,
    draftOf,
    editDraft,
    problems,
    clearProblem,
    recordOpen,
    recording: record.pending,
    discard,
    announcement,
    setAnnouncement,
    refresh,
  }
}
