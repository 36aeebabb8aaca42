import { css } from '../../styled-system/css'
import { SUITE_KINDS, type SuiteKind } from '../../lib/domain/test-management.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'

import { KIND_KEYS } from './labels.ts'

const HINTS = { static: 'suites.kind_staticHint', dynamic: 'suites.kind_dynamicHint' } as const

const optionClass = css({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: '1 3',
  alignItems: 'start',
  p: '3',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.strong',
  borderRadius: 'l2',
  cursor: 'pointer',
  _hover: { bg: 'surface.hover' },
  '&:has(input:checked)': { borderColor: 'primary', bg: 'primary.subtle' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'focus', outlineOffset: '2px' },
})

/** Static (a list someone arranges) or dynamic (a rule resolved when a run starts), as two radio buttons. */
export function KindChoice({ value, onChange }: { value: SuiteKind; onChange: (kind: SuiteKind) => void }) {
  const t = useT()
  return (
    <fieldset className={css({ border: 'none', p: '0', m: '0', minW: '0' })}>
      <legend className={css({ fontSize: 'sm', fontWeight: '500', mb: '2' })}>{t('suites.kind')}</legend>
      <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } })}>
        {SUITE_KINDS.map((kind) => (
          <label key={kind} className={optionClass}>
            <input
              type="radio"
              name="kind"
              value={kind}
              checked={value === kind}
              onChange={() => onChange(kind)}
              aria-describedby={`kind-${kind}-hint`}
              className={css({ w: '5', h: '5', mt: '0.5', accentColor: 'primary' })}
            />
            <span className={css({ fontWeight: '600' })}>{t(KIND_KEYS[kind])}</span>
            <span id={`kind-${kind}-hint`} className={css({ gridColumn: '2', fontSize: 'sm', color: 'text.muted' })}>
              {t(HINTS[kind])}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
