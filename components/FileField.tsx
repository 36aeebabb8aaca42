import { useState, type ChangeEvent, type Ref } from 'react'
import { css, cx } from '../styled-system/css'
import { button } from '../styled-system/recipes'
import { useT } from '../lib/i18n/I18nProvider.tsx'
import { useHydrated } from '../lib/use-hydrated.ts'

// A file input that speaks the page's language: the browser's own control says "Choose File" / "No file chosen" in the
// browser's language whatever the page's. Once the page runs, the input is hidden visually (it keeps the focus, the
// keyboard and the form's submission) behind a button-like label and the chosen files' names; without JavaScript the
// browser's control is shown as it is, so the form still works.

type Props = {
  id: string
  label: string
  accept?: string
  name?: string
  multiple?: boolean
  required?: boolean
  disabled?: boolean
  inputRef?: Ref<HTMLInputElement>
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void
  describedBy?: string
  testId?: string
}

const labelClass = css({ display: 'block', fontSize: 'sm', fontWeight: '500', mb: '1' })
const nativeClass = css({ minH: '10', maxW: '100%', fontSize: 'sm', _focusVisible: { outline: '2px solid', outlineColor: 'focus', outlineOffset: '2px' } })

export function FileField({ id, label, accept, name, multiple, required, disabled, inputRef, onChange, describedBy, testId }: Props) {
  const t = useT()
  const hydrated = useHydrated()
  const [chosen, setChosen] = useState<string[]>([])
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    setChosen(Array.from(event.target.files ?? [], (file) => file.name))
    onChange?.(event)
  }
  const input = (
    <input
      ref={inputRef}
      id={id}
      type="file"
      name={name}
      accept={accept}
      multiple={multiple}
      required={required}
      disabled={disabled}
      aria-labelledby={hydrated ? `${id}-label` : undefined}
      aria-describedby={hydrated ? cx(`${id}-chosen`, describedBy) : describedBy}
      onChange={change}
      data-testid={testId}
      className={hydrated ? cx('peer', css({ srOnly: true })) : nativeClass}
    />
  )
  return (
    <div className={css({ display: 'grid', gap: '1', maxW: '100%', minW: '0' })}>
      <label id={`${id}-label`} htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hydrated ? (
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', minW: '0' })}>
          {input}
          {/* A second label of the same input: pressing it opens the file chooser as the browser's button does. */}
          <label
            htmlFor={id}
            aria-hidden="true"
            className={cx(
              button({ variant: 'outline', size: 'sm' }),
              css({ cursor: 'pointer', _peerFocusVisible: { outline: '2px solid', outlineColor: 'focus', outlineOffset: '2px' }, _peerDisabled: { opacity: 0.5, cursor: 'not-allowed' } }),
            )}
          >
            {t(multiple ? 'components.chooseFiles' : 'components.chooseFile')}
          </label>
          <span id={`${id}-chosen`} className={css({ fontSize: 'sm', color: 'text.muted', overflowWrap: 'anywhere', minW: '0' })} data-testid={testId ? `${testId}-chosen` : undefined}>
            {chosen.length > 0 ? chosen.join(', ') : t('components.noFileChosen')}
          </span>
        </div>
      ) : (
        input
      )}
    </div>
  )
}

/** Empties a file field and tells it so (setting `value` alone fires no change: the chosen names would stay shown). */
export function clearFileField(input: HTMLInputElement | null): void {
  if (!input) return
  input.value = ''
  input.dispatchEvent(new Event('change', { bubbles: true }))
}
