import { defineRecipe } from '@pandacss/dev'
import { outlinedControl, outlinedFocus } from './shared.ts'

export const input = defineRecipe({
  className: 'input',
  description: 'Outlined text inputs and text areas.',
  base: {
    ...outlinedControl,
    appearance: 'none',
    display: 'block',
    width: '100%',
    minW: '0',
    px: '3',
    fontFamily: 'inherit',
    lineHeight: '1.5',
    _placeholder: { color: 'text.muted', opacity: 1 },
    _focusVisible: outlinedFocus,
    _focus: outlinedFocus,
  },
  variants: {
    size: {
      sm: { h: '8', fontSize: 'sm' },
      md: { h: '10', fontSize: 'md' },
      lg: { h: '12', fontSize: 'md', px: '4' },
    },
    multiline: {
      true: { h: 'auto', minH: '24', py: '2', resize: 'vertical' },
    },
  },
  defaultVariants: { size: 'md' },
  staticCss: ['*'],
})
