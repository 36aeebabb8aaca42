import { useState, type ChangeEvent, type FormEvent, type MouseEvent } from 'react'
import { StatusBadge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { css, cx } from '../../../styled-system/css'
import { nativeSelect } from '../../../components/native-controls.ts'
import { fieldLabel, muted, plainList } from './bits.tsx'
import { lazyWithGroups } from '../../../components/lazy-with-groups.tsx'
import { ASSIGN_FORM_ID, CASE_FILTER_STATUSES, DONE, executionHref, parseExecutionQuery, UNASSIGNED, type ExecutionQuery } from './execution.ts'
import type { Member, RunCase } from './types.ts'

// Assigning is for editors: its code loads after the page (the server renders the form in place).
const AssignForm = lazyWithGroups([], () => import('./AssignForm.tsx'))

const item = css({
  display: 'grid',
  gap: '1',
  minH: '10',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  color: 'text',
  textDecoration: 'none',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'transparent',
  _hover: { bg: 'surface.hover' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focus', outlineOffset: '1px' },
  '&[aria-current=true]': { bg: 'primary.subtle', borderColor: 'primary' },
})

/**
 * The run's cases with their latest status, filtered by status and assignee. The filters are a GET form and every
 * case a link, so the list works without JavaScript; with it, they change the address without a reload.
 */
export function CaseList({
  runId,
  cases,
  total,
  query,
  openId,
  members,
  onQuery,
  assigning,
}: {
  runId: string
  cases: RunCase[]
  total: number
  query: ExecutionQuery
  openId: string | null
  members: Member[]
  onQuery: (next: ExecutionQuery) => void
  /** Editors of a run not completed tick cases and give them to a tester; `all` is every case of the run (for its sections and folders). */
  assigning?: { all: RunCase[]; onAssigned: (message: string) => void } | null
}) {
  const t = useT()
  const [selected, setSelected] = useState<string[]>([])
  const toggle = (id: string, on: boolean) => setSelected((now) => (on ? [...now.filter((item) => item !== id), id] : now.filter((item) => item !== id)))
  const names = new Map(members.map((member) => [member.userId, member.name]))
  const read = (form: HTMLFormElement) => parseExecutionQuery(Object.fromEntries([...new FormData(form)].map(([key, value]) => [key, String(value)])))
  const onChange = (event: ChangeEvent<HTMLFormElement>) => onQuery({ ...read(event.currentTarget), caseId: query.caseId })
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onQuery({ ...read(event.currentTarget), caseId: query.caseId })
  }
  const onLink = (event: MouseEvent<HTMLAnchorElement>, caseId: string) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return
    // stopPropagation keeps Vike's router from loading the page again from the server (and dropping what was typed).
    event.preventDefault()
    event.stopPropagation()
    onQuery({ ...query, caseId })
    // The case opens beside the list (below it on a phone): take the reader there.
    requestAnimationFrame(() => document.getElementById('open-case-heading')?.focus())
  }
  return (
    <section aria-labelledby="cases-heading" className={css({ display: 'grid', gap: '3', alignContent: 'start', minW: '0' })}>
      <h2 id="cases-heading" className={css({ fontSize: 'lg', fontWeight: '600' })}>
        {t('execution.cases')} <span className={cx(muted, css({ fontWeight: '400', fontSize: 'sm' }))}>{t('execution.shownOf', { shown: cases.length, total })}</span>
      </h2>
      <form role="search" aria-label={t('execution.filters')} method="get" action={executionHref(runId, { status: null, assignee: null, caseId: null })} onChange={onChange} onSubmit={onSubmit} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'flex-end' })}>
        <div>
          <label htmlFor="filter-status" className={fieldLabel}>
            {t('execution.filterStatus')}
          </label>
          <select id="filter-status" name="status" className={nativeSelect} value={query.status ?? ''} onChange={() => {}}>
            <option value="">{t('execution.anyStatus')}</option>
            {CASE_FILTER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`labels.status_${status}`)}
              </option>
            ))}
            <option value={DONE}>{t('execution.statusDone')}</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-assignee" className={fieldLabel}>
            {t('execution.filterAssignee')}
          </label>
          <select id="filter-assignee" name="assignee" className={nativeSelect} value={query.assignee ?? ''} onChange={() => {}}>
            <option value="">{t('execution.anyone')}</option>
            <option value={UNASSIGNED}>{t('execution.unassigned')}</option>
            {members.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.name}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <Button type="submit" variant="outline">
            {t('execution.applyFilters')}
          </Button>
        </noscript>
      </form>
      {assigning ? (
        <AssignForm
          runId={runId}
          cases={assigning.all}
          members={members}
          query={query}
          selected={selected}
          onAssigned={(message) => {
            setSelected([])
            assigning.onAssigned(message)
          }}
        />
      ) : null}
      {cases.length === 0 ? (
        <p className={muted} data-testid="no-cases">
          {total === 0 ? t('execution.runEmpty') : t('execution.noneMatch')}
        </p>
      ) : (
        <ol className={cx(plainList, css({ display: 'grid', gap: '1', maxH: { lg: '70vh' }, overflowY: { lg: 'auto' } }))} data-testid="case-list">
          {cases.map((runCase) => (
            <li key={runCase.id} className={css({ display: 'flex', gap: '1', alignItems: 'center' })}>
              {assigning ? (
                <input
                  type="checkbox"
                  form={ASSIGN_FORM_ID}
                  name="runCaseIds"
                  value={runCase.id}
                  checked={selected.includes(runCase.id)}
                  onChange={(event) => toggle(runCase.id, event.target.checked)}
                  aria-label={t('execution.selectCase', { key: runCase.key })}
                  className={css({ w: '6', h: '6', flexShrink: 0, accentColor: 'primary', cursor: 'pointer' })}
                  data-testid="case-select"
                />
              ) : null}
              <a
                href={executionHref(runId, { ...query, caseId: runCase.id })}
                aria-current={runCase.id === openId ? 'true' : undefined}
                className={cx(item, css({ flex: '1', minW: '0' }))}
                onClick={(event) => onLink(event, runCase.id)}
                data-testid="case-link"
              >
                <span className={css({ display: 'flex', gap: '2', alignItems: 'baseline', minW: '0' })}>
                  <span className={cx(muted, css({ fontFamily: 'mono', fontSize: 'sm', flexShrink: 0 }))}>{runCase.key}</span>
                  <span className={css({ overflowWrap: 'anywhere' })}>{runCase.title}</span>
                </span>
                <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', fontSize: 'sm' })}>
                  <StatusBadge status={runCase.latest?.status ?? 'untested'} size="sm" />
                  {runCase.assigneeId ? <span className={muted}>{names.get(runCase.assigneeId) ?? t('execution.someone')}</span> : null}
                  {runCase.checkState ? (
                    <span className={muted} data-testid="check-running">
                      {t('execution.checkRunning')}
                    </span>
                  ) : null}
                </span>
              </a>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
