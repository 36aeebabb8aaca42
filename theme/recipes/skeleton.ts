import { defineRecipe } from '@pandacss/dev'

export const skeleton = defineRecipe({
  className: 'skeleton',
  description: 'A pulsing placeholder for content that is loading.',
  base: {
    display: 'block',
    bg: 'border',
    borderRadius: 'l1',
    animation: 'pulse',
    flexShrink: 0,
    _motionReduce: { animation: 'none' },
  },
  variants: {
    shape: {
      text: { height: '0.875em', my: '0.3em', width: '100%' },
      rect: { borderRadius: 'l2' },
      circle: { borderRadius: 'full', aspectRatio: 'square' },
    },
  },
  defaultVariants: { shape: 'text' },
  staticCss: ['*'],
})
