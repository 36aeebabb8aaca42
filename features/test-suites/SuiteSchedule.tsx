import { useId, useState } from 'react'
import { css } from '../../styled-system/css'
import { Button } from '../../components/ui/button.tsx'
import { SelectField, TextField } from '../../components/ui/input.tsx'
import { SUITE_SCHEDULES, type SuiteSchedule as Every } from '../../lib/domain/checks.ts'
import type { ApiInputs } from '../../lib/api/browser-client.ts'
import { useApiAction } from '../../lib/api/use-api-action.ts'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { defaultFirstRun, fromLocalInput, toLocalInput } from './schedule-time.ts'

// A suite's schedule: its automated cases run by themselves daily or weekly against a portal, starting at a time
// the editor picks. Editors change it here (testSuites.setSchedule); everyone else reads it. What it says comes from
// the page's data, read again after a save (it names the next run); the API client loads with the first save.

export type Schedule = { every: Every; portalId: string | null; nextAt: Date | null }
type Portal = { id: string; name: string }

const EVERY_KEYS: Record<Every, MessageKey> = { daily: 'suites.scheduleDaily', weekly: 'suites.scheduleWeekly' }

type Props = { suiteId: string; schedule: Schedule | null; portals: readonly Portal[]; canEdit: boolean }

export function SuiteSchedule({ suiteId, schedule, portals, canEdit }: Props) {
  const t = useT()
  const intl = useIntl()
  const id = useId()
  // The form starts from the schedule of the first paint and keeps what the editor chose through a save.
  const [initial] = useState(schedule)
  const [every, setEvery] = useState<Every | 'none'>(initial?.every ?? 'none')
  const [portalId, setPortalId] = useState<string>(initial ? (initial.portalId ?? '') : (portals[0]?.id ?? ''))
  // Local time is the browser's: the default is filled in once the page runs there, so the server's zone never shows.
  const hydrated = useHydrated()
  const [typed, setFirstAt] = useState<string | null>(null)
  const firstAt = typed ?? (hydrated ? toLocalInput(initial?.nextAt ?? defaultFirstRun(new Date())) : '')
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const save = useApiAction((client, input: ApiInputs['testSuites']['setSchedule']) => client.testSuites.setSchedule.mutate(input), {
    failureTexts: { network: t('suites.scheduleNetworkError'), unexpected: t('suites.scheduleUnexpected') },
  })
  const saving = save.pending
  const portalName = (value: string | null) => (value ? (portals.find((portal) => portal.id === value)?.name ?? value) : t('suites.schedulePortalOwn'))

  const summary = schedule ? (
    <p data-testid="schedule-summary">
      {t('suites.scheduleSummary', { every: t(EVERY_KEYS[schedule.every]), portal: portalName(schedule.portalId) })}{' '}
      {schedule.nextAt ? <span data-testid="schedule-next">{t('suites.scheduleNext', { date: intl.formatDate(schedule.nextAt, { dateStyle: 'medium', timeStyle: 'short' }) })}</span> : null}
    </p>
  ) : (
    <p className={css({ color: 'text.muted' })} data-testid="schedule-summary">
      {t('suites.scheduleNone')}
    </p>
  )

  async function submit() {
    if (saving) return
    setError(null)
    setNotice(null)
    const when = fromLocalInput(firstAt)
    if (every !== 'none' && !when) {
      setError(t('suites.scheduleTimeInvalid'))
      return
    }
    // Saved: the summary comes with the page's data, read again (a refresh that fails leaves the old one).
    const outcome = await save.run({ id: suiteId, schedule: every === 'none' ? null : { every, portalId: portalId || null, firstAt: when! } })
    if (outcome.ok) setNotice(t('suites.scheduleSaved'))
    else setError(outcome.failure.message)
  }

  return (
    <div className={css({ display: 'grid', gap: '3', minW: '0' })} data-testid="suite-schedule">
      <p className={css({ fontSize: 'sm', color: 'text.muted' })}>{t('suites.scheduleHint')}</p>
      {summary}
      {canEdit ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void submit()
          }}
          className={css({ display: 'grid', gap: '4', p: '4', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l2', bg: 'surface', minW: '0' })}
          aria-labelledby={`${id}-legend`}
        >
          <p id={`${id}-legend`} className={css({ fontWeight: '600' })}>
            {t('suites.scheduleChange')}
          </p>
          <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } })}>
            <SelectField label={t('suites.scheduleEvery')} value={every} onChange={(event) => setEvery(event.currentTarget.value as Every | 'none')} data-testid="schedule-every">
              <option value="none">{t('suites.scheduleOff')}</option>
              {SUITE_SCHEDULES.map((value) => (
                <option key={value} value={value}>
                  {t(EVERY_KEYS[value])}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('suites.schedulePortal')} disabled={every === 'none'} value={portalId} onChange={(event) => setPortalId(event.currentTarget.value)} data-testid="schedule-portal">
              {portals.map((portal) => (
                <option key={portal.id} value={portal.id}>
                  {portal.name}
                </option>
              ))}
              <option value="">{t('suites.schedulePortalOwn')}</option>
            </SelectField>
            <TextField
              type="datetime-local"
              label={t('suites.scheduleFirst')}
              disabled={every === 'none'}
              invalid={Boolean(error && every !== 'none' && !fromLocalInput(firstAt))}
              value={firstAt}
              onChange={(event) => setFirstAt(event.currentTarget.value)}
              helperText={t('suites.scheduleFirstHelp')}
              data-testid="schedule-first"
            />
          </div>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
            <Button type="submit" loading={saving} data-testid="schedule-save">
              {t('suites.scheduleSave')}
            </Button>
            <p role="status" aria-live="polite" className={css({ fontSize: 'sm', color: 'text.muted' })}>
              {saving ? t('suites.scheduleSaving') : (notice ?? '')}
            </p>
          </div>
          {error ? (
            <p role="alert" className={css({ color: 'error.text', fontSize: 'sm' })} data-testid="schedule-error">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  )
}
