import { useState } from 'react'
import { FormAlert } from '../../components/FormAlert.tsx'
import { useDateTimeText } from '../../components/DateTime.tsx'
import { Button } from '../../components/ui/button.tsx'
import { ConfirmDialog } from '../../features/projects/ConfirmDialog.tsx'
import { useApiAction } from '../../lib/api/use-api-action.ts'
import { STALE_DAYS_MAX, STALE_DAYS_MIN } from '../../lib/domain/case-results.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { runHref } from '../../lib/routing/project-links.ts'
import { css } from '../../styled-system/css'
import { input } from '../../styled-system/recipes'

export type StaleRunsData = {
  projectId: string
  days: number
  runs: Array<{ id: string; name: string; touchedAt: Date; cases: number; untested: number }>
}

const muted = css({ color: 'text.muted', fontSize: 'sm' })

/**
 * For the project's owner: the runs not completed that nobody touched for N days (a plain GET form chooses N, so the
 * list reads without JavaScript), and completing them all at once after a question.
 */
export function StaleRuns({ stale }: { stale: StaleRunsData }) {
  const t = useT()
  const hydrated = useHydrated()
  const dateText = useDateTimeText()
  const [done, setDone] = useState<string | null>(null)
  const complete = useApiAction((client, input: { projectId: string; days: number; runIds: string[] }) => client.testRuns.completeStale.mutate(input))
  const untested = stale.runs.reduce((sum, run) => sum + run.untested, 0)
  return (
    <section aria-labelledby="stale-heading" className={css({ display: 'grid', gap: '3', borderTopWidth: '1px', borderStyle: 'solid', borderColor: 'border', pt: '4', mt: '4' })} data-testid="stale-runs">
      <h2 id="stale-heading" className={css({ fontSize: 'lg', fontWeight: '600' })}>
        {t('runs.staleTitle')}
      </h2>
      <p className={css({ color: 'text.muted', maxW: '70ch' })}>{t('runs.staleLead')}</p>
      <form method="get" action="/test-runs" className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'end' })}>
        <input type="hidden" name="project" value={stale.projectId} />
        <div className={css({ display: 'grid', gap: '1.5' })}>
          <label htmlFor="stale-days" className={css({ fontSize: 'sm', fontWeight: '500' })}>
            {t('runs.staleDays')}
          </label>
          <input id="stale-days" name="stale" type="number" inputMode="numeric" min={STALE_DAYS_MIN} max={STALE_DAYS_MAX} defaultValue={stale.days} className={`${input({ size: 'md' })} ${css({ w: '28' })}`} />
        </div>
        <Button type="submit" variant="outline">
          {t('runs.staleShow')}
        </Button>
      </form>
      {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      {stale.runs.length === 0 ? (
        <p className={muted} data-testid="stale-none">
          {t('runs.staleNone', { days: stale.days })}
        </p>
      ) : (
        <>
          <ul className={css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '2' })}>
            {stale.runs.map((run) => (
              <li key={run.id} data-testid="stale-run" className={css({ overflowWrap: 'anywhere' })}>
                <a href={runHref(run.id)} className={css({ fontWeight: '600' })}>
                  {run.name}
                </a>{' '}
                <span className={muted}>{t('runs.staleRow', { date: dateText(run.touchedAt), untested: run.untested, cases: run.cases })}</span>
              </li>
            ))}
          </ul>
          {hydrated ? (
            <div>
              <ConfirmDialog
                testId="stale-dialog"
                trigger={
                  <Button variant="outline" data-testid="stale-complete">
                    {t('runs.staleComplete', { count: stale.runs.length })}
                  </Button>
                }
                title={t('runs.staleConfirmTitle', { count: stale.runs.length })}
                description={t('runs.staleConfirmText', { untested })}
                confirmLabel={t('runs.staleConfirm')}
                onConfirm={async () => {
                  setDone(null)
                  const answer = await complete.run({ projectId: stale.projectId, days: stale.days, runIds: stale.runs.map((run) => run.id) })
                  if (!answer.ok) throw new Error(answer.failure.message)
                  setDone(t('runs.staleDone', answer.result))
                }}
              />
            </div>
          ) : null}
        </>
      )}
    </section>
  )
}
