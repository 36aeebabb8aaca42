import { useId, useState, type FormEvent } from 'react'
import { navigate } from 'vike/client/router'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import type { DeferredDialogProps } from '../../../components/ui/deferred-dialog.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { TextField } from '../../../components/ui/input.tsx'
import { useApiAction } from '../../../lib/api/use-api-action.ts'
import { RERUN_STATUSES, rerunName, type RerunStatus } from '../../../lib/domain/case-results.ts'
import type { RunCounts } from '../../../lib/domain/test-runs.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { runHref } from '../../../lib/routing/project-links.ts'
import { css } from '../../../styled-system/css'

// The run page's two questions, loaded when their buttons are first pressed (decision 021): completing the run, and
// starting a new run from its failed, blocked or untested cases.

/** Asks before completing: how many cases are untested and stay so. `onConfirm` answers whether it went through. */
export function CompleteQuestion({ dialog, untested, total, onConfirm }: { dialog: DeferredDialogProps; untested: number; total: number; onConfirm: () => Promise<boolean> }) {
  const t = useT()
  const [pending, setPending] = useState(false)
  async function confirm() {
    if (pending) return
    setPending(true)
    await onConfirm()
    setPending(false)
    // Whatever the answer, the header says it (a refusal beside the button, which gets the focus back).
    dialog.onOpenChange({ open: false })
  }
  return (
    <Dialog.Root size="sm" role="alertdialog" {...dialog}>
      <Dialog.Content data-testid="complete-dialog">
        <Dialog.Header>
          <Dialog.Title>{t('execution.completeTitle')}</Dialog.Title>
          <Dialog.Description data-testid="complete-untested">{t('execution.completeUntested', { untested, total })}</Dialog.Description>
        </Dialog.Header>
        <Dialog.Footer className={css({ flexWrap: 'wrap' })}>
          <Dialog.CloseTrigger asChild>
            <Button variant="outline">{t('common.cancel')}</Button>
          </Dialog.CloseTrigger>
          <Button loading={pending} onClick={() => void confirm()}>
            {t('execution.completeConfirm')}
          </Button>
        </Dialog.Footer>
        <Dialog.CloseButton />
      </Dialog.Content>
    </Dialog.Root>
  )
}

/** Starts a new run from the cases whose latest result here is one of the chosen outcomes, then goes to it. */
export function RerunQuestion({ dialog, runId, runName, counts }: { dialog: DeferredDialogProps; runId: string; runName: string; counts: RunCounts }) {
  const t = useT()
  return (
    <Dialog.Root {...dialog}>
      <Dialog.Content data-testid="rerun-dialog">
        <Dialog.Header>
          <Dialog.Title>{t('execution.rerunTitle')}</Dialog.Title>
          <Dialog.Description>{t('execution.rerunLead')}</Dialog.Description>
        </Dialog.Header>
        <RerunForm runId={runId} runName={runName} counts={counts} />
        <Dialog.CloseButton />
      </Dialog.Content>
    </Dialog.Root>
  )
}

// Mounted with the content, so each opening starts from the suggestion.
function RerunForm({ runId, runName, counts }: { runId: string; runName: string; counts: RunCounts }) {
  const t = useT()
  const id = useId()
  const [chosen, setChosen] = useState<RerunStatus[]>(() => {
    const some = RERUN_STATUSES.filter((status) => status !== 'untested' && counts[status] > 0)
    return some.length > 0 ? some : RERUN_STATUSES.filter((status) => counts[status] > 0)
  })
  const [name, setName] = useState(() => rerunName(runName, t('execution.rerunSuffix')))
  const start = useApiAction((client, input: { id: string; statuses: RerunStatus[]; name: string }) => client.testRuns.rerun.mutate(input), {
    failureTexts: { network: t('execution.networkError'), unexpected: t('execution.unexpectedError') },
  })
  const count = chosen.reduce((sum, status) => sum + counts[status], 0)
  const nameError = start.failure?.fieldErrors.name
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (count === 0 || start.busy()) return
    // The new run is the next page: nothing here to read again.
    const answer = await start.run({ id: runId, statuses: chosen, name }, { refresh: false })
    if (answer.ok) await navigate(runHref(answer.result.id))
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Dialog.Body className={css({ display: 'grid', gap: '4' })}>
        {start.failure && !nameError ? <FormAlert tone="error">{start.failure.message}</FormAlert> : null}
        <fieldset className={css({ display: 'grid', gap: '2', border: 'none', p: '0', m: '0' })}>
          <legend className={css({ fontWeight: '600', mb: '2' })}>{t('execution.rerunOutcomes')}</legend>
          {RERUN_STATUSES.map((status) => (
            <label key={status} className={css({ display: 'flex', gap: '2', alignItems: 'center', minH: '10' })}>
              <input
                type="checkbox"
                name="statuses"
                value={status}
                checked={chosen.includes(status)}
                onChange={(event) => {
                  const on = event.currentTarget.checked
                  setChosen((now) => RERUN_STATUSES.filter((each) => (each === status ? on : now.includes(each))))
                }}
                className={css({ w: '5', h: '5' })}
              />
              {t('execution.rerunOutcome', { status: t(`labels.status_${status}`), count: counts[status] })}
            </label>
          ))}
        </fieldset>
        <TextField label={t('execution.rerunName')} id={`${id}-name`} value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={200} required invalid={Boolean(nameError)} errorText={nameError} />
        <p role="status" className={css({ fontSize: 'sm' })} data-testid="rerun-count">
          {t('execution.rerunCount', { count })}
        </p>
      </Dialog.Body>
      <Dialog.Footer className={css({ flexWrap: 'wrap' })}>
        <Dialog.CloseTrigger asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </Dialog.CloseTrigger>
        <Button type="submit" disabled={count === 0} loading={start.pending}>
          {t('execution.rerunStart')}
        </Button>
      </Dialog.Footer>
    </form>
  )
}
