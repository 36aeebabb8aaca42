import { createContext, useContext, useEffect, useRef, type ComponentProps, type ReactNode } from 'react'
import { css, cx } from '../../styled-system/css'

// What the checkbox and the switch share: a native <input type="checkbox"> inside the root <label>, so both work and
// toggle with Space before hydration and without JavaScript, and their recipes draw the box or the track from the
// input's own state (`:checked`, `:focus-visible`, `:disabled`, theme/recipes/shared.ts `ofInput`), never from React
// state that could disagree with it.

export type CheckedState = boolean | 'indeterminate'

/** The props the roots take, named as Ark UI named them (the components replaced Ark's Checkbox and Switch). */
export type ToggleProps = {
  /** Controlled when given; `'indeterminate'` draws a dash (checkbox only). */
  checked?: CheckedState | undefined
  defaultChecked?: boolean | undefined
  /** The input's new state (a click on an indeterminate box checks it). */
  onCheckedChange?: ((details: { checked: boolean }) => void) | undefined
  disabled?: boolean | undefined
  invalid?: boolean | undefined
  name?: string | undefined
  /** Sent with the form when checked ("on" when not given, as the browser does). */
  value?: string | undefined
}

type Toggle = ToggleProps & { labelId: string }

const ToggleContext = createContext<Toggle | null>(null)

export function ToggleProvider({ toggle, children }: { toggle: Toggle; children: ReactNode }) {
  return <ToggleContext.Provider value={toggle}>{children}</ToggleContext.Provider>
}

/** The id of the root's label part, which names the input. */
export function useToggleLabelId(): string | undefined {
  return useContext(ToggleContext)?.labelId
}

const visuallyHidden = css({ srOnly: true })

/** The input itself: focusable, named by the label part, visually hidden (the control part draws it). */
export function ToggleInput({ className, onChange, ...props }: Omit<ComponentProps<'input'>, 'type' | 'checked' | 'defaultChecked'>) {
  const toggle = useContext(ToggleContext)
  const ref = useRef<HTMLInputElement>(null)
  const checked = toggle?.checked
  // Indeterminate is a property, not an attribute: it is set once the page runs.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = checked === 'indeterminate'
  }, [checked])
  return (
    <input
      ref={ref}
      type="checkbox"
      name={toggle?.name}
      value={toggle?.value}
      disabled={toggle?.disabled}
      aria-invalid={toggle?.invalid || undefined}
      aria-labelledby={toggle?.labelId}
      {...(checked === undefined ? { defaultChecked: toggle?.defaultChecked } : { checked: checked === true })}
      {...props}
      className={cx(visuallyHidden, className)}
      onChange={(event) => {
        onChange?.(event)
        toggle?.onCheckedChange?.({ checked: event.currentTarget.checked })
      }}
    />
  )
}
