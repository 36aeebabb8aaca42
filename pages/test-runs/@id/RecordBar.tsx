import { Button } from '../../../components/ui/button.tsx'
import { RESULT_STATUSES, type ResultStatus } from '../../../lib/domain/test-runs.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { css } from '../../../styled-system/css'
import { buttonKbd } from './bits.tsx'

const SHORTCUT_KEYS: Record<ResultStatus, string> = { passed: 'P', failed: 'F', blocked: 'B', skipped: 'S' }
const STATUS_BUTTON_TONES = { passed: 'primary', failed: 'error', blocked: 'secondary', skipped: 'secondary' } as const

/**
 * The four status buttons, each records (and opens the next case). Sticky at the bottom of the screen while the case
 * is in view, so a tester on a phone records without scrolling past the steps; in its place below the form on a desktop.
 */
export function RecordBar({ controls }: { controls: { canRecord: boolean; recording: boolean; record: (status: ResultStatus, options?: { thenNext?: boolean }) => void } }) {
  const t = useT()
  const hydrated = useHydrated()
  if (!controls.canRecord || !hydrated) return null
  return (
    <fieldset
      className={css({
        position: 'sticky',
        bottom: '0',
        zIndex: 'docked',
        m: '0',
        minW: '0',
        px: { base: '2', md: '3' },
        py: '2',
        bg: 'surface',
        borderWidth: '1px',
        borderStyle: 'solid',
        borderColor: 'border',
        borderRadius: 'l2',
        boxShadow: { base: 'lg', lg: 'none' },
      })}
      data-testid="record-bar"
    >
      <legend className={css({ srOnly: true })}>{t('execution.recordAs')}</legend>
      <div className={css({ display: 'grid', gap: '2', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))', lg: 'repeat(4, max-content)' } })}>
        {RESULT_STATUSES.map((status) => (
          <Button key={status} tone={STATUS_BUTTON_TONES[status]} variant={status === 'passed' || status === 'failed' ? 'solid' : 'subtle'} disabled={controls.recording} onClick={() => controls.record(status, { thenNext: true })} aria-keyshortcuts={SHORTCUT_KEYS[status]}>
            {t(`labels.status_${status}`)}
            <kbd className={buttonKbd} aria-hidden="true">
              {SHORTCUT_KEYS[status]}
            </kbd>
          </Button>
        ))}
      </div>
    </fieldset>
  )
}
