import { createContext, useContext, useId, useState, type ComponentProps } from 'react'
import { checkbox } from '../../styled-system/recipes'
import { cx } from '../../styled-system/css'
import { createStyleContext } from './style-context.tsx'
import { CheckIcon, MinusIcon } from './icons.tsx'
import { ToggleInput, ToggleProvider, useToggleLabelId, type ToggleProps } from './toggle-input.tsx'

const { withProvider, withContext, useClasses } = createStyleContext(checkbox)

type GroupValue = { value: string[]; name: string | undefined; disabled: boolean | undefined; toggle: (value: string) => void }

const GroupContext = createContext<GroupValue | null>(null)

const StyledGroup = withProvider('div', 'group', { role: 'group', 'data-scope': 'checkbox', 'data-part': 'group' } as ComponentProps<'div'>)

/** Checkboxes that share a name and one list of values: `value` (controlled) or `defaultValue`, `onValueChange`. */
function Group({
  value,
  defaultValue,
  onValueChange,
  name,
  disabled,
  ...props
}: Omit<ComponentProps<'div'>, 'defaultValue'> & { value?: string[]; defaultValue?: string[]; onValueChange?: (value: string[]) => void; name?: string; disabled?: boolean }) {
  const [own, setOwn] = useState(defaultValue ?? [])
  const current = value ?? own
  const toggle = (one: string) => {
    const next = current.includes(one) ? current.filter((chosen) => chosen !== one) : [...current, one]
    if (value === undefined) setOwn(next)
    onValueChange?.(next)
  }
  return (
    <GroupContext.Provider value={{ value: current, name, disabled, toggle }}>
      <StyledGroup {...props} />
    </GroupContext.Provider>
  )
}

const StyledRoot = withProvider('label', 'root', { 'data-scope': 'checkbox', 'data-part': 'root' } as ComponentProps<'label'>)

/** The label around the box, its text and the input; in a Group, `value` says which of the group's values it is. */
function Root({ checked, defaultChecked, onCheckedChange, disabled, invalid, name, value, ...props }: Omit<ComponentProps<'label'>, 'defaultChecked'> & ToggleProps) {
  const group = useContext(GroupContext)
  const labelId = useId()
  const toggle =
    group && value !== undefined
      ? { labelId, value, name: group.name, disabled: group.disabled || disabled, invalid, checked: group.value.includes(value), onCheckedChange: () => group.toggle(value) }
      : { labelId, checked, defaultChecked, onCheckedChange, disabled, invalid, name, value }
  return (
    <ToggleProvider toggle={toggle}>
      <StyledRoot {...props} />
    </ToggleProvider>
  )
}

const StyledIndicator = withContext('span', 'indicator', { 'data-part': 'indicator' } as ComponentProps<'span'>)

/** The check, shown while checked; with `indeterminate`, the dash, shown while indeterminate. */
function Indicator({ indeterminate, ...props }: ComponentProps<'span'> & { indeterminate?: boolean }) {
  return <StyledIndicator {...props} data-indeterminate={indeterminate ? '' : undefined} />
}

/** The box; draws the check (or the dash when indeterminate) unless given children. */
function Control({ children, className, ...props }: ComponentProps<'span'>) {
  const classes = useClasses()
  return (
    <span aria-hidden="true" data-part="control" {...props} className={cx(classes.control, className)}>
      {children ?? (
        <>
          <Indicator>
            <CheckIcon strokeWidth={3} />
          </Indicator>
          <Indicator indeterminate>
            <MinusIcon strokeWidth={3} />
          </Indicator>
        </>
      )}
    </span>
  )
}

const StyledLabel = withContext('span', 'label', { 'data-part': 'label' } as ComponentProps<'span'>)

/** The text that names the checkbox (and only it: other content of the root is not part of the name). */
function Label(props: ComponentProps<'span'>) {
  return <StyledLabel id={useToggleLabelId()} {...props} />
}

/**
 * A checkbox over a native input: `<Checkbox.Root> <Checkbox.Control/> <Checkbox.Label>…</Checkbox.Label>
 * <Checkbox.HiddenInput/> </Checkbox.Root>`; `Checkbox.Group` groups several.
 */
export const Checkbox = {
  Root,
  Control,
  Indicator,
  Label,
  HiddenInput: ToggleInput,
  Group,
}
