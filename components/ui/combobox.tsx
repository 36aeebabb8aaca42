import type { ComponentProps } from 'react'
import { Combobox as ArkCombobox, type ComboboxRootComponent } from '@ark-ui/react/combobox'
import { Portal } from '@ark-ui/react/portal'
import { useModalLayer } from './modal-layer.ts'
import { combobox } from '../../styled-system/recipes'
import { cx } from '../../styled-system/css'
import { createStyleContext } from './style-context.tsx'
import { CheckIcon, ChevronDownIcon, XIcon } from './icons.tsx'

export { createListCollection, useListCollection, type ListCollection } from '@ark-ui/react/combobox'
export { useFilter } from '@ark-ui/react/locale'

const { withProvider, withContext, useClasses } = createStyleContext(combobox)

/** The popup: portalled to <body>, positioned under the control. */
function Content({ className, ...props }: ComponentProps<typeof ArkCombobox.Content>) {
  const classes = useClasses()
  return (
    <Portal container={useModalLayer()}>
      <ArkCombobox.Positioner className={classes.positioner}>
        <ArkCombobox.Content {...props} className={cx(classes.content, className)} />
      </ArkCombobox.Positioner>
    </Portal>
  )
}

type IconTriggerProps<T> = T & { 'aria-label': string }

/** The chevron that opens the list; its label is required (it shows no text). */
function Trigger(props: IconTriggerProps<ComponentProps<typeof ArkCombobox.Trigger>>) {
  const classes = useClasses()
  return (
    <ArkCombobox.Trigger {...props} className={cx(classes.trigger, props.className)}>
      {props.children ?? <ChevronDownIcon />}
    </ArkCombobox.Trigger>
  )
}

/** The × that clears the input; its label is required. */
function ClearTrigger(props: IconTriggerProps<ComponentProps<typeof ArkCombobox.ClearTrigger>>) {
  const classes = useClasses()
  return (
    <ArkCombobox.ClearTrigger {...props} className={cx(classes.clearTrigger, props.className)}>
      {props.children ?? <XIcon />}
    </ArkCombobox.ClearTrigger>
  )
}

/**
 * A combobox (Ark Combobox): type to filter, pick with the keyboard or the pointer. Filter the collection yourself
 * (`useListCollection` + `useFilter`) in `onInputValueChange`. Compose like Select, with `Combobox.Control` holding
 * `Combobox.Input`, `Combobox.ClearTrigger` and `Combobox.Trigger`, and `Combobox.Empty` inside the content.
 */
export const Combobox = {
  Root: withProvider(ArkCombobox.Root, 'root', {
    positioning: { sameWidth: true },
    lazyMount: true,
    unmountOnExit: true,
  }) as ComboboxRootComponent,
  Label: withContext(ArkCombobox.Label, 'label'),
  Control: withContext(ArkCombobox.Control, 'control'),
  Input: withContext(ArkCombobox.Input, 'input'),
  Trigger,
  ClearTrigger,
  Content,
  List: withContext(ArkCombobox.List, 'list'),
  Empty: withContext(ArkCombobox.Empty, 'empty'),
  Item: withContext(ArkCombobox.Item, 'item'),
  ItemText: withContext(ArkCombobox.ItemText, 'itemText'),
  ItemIndicator: withContext(ArkCombobox.ItemIndicator, 'itemIndicator', { children: <CheckIcon /> }),
  ItemGroup: withContext(ArkCombobox.ItemGroup, 'itemGroup'),
  ItemGroupLabel: withContext(ArkCombobox.ItemGroupLabel, 'itemGroupLabel'),
  Context: ArkCombobox.Context,
}
