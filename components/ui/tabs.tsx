import { Tabs as ArkTabs } from '@ark-ui/react/tabs'
import { tabs } from '../../styled-system/recipes'
import { createStyleContext } from './style-context.tsx'

const { withProvider, withContext } = createStyleContext(tabs)

/**
 * Tabs (Ark Tabs; arrow keys move between tabs). `<Tabs.Root defaultValue> <Tabs.List aria-label?>
 * <Tabs.Trigger value/> </Tabs.List> <Tabs.Content value/> </Tabs.Root>`.
 */
export const Tabs = {
  Root: withProvider(ArkTabs.Root, 'root'),
  List: withContext(ArkTabs.List, 'list'),
  Trigger: withContext(ArkTabs.Trigger, 'trigger'),
  Content: withContext(ArkTabs.Content, 'content'),
}
