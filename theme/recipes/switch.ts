import { defineSlotRecipe } from '@pandacss/dev'
import { switchAnatomy } from '@ark-ui/react/anatomy'
import { focusRing } from './shared.ts'

export const switchRecipe = defineSlotRecipe({
  className: 'switch',
  description: 'An on/off toggle with its label.',
  slots: switchAnatomy.keys(),
  base: {
    root: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '3',
      minH: '10',
      cursor: 'pointer',
      _disabled: { cursor: 'not-allowed' },
    },
    control: {
      display: 'inline-flex',
      alignItems: 'center',
      flexShrink: 0,
      w: '10',
      h: '6',
      p: '0.5',
      borderRadius: 'full',
      bg: 'border.strong',
      transitionProperty: 'background-color',
      transitionDuration: 'fast',
      _checked: { bg: 'primary' },
      _focusVisible: focusRing,
      _disabled: { opacity: 0.5 },
    },
    thumb: {
      w: '5',
      h: '5',
      borderRadius: 'full',
      bg: 'surface',
      transition: 'translate token(durations.fast)',
      _checked: { translate: '1rem 0' },
      _rtl: { _checked: { translate: '-1rem 0' } },
    },
    label: { color: 'text', fontSize: 'md', _disabled: { color: 'text.disabled' } },
  },
  staticCss: ['*'],
})
