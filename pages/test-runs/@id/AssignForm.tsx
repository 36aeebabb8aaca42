import { useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { nativeSelect } from '../../../components/native-controls.ts'
import { useApiAction } from '../../../lib/api/use-api-action.ts'
import { foldersOf, parseScope, scopeValue, sectionsOf } from '../../../lib/domain/run-assignment.ts'
import { FORM_NAME_FIELD } from '../../../lib/forms/form-post.ts'
import { usePostedForm } from '../../../lib/forms/use-posted-form.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { css, cx } from '../../../styled-system/css'
import { fieldLabel, panel } from './bits.tsx'
import { ASSIGN_FORM_ID, executionHref, NOBODY, type ExecutionQuery } from './execution.ts'
import type { Member, RunAssignInput, RunCase } from './types.ts'

/**
 * Gives cases to a tester in bulk: the cases ticked in the list, a section of the run or a folder. Without JavaScript
 * it posts to the page (server/forms/form-posts.server.ts) and the page comes back with the change; with it, it calls
 * the API and the view reads the run again.
 */
export default function AssignForm({
  runId,
  cases,
  members,
  query,
  selected,
  onAssigned,
}: {
  runId: string
  cases: RunCase[]
  members: Member[]
  query: ExecutionQuery
  selected: string[]
  onAssigned: (message: string) => void
}) {
  const t = useT()
  const posted = usePostedForm('run-assign')
  const hydrated = useHydrated()
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const assign = useApiAction((client, input: RunAssignInput) => client.testRuns.assign.mutate(input), {
    failureTexts: { network: t('execution.networkError'), unexpected: t('execution.unexpectedError') },
  })
  const sections = sectionsOf(cases)
  const folders = foldersOf(cases)
  const names = new Map(members.map((member) => [member.userId, member.name]))

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (assign.busy()) return
    const form = new FormData(event.currentTarget)
    const who = String(form.get('assigneeId') ?? NOBODY)
    const scope = parseScope(String(form.get('scope') ?? 'selected'))
    if (!scope || (scope.kind === 'selected' && selected.length === 0)) {
      setMessage({ tone: 'error', text: t('execution.assignNoneSelected') })
      return
    }
    const assigneeId = who === NOBODY ? null : who
    const target = scope.kind === 'selected' ? { runCaseIds: selected } : scope.kind === 'section' ? { section: scope.name } : { folder: scope.path }
    const answer = await assign.run({ id: runId, assigneeId, ...target }, { refresh: false })
    if (!answer.ok) {
      setMessage({ tone: 'error', text: Object.values(answer.failure.fieldErrors)[0] ?? answer.failure.message })
      return
    }
    const text = assigneeId
      ? t('execution.assignDone', { count: answer.result.assigned, name: names.get(assigneeId) ?? t('execution.someone') })
      : t('execution.unassignDone', { count: answer.result.assigned })
    setMessage({ tone: 'success', text })
    onAssigned(text)
  }

  const postedError = posted ? (posted.formError ?? Object.values(posted.fieldErrors)[0] ?? null) : null
  const shown = message ?? (postedError ? { tone: 'error' as const, text: postedError } : null)
  return (
    <form
      id={ASSIGN_FORM_ID}
      method="post"
      action={executionHref(runId, query)}
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby="assign-heading"
      className={cx(panel, css({ display: 'grid', gap: '3' }))}
      data-testid="assign-form"
    >
      <h3 id="assign-heading" className={css({ fontSize: 'md', fontWeight: '600' })}>
        {t('execution.assignHeading')}
      </h3>
      <input type="hidden" name={FORM_NAME_FIELD} value="run-assign" />
      <div className={css({ display: 'grid', gap: '2', gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'minmax(0, 1fr)' } })}>
        <div>
          <label htmlFor="assign-to" className={fieldLabel}>
            {t('execution.assignTo')}
          </label>
          <select id="assign-to" name="assigneeId" className={cx(nativeSelect, css({ w: '100%' }))} defaultValue={(posted?.values.assigneeId as string | undefined) ?? members[0]?.userId ?? NOBODY}>
            {members.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.name}
              </option>
            ))}
            <option value={NOBODY}>{t('execution.assignNobody')}</option>
          </select>
        </div>
        <div>
          <label htmlFor="assign-scope" className={fieldLabel}>
            {t('execution.assignWhich')}
          </label>
          <select id="assign-scope" name="scope" className={cx(nativeSelect, css({ w: '100%' }))} defaultValue={(posted?.values.scope as string | undefined) ?? 'selected'}>
            <option value={scopeValue({ kind: 'selected' })}>{hydrated ? t('execution.assignSelected', { count: selected.length }) : t('execution.assignTicked')}</option>
            {sections.map((name) => (
              <option key={`s:${name}`} value={scopeValue({ kind: 'section', name })}>
                {t('execution.assignSection', { name })}
              </option>
            ))}
            {folders.map((path) => (
              <option key={`f:${path}`} value={scopeValue({ kind: 'folder', path })}>
                {t('execution.assignFolder', { path })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <Button type="submit" variant="outline" loading={assign.pending} data-testid="assign-submit">
          {t('execution.assignButton')}
        </Button>
      </div>
      {shown ? (
        <FormAlert tone={shown.tone}>
          <span data-testid="assign-message">{shown.text}</span>
        </FormAlert>
      ) : null}
    </form>
  )
}
