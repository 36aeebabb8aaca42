import { defineSlotRecipe } from '@pandacss/dev'
import { tooltipAnatomy } from '@ark-ui/react/anatomy'
import { layers, popup } from './shared.ts'

export const tooltip = defineSlotRecipe({
  className: 'tooltip',
  description: 'A short label shown on hover and keyboard focus.',
  slots: tooltipAnatomy.keys(),
  base: {
    positioner: { zIndex: 'var(--z-index)' },
    content: {
      ...popup,
      zIndex: layers.tooltip,
      px: '3',
      py: '1.5',
      maxW: '20rem',
      fontSize: 'sm',
      lineHeight: '1.4',
    },
    arrow: { '--arrow-size': '8px', '--arrow-background': 'token(colors.surface)' },
    arrowTip: { borderTopWidth: '1px', borderInlineStartWidth: '1px', borderColor: 'transparent', _dark: { borderColor: 'border' } },
  },
  staticCss: ['*'],
})
