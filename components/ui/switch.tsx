import { useId, type ComponentProps } from 'react'
import { switchRecipe } from '../../styled-system/recipes'
import { cx } from '../../styled-system/css'
import { createStyleContext } from './style-context.tsx'
import { ToggleInput, ToggleProvider, useToggleLabelId, type ToggleProps } from './toggle-input.tsx'

const { withProvider, withContext, useClasses } = createStyleContext(switchRecipe)

const StyledRoot = withProvider('label', 'root', { 'data-scope': 'switch', 'data-part': 'root' } as ComponentProps<'label'>)

/** The label around the track, its text and the input. */
function Root({ checked, defaultChecked, onCheckedChange, disabled, invalid, name, value, ...props }: Omit<ComponentProps<'label'>, 'defaultChecked'> & ToggleProps) {
  const labelId = useId()
  return (
    <ToggleProvider toggle={{ labelId, checked, defaultChecked, onCheckedChange, disabled, invalid, name, value }}>
      <StyledRoot {...props} />
    </ToggleProvider>
  )
}

const Thumb = withContext('span', 'thumb', { 'data-part': 'thumb' } as ComponentProps<'span'>)

/** The track; draws the thumb unless given children. */
function Control({ children, className, ...props }: ComponentProps<'span'>) {
  const classes = useClasses()
  return (
    <span aria-hidden="true" data-part="control" {...props} className={cx(classes.control, className)}>
      {children ?? <Thumb />}
    </span>
  )
}

const StyledLabel = withContext('span', 'label', { 'data-part': 'label' } as ComponentProps<'span'>)

function Label(props: ComponentProps<'span'>) {
  return <StyledLabel id={useToggleLabelId()} {...props} />
}

/**
 * A switch over a native checkbox input (announced as a checkbox, as Ark's switch was):
 * `<Switch.Root> <Switch.Control/> <Switch.Label>…</Switch.Label> <Switch.HiddenInput/> </Switch.Root>`.
 */
export const Switch = {
  Root,
  Control,
  Thumb,
  Label,
  HiddenInput: ToggleInput,
}
