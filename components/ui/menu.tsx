import type { ComponentProps } from 'react'
import { Menu as ArkMenu } from '@ark-ui/react/menu'
import { Portal } from '@ark-ui/react/portal'
import { useModalLayer } from './modal-layer.ts'
import { menu } from '../../styled-system/recipes'
import { cx } from '../../styled-system/css'
import { createStyleContext } from './style-context.tsx'
import { CheckIcon, ChevronDownIcon, ChevronRightIcon } from './icons.tsx'

const { withRootProvider, withContext, useClasses } = createStyleContext(menu)

/** The popup: portalled to <body>, positioned at the trigger. Works for submenus too (inside a nested Root). */
function Content({ className, ...props }: ComponentProps<typeof ArkMenu.Content>) {
  const classes = useClasses()
  return (
    <Portal container={useModalLayer()}>
      <ArkMenu.Positioner className={classes.positioner}>
        <ArkMenu.Content {...props} className={cx(classes.content, className)} />
      </ArkMenu.Positioner>
    </Portal>
  )
}

/** An item that opens a submenu; draws a chevron after its text. */
function TriggerItem({ children, className, ...props }: ComponentProps<typeof ArkMenu.TriggerItem>) {
  const classes = useClasses()
  return (
    <ArkMenu.TriggerItem {...props} className={cx(classes.triggerItem, className)}>
      {children}
      <ChevronRightIcon />
    </ArkMenu.TriggerItem>
  )
}

/**
 * A menu of actions (Ark Menu; arrow keys, typeahead, Escape). `<Menu.Root> <Menu.Trigger asChild><Button/>
 * </Menu.Trigger> <Menu.Content> <Menu.ItemGroup> <Menu.ItemGroupLabel/> <Menu.Item value/> </Menu.ItemGroup>
 * <Menu.Separator/> </Menu.Content> </Menu.Root>`. `Menu.CheckboxItem` / `Menu.RadioItemGroup` + `Menu.RadioItem`
 * take a `Menu.ItemIndicator` and a `Menu.ItemText`.
 */
export const Menu = {
  Root: withRootProvider(ArkMenu.Root, { lazyMount: true, unmountOnExit: true }),
  Trigger: ArkMenu.Trigger,
  Indicator: withContext(ArkMenu.Indicator, 'indicator', { children: <ChevronDownIcon /> }),
  Content,
  Item: withContext(ArkMenu.Item, 'item'),
  ItemText: withContext(ArkMenu.ItemText, 'itemText'),
  ItemIndicator: withContext(ArkMenu.ItemIndicator, 'itemIndicator', { children: <CheckIcon /> }),
  ItemGroup: withContext(ArkMenu.ItemGroup, 'itemGroup'),
  ItemGroupLabel: withContext(ArkMenu.ItemGroupLabel, 'itemGroupLabel'),
  Separator: withContext(ArkMenu.Separator, 'separator'),
  TriggerItem,
  CheckboxItem: withContext(ArkMenu.CheckboxItem, 'item'),
  RadioItemGroup: withContext(ArkMenu.RadioItemGroup, 'itemGroup'),
  RadioItem: withContext(ArkMenu.RadioItem, 'item'),
  Context: ArkMenu.Context,
}
