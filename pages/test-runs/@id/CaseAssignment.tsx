import { useState } from 'react'
import { DateTime } from '../../../components/DateTime.tsx'
import { nativeSelect } from '../../../components/native-controls.ts'
import { useApiAction } from '../../../lib/api/use-api-action.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { css, cx } from '../../../styled-system/css'
import { fieldLabel, muted, plainList } from './bits.tsx'
import { NOBODY } from './execution.ts'
import type { CaseResults, Member, RunAssignInput, RunCase } from './types.ts'

/**
 * The open case's tester: editors change it here, one case at a time (saved on choosing); everyone sees who gave it
 * to whom and when.
 */
export default function CaseAssignment({
  runId,
  runCase,
  members,
  canAssign,
  history,
  onAssigned,
}: {
  runId: string
  runCase: RunCase
  members: Member[]
  canAssign: boolean
  history: CaseResults['assignments'] | null
  onAssigned: (message: string) => void
}) {
  const t = useT()
  const hydrated = useHydrated()
  const [problem, setProblem] = useState<string | null>(null)
  const names = new Map(members.map((member) => [member.userId, member.name]))
  const assign = useApiAction((client, input: RunAssignInput) => client.testRuns.assign.mutate(input), {
    failureTexts: { network: t('execution.networkError'), unexpected: t('execution.unexpectedError') },
  })
  const current = runCase.assigneeId ? (names.get(runCase.assigneeId) ?? t('execution.someone')) : t('execution.unassigned')
  const change = async (value: string) => {
    if (assign.busy()) return
    const assigneeId = value === NOBODY ? null : value
    const answer = await assign.run({ id: runId, runCaseIds: [runCase.id], assigneeId }, { refresh: false })
    if (!answer.ok) {
      setProblem(answer.failure.message)
      return
    }
    setProblem(null)
    onAssigned(assigneeId ? t('execution.assignedOne', { key: runCase.key, name: names.get(assigneeId) ?? t('execution.someone') }) : t('execution.unassignedOne', { key: runCase.key }))
  }
  return (
    <section aria-labelledby="assignment-heading" className={css({ display: 'grid', gap: '2', fontSize: 'sm' })} data-testid="case-assignment">
      <h3 id="assignment-heading" className={css({ fontWeight: '600' })}>
        {t('execution.assignment')}
      </h3>
      {canAssign && hydrated ? (
        <div>
          <label htmlFor="case-assignee" className={fieldLabel}>
            {t('execution.assignedTo')}
          </label>
          <select
            id="case-assignee"
            className={cx(nativeSelect, css({ minW: '12rem', maxW: '100%' }))}
            value={runCase.assigneeId ?? NOBODY}
            disabled={assign.pending}
            onChange={(event) => void change(event.target.value)}
            aria-describedby={problem ? 'case-assignee-problem' : undefined}
          >
            {members.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.name}
              </option>
            ))}
            <option value={NOBODY}>{t('execution.assignNobody')}</option>
          </select>
          {problem ? (
            <p id="case-assignee-problem" role="alert" className={css({ color: 'error.text', mt: '1' })}>
              {problem}
            </p>
          ) : null}
        </div>
      ) : (
        <p>
          <span className={muted}>{t('execution.assignedTo')}:</span> <span data-testid="case-assignee-name">{current}</span>
        </p>
      )}
      {history && history.length > 0 ? (
        <details>
          <summary className={css({ cursor: 'pointer', minH: '6' })}>{t('execution.assignmentHistory', { count: history.length })}</summary>
          <ol className={cx(plainList, css({ display: 'grid', gap: '1', mt: '2' }))} data-testid="assignment-history">
            {[...history].reverse().map((entry) => (
              <li key={entry.id}>
                {entry.assigneeId
                  ? t('execution.assignmentEntry', { by: entry.assignedBy ?? t('execution.someone'), name: entry.assignee ?? t('execution.someone') })
                  : t('execution.assignmentEntryNobody', { by: entry.assignedBy ?? t('execution.someone') })}{' '}
                <span className={muted}>
                  <DateTime value={entry.assignedAt} />
                </span>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  )
}
