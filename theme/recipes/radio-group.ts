import { defineSlotRecipe } from '@pandacss/dev'
import { radioGroupAnatomy } from '@ark-ui/react/anatomy'
import { fieldLabel, focusRing, invalid } from './shared.ts'

export const radioGroup = defineSlotRecipe({
  className: 'radio-group',
  description: 'A set of mutually exclusive options.',
  slots: radioGroupAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1' },
    label: { ...fieldLabel, mb: '1' },
    item: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '3',
      minH: '10',
      cursor: 'pointer',
      _disabled: { cursor: 'not-allowed' },
    },
    itemControl: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      w: '5',
      h: '5',
      borderRadius: 'full',
      borderWidth: '2px',
      borderStyle: 'solid',
      borderColor: 'text.muted',
      transitionProperty: 'border-color',
      transitionDuration: 'fast',
      _after: {
        content: '""',
        w: '2.5',
        h: '2.5',
        borderRadius: 'full',
        bg: 'primary',
        scale: '0',
        transition: 'scale token(durations.fast)',
      },
      _hover: { borderColor: 'text' },
      _checked: { borderColor: 'primary', _hover: { borderColor: 'primary' }, _after: { scale: '1' } },
      _focusVisible: focusRing,
      [invalid]: { borderColor: 'error' },
      _disabled: { borderColor: 'text.disabled', _after: { bg: 'text.disabled' } },
    },
    itemText: { color: 'text', fontSize: 'md', _disabled: { color: 'text.disabled' } },
    indicator: { display: 'none' },
  },
  variants: {
    orientation: {
      vertical: { root: { flexDirection: 'column' } },
      horizontal: { root: { flexDirection: 'row', flexWrap: 'wrap', alignContent: 'flex-start', columnGap: '6' }, label: { width: '100%' } },
    },
  },
  defaultVariants: { orientation: 'vertical' },
  staticCss: ['*'],
})
