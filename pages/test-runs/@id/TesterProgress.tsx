import type { MouseEvent } from 'react'
import { Table } from '../../../components/ui/table.tsx'
import { testerProgress } from '../../../lib/domain/run-assignment.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { css } from '../../../styled-system/css'
import { DONE, executionHref, UNASSIGNED, type ExecutionQuery } from './execution.ts'
import type { Member, RunCase } from './types.ts'

const figure = css({ display: 'inline-flex', alignItems: 'center', justifyContent: 'flex-end', minW: '10', minH: '10', px: '2', fontVariantNumeric: 'tabular-nums' })

/**
 * Each tester's done (a result recorded) and to do (none yet) in the run; every figure is a link to the list filtered
 * to those cases, so it works without JavaScript too.
 */
export default function TesterProgress({ runId, cases, members, onQuery }: { runId: string; cases: RunCase[]; members: Member[]; onQuery: (next: ExecutionQuery) => void }) {
  const t = useT()
  const rows = testerProgress(
    cases,
    members.map((member) => member.userId),
  )
  if (rows.length === 0 || (rows.length === 1 && rows[0]!.assigneeId === null)) return null
  const names = new Map(members.map((member) => [member.userId, member.name]))
  const link = (query: ExecutionQuery, label: string, text: string | number, testId: string) => {
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return
      event.preventDefault()
      event.stopPropagation()
      onQuery(query)
      requestAnimationFrame(() => document.getElementById('cases-heading')?.scrollIntoView({ block: 'start' }))
    }
    return (
      <a href={executionHref(runId, query)} aria-label={label} onClick={onClick} className={figure} data-testid={testId}>
        {text}
      </a>
    )
  }
  return (
    <section aria-labelledby="tester-progress-heading" className={css({ display: 'grid', gap: '2', mb: '6' })} data-testid="tester-progress">
      <h2 id="tester-progress-heading" className={css({ fontSize: 'md', fontWeight: '600' })}>
        {t('execution.testerProgress')}
      </h2>
      <Table.Container aria-label={t('execution.testerProgress')} className={css({ maxW: '40rem' })}>
        <Table.Root density="compact">
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">{t('execution.testerColumn')}</Table.Header>
              <Table.Header scope="col" align="end">
                {t('execution.doneColumn')}
              </Table.Header>
              <Table.Header scope="col" align="end">
                {t('execution.todoColumn')}
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {rows.map((row) => {
              const assignee = row.assigneeId ?? UNASSIGNED
              const name = row.assigneeId === null ? t('execution.unassigned') : (names.get(row.assigneeId) ?? t('execution.someone'))
              return (
                <Table.Row key={assignee} data-testid="tester-row">
                  <Table.Header scope="row" className={css({ whiteSpace: 'normal', overflowWrap: 'anywhere' })}>
                    {link({ status: null, assignee, caseId: null }, t('execution.showAllOf', { name }), name, 'tester-all')}
                  </Table.Header>
                  <Table.Cell align="end">{link({ status: DONE, assignee, caseId: null }, t('execution.showDoneOf', { name, count: row.done }), row.done, 'tester-done')}</Table.Cell>
                  <Table.Cell align="end">{link({ status: 'untested', assignee, caseId: null }, t('execution.showTodoOf', { name, count: row.todo }), row.todo, 'tester-todo')}</Table.Cell>
                </Table.Row>
              )
            })}
          </Table.Body>
        </Table.Root>
      </Table.Container>
    </section>
  )
}
