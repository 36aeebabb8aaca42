import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { roleAtLeast } from '../../../lib/domain/test-management.ts'
import { useApiAction } from '../../../lib/api/use-api-action.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { css } from '../../../styled-system/css'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { muted } from './bits.tsx'
import type { RunDetail } from './types.ts'

/**
 * The run's automated cases: how many there are and how many checks wait or run, and (testers and up, while the run
 * is not completed) a button that queues their checks. Results arrive through the view's polling.
 */
export function AutomationBar({ detail, onChanged }: { detail: RunDetail; onChanged: () => void }) {
  const t = useT()
  const hydrated = useHydrated()
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const automated = detail.cases.filter((item) => item.type === 'automated').length
  const pending = detail.cases.filter((item) => item.checkState !== null).length
  const start = useApiAction((client, runId: string) => client.testRuns.runChecks.mutate({ runId }), {
    failureTexts: { network: t('execution.networkError'), unexpected: t('execution.unexpectedError') },
  })
  const queue = async () => {
    if (start.busy()) return
    // The view reads the run again itself (`onChanged`), not the page's data.
    const answer = await start.run(detail.run.id, { refresh: false })
    setMessage(answer.ok ? { tone: 'success', text: answer.result.queued === 0 ? t('execution.checksNoneQueued') : t('execution.checksQueued', { count: answer.result.queued }) } : { tone: 'error', text: answer.failure.message })
    onChanged()
  }
  if (automated === 0) return null
  const mayRun = roleAtLeast(detail.role, 'tester') && detail.run.state !== 'completed'
  return (
    <section aria-labelledby="automation-heading" className={css({ display: 'grid', gap: '2', justifyItems: 'start' })} data-testid="automation">
      <h2 id="automation-heading" className={css({ fontSize: 'md', fontWeight: '600' })}>
        {t('execution.automationTitle')}
      </h2>
      <p className={muted} aria-live="polite" data-testid="checks-pending">
        {pending > 0 ? t('execution.checksPending', { pending, count: automated }) : t('execution.checksIdle', { count: automated })}
      </p>
      {mayRun && hydrated ? (
        <Button variant="outline" loading={start.pending} disabled={pending > 0} onClick={() => void queue()} data-testid="run-checks">
          {t('execution.runChecks')}
        </Button>
      ) : null}
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
    </section>
  )
}
