import { defineSlotRecipe } from '@pandacss/dev'
import { switchAnatomy } from '@ark-ui/react/anatomy'
import { focusRing } from './shared.ts'

// The parts are drawn from the state of the native input in the root label (components/ui/toggle-input.tsx), so they
// are right from the first paint and without JavaScript.

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
      '&:has(> input:disabled)': { cursor: 'not-allowed' },
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
      '[data-scope=switch][data-part=root]:has(> input:checked) &': { bg: 'primary' },
      '[data-scope=switch][data-part=root]:has(> input:focus-visible) &': focusRing,
      '[data-scope=switch][data-part=root]:has(> input:disabled) &': { opacity: 0.5 },
    },
    thumb: {
      w: '5',
      h: '5',
      borderRadius: 'full',
      bg: 'surface',
      transition: 'translate token(durations.fast)',
      '[data-scope=switch][data-part=root]:has(> input:checked) &': { translate: '1rem 0' },
      '[dir=rtl] [data-scope=switch][data-part=root]:has(> input:checked) &': { translate: '-1rem 0' },
    },
    label: { color: 'text', fontSize: 'md', '[data-scope=switch][data-part=root]:has(> input:disabled) &': { color: 'text.disabled' } },
  },
  staticCss: ['*'],
})
