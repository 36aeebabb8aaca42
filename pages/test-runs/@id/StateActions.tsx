import { useState } from 'react'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { DeferredDialog } from '../../../components/ui/deferred-dialog.tsx'
import { useApiAction } from '../../../lib/api/use-api-action.ts'
import { roleAtLeast } from '../../../lib/domain/test-management.ts'
import { mayTransition } from '../../../lib/domain/test-runs.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { css } from '../../../styled-system/css'
import type { RunDetail } from './types.ts'

// The questions before completing and before a rerun load when their buttons are first pressed.
const loadDialogs = () => import('./RunDialogs.tsx')

/**
 * Complete (editors, after a question that says how many cases stay untested) or reopen (owners), over the version
 * shown, so a stale view is told so instead of overriding; and a new run from this run's failed, blocked or untested
 * cases (editors).
 */
export default function StateActions({ detail, onChanged }: { detail: RunDetail; onChanged: () => void }) {
  const t = useT()
  const hydrated = useHydrated()
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const update = useApiAction((client, input: { id: string; expectedVersion: number; run: { state: 'completed' | 'in_progress' } }) => client.testRuns.update.mutate(input), {
    failureTexts: { network: t('execution.networkError'), unexpected: t('execution.unexpectedError') },
  })
  const change = async (state: 'completed' | 'in_progress'): Promise<boolean> => {
    if (update.busy()) return false
    // The view reads the run again itself (`onChanged`), not the page's data.
    const answer = await update.run({ id: detail.run.id, expectedVersion: detail.version, run: { state } }, { refresh: false })
    setMessage(answer.ok ? { tone: 'success', text: state === 'completed' ? t('execution.completedDone') : t('execution.reopenedDone') } : { tone: 'error', text: answer.failure.message })
    onChanged()
    return answer.ok
  }
  const { run, role } = detail
  if (!roleAtLeast(role, 'editor')) return null
  const target = run.state === 'completed' ? 'in_progress' : 'completed'
  const allowed = mayTransition(role, run.state, target)
  const rerunnable = detail.counts.failed + detail.counts.blocked + detail.counts.untested > 0
  return (
    <div className={css({ display: 'grid', gap: '2', justifyItems: 'start' })}>
      {hydrated ? (
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {allowed && target === 'completed' ? (
            <DeferredDialog
              load={loadDialogs}
              trigger={
                <Button variant="outline" loading={update.pending} data-testid="complete-run">
                  {t('execution.complete')}
                </Button>
              }
            >
              {({ CompleteQuestion }, dialog) => <CompleteQuestion dialog={dialog} untested={detail.counts.untested} total={detail.total} onConfirm={() => change('completed')} />}
            </DeferredDialog>
          ) : null}
          {allowed && target === 'in_progress' ? (
            <Button variant="outline" loading={update.pending} onClick={() => void change(target)}>
              {t('execution.reopen')}
            </Button>
          ) : null}
          {rerunnable ? (
            <DeferredDialog
              load={loadDialogs}
              trigger={
                <Button variant="outline" data-testid="rerun-open">
                  {t('execution.rerunOpen')}
                </Button>
              }
            >
              {({ RerunQuestion }, dialog) => <RerunQuestion dialog={dialog} runId={run.id} runName={run.name} counts={detail.counts} />}
            </DeferredDialog>
          ) : null}
        </div>
      ) : null}
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
    </div>
  )
}
