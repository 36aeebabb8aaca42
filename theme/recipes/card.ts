import { defineSlotRecipe } from '@pandacss/dev'

export const card = defineSlotRecipe({
  className: 'card',
  description: 'A surface that groups related content.',
  slots: ['root', 'header', 'title', 'description', 'body', 'footer'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      minW: '0',
      bg: 'surface',
      color: 'text',
      borderRadius: 'l3',
      boxShadow: 'e1',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'transparent',
      overflow: 'hidden',
      _dark: { borderColor: 'border' },
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1', px: '5', pt: '5' },
    title: { fontSize: 'lg', fontWeight: '600', lineHeight: '1.3', color: 'text' },
    description: { fontSize: 'sm', color: 'text.muted' },
    body: { display: 'flex', flexDirection: 'column', gap: '3', flex: '1', px: '5', py: '4' },
    footer: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', gap: '2', px: '5', pb: '5' },
  },
  variants: {
    variant: {
      elevated: {},
      outlined: { root: { boxShadow: 'none', borderColor: 'border' } },
    },
  },
  defaultVariants: { variant: 'elevated' },
  staticCss: ['*'],
})
