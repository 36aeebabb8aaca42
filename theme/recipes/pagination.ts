import { defineSlotRecipe } from '@pandacss/dev'
import { paginationAnatomy } from '@ark-ui/react/anatomy'
import { focusRing } from './shared.ts'

const pageButton = {
  appearance: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  h: '10',
  minW: '10',
  px: '2',
  borderRadius: 'l2',
  bg: 'transparent',
  color: 'text',
  fontFamily: 'inherit',
  fontSize: 'sm',
  fontWeight: '500',
  fontVariantNumeric: 'tabular-nums',
  textDecoration: 'none',
  cursor: 'pointer',
  _hover: { bg: 'surface.hover' },
  _focusVisible: focusRing,
  _disabled: { color: 'text.disabled', cursor: 'not-allowed', _hover: { bg: 'transparent' } },
  _icon: { w: '5', h: '5' },
} as const

export const pagination = defineSlotRecipe({
  className: 'pagination',
  description: 'Page navigation: previous, numbered pages with ellipses, next.',
  slots: paginationAnatomy.keys(),
  base: {
    root: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '1' },
    item: {
      ...pageButton,
      _selected: { bg: 'primary', color: 'primary.fg', _hover: { bg: 'primary' } },
      '&[aria-current=page]': { bg: 'primary', color: 'primary.fg' },
    },
    ellipsis: { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', h: '10', minW: '6', color: 'text.muted' },
    prevTrigger: pageButton,
    nextTrigger: pageButton,
    firstTrigger: pageButton,
    lastTrigger: pageButton,
  },
  staticCss: ['*'],
})
