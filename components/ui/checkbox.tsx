import type { ComponentProps } from 'react'
import { Checkbox as ArkCheckbox } from '@ark-ui/react/checkbox'
import { checkbox } from '../../styled-system/recipes'
import { cx } from '../../styled-system/css'
import { createStyleContext } from './style-context.tsx'
import { CheckIcon, MinusIcon } from './icons.tsx'

const { withProvider, withContext, useClasses } = createStyleContext(checkbox)

/** The box; draws the check (or the dash when indeterminate) unless given children. */
function Control({ children, className, ...props }: ComponentProps<typeof ArkCheckbox.Control>) {
  const classes = useClasses()
  return (
    <ArkCheckbox.Control {...props} className={cx(classes.control, className)}>
      {children ?? (
        <>
          <ArkCheckbox.Indicator className={classes.indicator}>
            <CheckIcon strokeWidth={3} />
          </ArkCheckbox.Indicator>
          <ArkCheckbox.Indicator indeterminate className={classes.indicator}>
            <MinusIcon strokeWidth={3} />
          </ArkCheckbox.Indicator>
        </>
      )}
    </ArkCheckbox.Control>
  )
}

/**
 * A checkbox (Ark Checkbox): `<Checkbox.Root> <Checkbox.Control/> <Checkbox.Label>…</Checkbox.Label>
 * <Checkbox.HiddenInput/> </Checkbox.Root>`; `Checkbox.Group` groups several.
 */
export const Checkbox = {
  Root: withProvider(ArkCheckbox.Root, 'root'),
  Control,
  Indicator: withContext(ArkCheckbox.Indicator, 'indicator'),
  Label: withContext(ArkCheckbox.Label, 'label'),
  HiddenInput: ArkCheckbox.HiddenInput,
  Group: withProvider(ArkCheckbox.Group, 'group'),
}
