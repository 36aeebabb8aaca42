import type { ComponentProps } from 'react'
import { Switch as ArkSwitch } from '@ark-ui/react/switch'
import { switchRecipe } from '../../styled-system/recipes'
import { cx } from '../../styled-system/css'
import { createStyleContext } from './style-context.tsx'

const { withProvider, withContext, useClasses } = createStyleContext(switchRecipe)

/** The track; draws the thumb unless given children. */
function Control({ children, className, ...props }: ComponentProps<typeof ArkSwitch.Control>) {
  const classes = useClasses()
  return (
    <ArkSwitch.Control {...props} className={cx(classes.control, className)}>
      {children ?? <ArkSwitch.Thumb className={classes.thumb} />}
    </ArkSwitch.Control>
  )
}

/** A switch (Ark Switch): `<Switch.Root> <Switch.Control/> <Switch.Label>…</Switch.Label> <Switch.HiddenInput/> </Switch.Root>`. */
export const Switch = {
  Root: withProvider(ArkSwitch.Root, 'root'),
  Control,
  Thumb: withContext(ArkSwitch.Thumb, 'thumb'),
  Label: withContext(ArkSwitch.Label, 'label'),
  HiddenInput: ArkSwitch.HiddenInput,
}
