import { defineSlotRecipe } from '@pandacss/dev'
import { checkboxAnatomy } from '@ark-ui/react/anatomy'
import { focusRing, invalid } from './shared.ts'

export const checkbox = defineSlotRecipe({
  className: 'checkbox',
  description: 'A checkbox with its label; checked and indeterminate states in the primary colour.',
  slots: checkboxAnatomy.keys(),
  base: {
    root: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '3',
      minH: '10',
      cursor: 'pointer',
      verticalAlign: 'top',
      _disabled: { cursor: 'not-allowed' },
    },
    control: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      w: '5',
      h: '5',
      borderRadius: 'l1',
      borderWidth: '2px',
      borderStyle: 'solid',
      borderColor: 'text.muted',
      bg: 'transparent',
      color: 'primary.fg',
      transitionProperty: 'background-color, border-color',
      transitionDuration: 'fast',
      _hover: { borderColor: 'text' },
      _checked: { bg: 'primary', borderColor: 'primary', _hover: { borderColor: 'primary' } },
      _indeterminate: { bg: 'primary', borderColor: 'primary', _hover: { borderColor: 'primary' } },
      _focusVisible: focusRing,
      [invalid]: { borderColor: 'error' },
      _disabled: { borderColor: 'text.disabled', _checked: { bg: 'text.disabled', borderColor: 'transparent' } },
    },
    indicator: { display: 'inline-flex', _icon: { w: '3.5', h: '3.5' } },
    label: { color: 'text', fontSize: 'md', _disabled: { color: 'text.disabled' } },
    group: { display: 'flex', flexDirection: 'column', gap: '1' },
  },
  staticCss: ['*'],
})
