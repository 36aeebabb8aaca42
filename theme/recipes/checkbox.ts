import { defineSlotRecipe } from '@pandacss/dev'
import { checkboxAnatomy } from '@ark-ui/react/anatomy'
import { focusRing } from './shared.ts'

// The parts are drawn from the state of the native input in the root label (components/ui/toggle-input.tsx), so they
// are right from the first paint and without JavaScript. `:has()` also makes these outrank the hover rule.
const checked = { bg: 'primary', borderColor: 'primary' }

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
      '&:has(> input:disabled)': { cursor: 'not-allowed' },
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
      // Hovering anywhere on the label, as over the box itself.
      '[data-scope=checkbox][data-part=root]:hover &': { borderColor: 'text' },
      '[data-scope=checkbox][data-part=root]:has(> input:checked) &': checked,
      '[data-scope=checkbox][data-part=root]:has(> input:indeterminate) &': checked,
      '[data-scope=checkbox][data-part=root]:has(> input:focus-visible) &': focusRing,
      '[data-scope=checkbox][data-part=root]:has(> input[aria-invalid=true]) &': { borderColor: 'error' },
      '[data-scope=checkbox][data-part=root]:has(> input:disabled) &': { borderColor: 'text.disabled' },
      '[data-scope=checkbox][data-part=root]:has(> input:disabled:checked) &': { bg: 'text.disabled', borderColor: 'transparent' },
    },
    indicator: {
      display: 'none',
      _icon: { w: '3.5', h: '3.5' },
      '[data-scope=checkbox][data-part=root]:has(> input:checked:not(:indeterminate)) &:not([data-indeterminate])': { display: 'inline-flex' },
      '[data-scope=checkbox][data-part=root]:has(> input:indeterminate) &[data-indeterminate]': { display: 'inline-flex' },
    },
    label: { color: 'text', fontSize: 'md', '[data-scope=checkbox][data-part=root]:has(> input:disabled) &': { color: 'text.disabled' } },
    group: { display: 'flex', flexDirection: 'column', gap: '1' },
  },
  staticCss: ['*'],
})
