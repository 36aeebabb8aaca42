import { useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { nativeSelect } from '../../../components/native-controls.ts'
import { useApiAction } from '../../../lib/api/use-api-action.ts'
import { FORM_NAME_FIELD } from '../../../lib/forms/form-post.ts'
import { usePostedForm } from '../../../lib/forms/use-posted-form.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { css, cx } from '../../../styled-system/css'

/** The "nobody" choice. */
const NOBODY = 'none'

/**
 * The member new runs give this case to. Editors change it with a small form (it posts without JavaScript); others
 * read who it is.
 */
export function DefaultTester({ caseId, assigneeId, members, canEdit }: { caseId: string; assigneeId: string | null; members: Array<{ userId: string; name: string }>; canEdit: boolean }) {
  const t = useT()
  const posted = usePostedForm('case-default-assignee')
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const save = useApiAction((client, input: { caseId: string; assigneeId: string | null }) => client.testCases.setDefaultAssignee.mutate(input), {
    failureTexts: { network: t('cases.defaultTesterFailed'), unexpected: t('cases.defaultTesterFailed') },
  })
  const name = assigneeId ? (members.find((member) => member.userId === assigneeId)?.name ?? null) : null
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (save.busy()) return
    const value = String(new FormData(event.currentTarget).get('assigneeId') ?? NOBODY)
    const answer = await save.run({ caseId, assigneeId: value === NOBODY ? null : value })
    setMessage(answer.ok ? { tone: 'success', text: t('cases.defaultTesterSaved') } : { tone: 'error', text: answer.failure.message })
  }
  const postedError = posted ? (posted.formError ?? Object.values(posted.fieldErrors)[0] ?? null) : null
  const shown = message ?? (postedError ? { tone: 'error' as const, text: postedError } : null)
  return (
    <section aria-labelledby="default-tester-heading" className={css({ display: 'grid', gap: '2', mt: '4' })} data-testid="default-tester">
      <h3 id="default-tester-heading" className={css({ fontSize: 'sm', fontWeight: '600' })}>
        {t('cases.defaultTester')}
      </h3>
      {canEdit ? (
        <form method="post" onSubmit={(event) => void onSubmit(event)} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'flex-end' })}>
          <input type="hidden" name={FORM_NAME_FIELD} value="case-default-assignee" />
          <div className={css({ minW: '0', flex: '1' })}>
            <label htmlFor="default-tester" className={css({ display: 'block', fontSize: 'sm', mb: '1', color: 'text.muted' })}>
              {t('cases.defaultTesterHint')}
            </label>
            <select id="default-tester" name="assigneeId" className={cx(nativeSelect, css({ w: '100%' }))} defaultValue={(posted?.values.assigneeId as string | undefined) ?? assigneeId ?? NOBODY}>
              <option value={NOBODY}>{t('cases.defaultTesterNobody')}</option>
              {members.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.name}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline" loading={save.pending}>
            {t('cases.defaultTesterSave')}
          </Button>
        </form>
      ) : (
        <p data-testid="default-tester-name">{name ?? <span className={css({ color: 'text.muted' })}>{t('cases.defaultTesterNobody')}</span>}</p>
      )}
      {shown ? (
        <FormAlert tone={shown.tone}>
          <span data-testid="default-tester-message">{shown.text}</span>
        </FormAlert>
      ) : null}
    </section>
  )
}
