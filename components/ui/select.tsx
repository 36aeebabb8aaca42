import type { ComponentProps } from 'react'
import { Portal } from '@ark-ui/react/portal'
import { useModalLayer } from './modal-layer.ts'
import { Select as ArkSelect, type SelectRootComponent } from '@ark-ui/react/select'
import { select } from '../../styled-system/recipes'
import { cx } from '../../styled-system/css'
import { createStyleContext } from './style-context.tsx'
import { CheckIcon, ChevronDownIcon, XIcon } from './icons.tsx'

export { createListCollection, type ListCollection } from '@ark-ui/react/select'

const { withProvider, withContext, useClasses } = createStyleContext(select)

const Indicator = withContext(ArkSelect.Indicator, 'indicator', { children: <ChevronDownIcon /> })
const ItemIndicator = withContext(ArkSelect.ItemIndicator, 'itemIndicator', { children: <CheckIcon /> })

/** The popup: portalled to <body>, positioned under the trigger. */
function Content({ className, ...props }: ComponentProps<typeof ArkSelect.Content>) {
  const classes = useClasses()
  return (
    <Portal container={useModalLayer()}>
      <ArkSelect.Positioner className={classes.positioner}>
        <ArkSelect.Content {...props} className={cx(classes.content, className)} />
      </ArkSelect.Positioner>
    </Portal>
  )
}

/** The × that empties the selection; its label is required (it shows no text). */
function ClearTrigger(props: ComponentProps<typeof ArkSelect.ClearTrigger> & { 'aria-label': string }) {
  const classes = useClasses()
  return (
    <ArkSelect.ClearTrigger {...props} className={cx(classes.clearTrigger, props.className)}>
      {props.children ?? <XIcon />}
    </ArkSelect.ClearTrigger>
  )
}

/**
 * A select (Ark Select). Compose:
 * `<Select.Root collection={createListCollection({ items })}> <Select.Label/> <Select.Control> <Select.Trigger>
 * <Select.ValueText placeholder/> <Select.Indicator/> </Select.Trigger> </Select.Control> <Select.Content>
 * <Select.Item item> <Select.ItemText/> <Select.ItemIndicator/> </Select.Item> </Select.Content>
 * <Select.HiddenSelect/> </Select.Root>`.
 */
export const Select = {
  Root: withProvider(ArkSelect.Root, 'root', {
    positioning: { sameWidth: true },
    lazyMount: true,
    unmountOnExit: true,
  }) as SelectRootComponent,
  Label: withContext(ArkSelect.Label, 'label'),
  Control: withContext(ArkSelect.Control, 'control'),
  Trigger: withContext(ArkSelect.Trigger, 'trigger'),
  ValueText: withContext(ArkSelect.ValueText, 'valueText'),
  Indicator,
  ClearTrigger,
  Content,
  List: withContext(ArkSelect.List, 'list'),
  Item: withContext(ArkSelect.Item, 'item'),
  ItemText: withContext(ArkSelect.ItemText, 'itemText'),
  ItemIndicator,
  ItemGroup: withContext(ArkSelect.ItemGroup, 'itemGroup'),
  ItemGroupLabel: withContext(ArkSelect.ItemGroupLabel, 'itemGroupLabel'),
  HiddenSelect: ArkSelect.HiddenSelect,
  Context: ArkSelect.Context,
}
