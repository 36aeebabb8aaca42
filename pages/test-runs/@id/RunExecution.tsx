import { useEffect, useRef } from 'react'
import { lazyWithGroups } from '../../../components/lazy-with-groups.tsx'
import { roleAtLeast } from '../../../lib/domain/test-management.ts'
import type { JunitNotice } from '../../../lib/forms/junit-notice.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { css } from '../../../styled-system/css'
import { muted } from './bits.tsx'
import { CaseList } from './CaseList.tsx'
import { CasePanel } from './CasePanel.tsx'
import { neighbourCaseId, shortcutFor } from './execution.ts'
import { RunHeader } from './RunHeader.tsx'
import type { CaseResults, Member, RunDetail, RunInfo } from './types.ts'
import type { ExecutionQuery } from './execution.ts'
import { useRunExecution } from './use-run-execution.ts'
import { madeBy } from '../../../lib/made-by.ts'

// The assignment parts load after the page; the server renders them in place (they read without JavaScript).
const CaseAssignment = lazyWithGroups([], () => import('./CaseAssignment.tsx'))
const TesterProgress = lazyWithGroups([], () => import('./TesterProgress.tsx'))

/**
 * A run being executed: the header with its progress, the list of its cases and the open case with its steps, the
 * record form and its results. Several testers work at once: the run is polled and others' results announced.
 */
export function RunExecution({ initial }: { initial: { detail: RunDetail; info: RunInfo; members: Member[]; query: ExecutionQuery; open: CaseResults | null; junitNotice?: JunitNotice | null } }) {
  const t = useT()
  const state = useRunExecution(initial)
  const { detail, openCase, shown } = state
  const completed = detail.run.state === 'completed'
  const canRecord = roleAtLeast(detail.role, 'tester') && !completed && openCase !== null && !openCase.deleted
  const canAssign = roleAtLeast(detail.role, 'editor') && !completed
  const onAssigned = (message: string) => {
    state.setAnnouncement(message)
    state.refresh()
  }
  const readOnlyReason = completed ? t('execution.completedReadOnly') : !roleAtLeast(detail.role, 'tester') ? t('execution.viewerReadOnly') : null

  // The latest handlers, for the one key listener below.
  const latest = useRef({ state, canRecord })
  useEffect(() => {
    latest.current = { state, canRecord }
  })
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return
      // A question open over the page (complete, rerun) takes its keys: none records or moves behind it.
      if (madeBy(event.target, Element) && event.target.closest('[role="dialog"], [role="alertdialog"]')) return
      const action = shortcutFor(event)
      if (!action) return
      const { state: now, canRecord: may } = latest.current
      if (action.kind === 'move') {
        event.preventDefault()
        now.move(action.step)
      } else if (may) {
        event.preventDefault()
        now.recordOpen(action.status, { thenNext: true })
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  const draft = openCase ? state.draftOf(openCase.id) : null
  const newerMeanwhile =
    openCase?.latest && draft?.baseline !== undefined && openCase.latest.id > 0 && openCase.latest.id !== draft?.baseline ? { recordedBy: openCase.latest.recordedBy, status: openCase.latest.status } : null
  const content = state.results.data && openCase && state.results.data.runCase.id === openCase.id ? state.results.data : null
  return (
    <article aria-labelledby="page-title">
      <RunHeader detail={detail} info={initial.info} junitNotice={initial.junitNotice ?? null} onChanged={state.refresh} />
      <div role="status" aria-live="polite" className={css({ srOnly: true })} data-testid="run-announcer">
        {state.announcement}
      </div>
      <TesterProgress runId={detail.run.id} cases={detail.cases} members={initial.members} onQuery={state.go} />
      {/* A phone shows the open case first (its status buttons stay at the screen's bottom), the list after it; a desktop the list on the left. */}
      <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(16rem, 22rem) minmax(0, 1fr)' }, '& > [data-part=cases]': { order: { base: 2, lg: 0 } } })}>
        <div data-part="cases" className={css({ minW: '0' })}>
          <CaseList
            runId={detail.run.id}
            cases={shown}
            total={detail.total}
            query={state.query}
            openId={openCase?.id ?? null}
            members={initial.members}
            onQuery={state.go}
            assigning={canAssign ? { all: detail.cases, onAssigned } : null}
          />
        </div>
        {openCase ? (
          <CasePanel
            runCase={openCase}
            content={content}
            loading={state.results.isFetching}
            assignment={<CaseAssignment runId={detail.run.id} runCase={openCase} members={initial.members} canAssign={canAssign} history={content?.assignments ?? null} onAssigned={onAssigned} />}
            controls={{
              canRecord,
              readOnlyReason,
              draft: draft!,
              newerMeanwhile,
              edit: (change) => state.editDraft(openCase.id, change),
              record: state.recordOpen,
              recording: state.recording,
              problem: state.problems[openCase.id],
              discard: () => state.discard(openCase.id),
              move: state.move,
              hasPrevious: neighbourCaseId(shown, openCase.id, -1) !== null,
              hasNext: neighbourCaseId(shown, openCase.id, 1) !== null,
            }}
          />
        ) : (
          <p className={muted}>{t('execution.noOpenCase')}</p>
        )}
      </div>
      {state.results.isError ? <p className={muted}>{t('execution.resultsFailed')}</p> : null}
    </article>
  )
}
