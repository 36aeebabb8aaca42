import { RadioGroup as ArkRadioGroup } from '@ark-ui/react/radio-group'
import { radioGroup } from '../../styled-system/recipes'
import { createStyleContext } from './style-context.tsx'

const { withProvider, withContext } = createStyleContext(radioGroup)

/**
 * A radio group (Ark RadioGroup): `<RadioGroup.Root defaultValue orientation?> <RadioGroup.Label/>
 * <RadioGroup.Item value> <RadioGroup.ItemControl/> <RadioGroup.ItemText/> <RadioGroup.ItemHiddenInput/>
 * </RadioGroup.Item> </RadioGroup.Root>`. `orientation`: vertical (default) or horizontal.
 */
export const RadioGroup = {
  Root: withProvider(ArkRadioGroup.Root, 'root'),
  Label: withContext(ArkRadioGroup.Label, 'label'),
  Item: withContext(ArkRadioGroup.Item, 'item'),
  ItemControl: withContext(ArkRadioGroup.ItemControl, 'itemControl'),
  ItemText: withContext(ArkRadioGroup.ItemText, 'itemText'),
  ItemHiddenInput: ArkRadioGroup.ItemHiddenInput,
}
