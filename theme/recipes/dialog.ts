import { defineSlotRecipe } from '@pandacss/dev'
import { dialogAnatomy } from '@ark-ui/react/anatomy'
import { layers, nativeModal } from './shared.ts'

export const dialog = defineSlotRecipe({
  className: 'dialog',
  description: 'A modal dialog centred over a dimmed page.',
  slots: [...dialogAnatomy.keys(), 'header', 'body', 'footer'],
  base: {
    // Inside the <dialog>, before the content: the top layer puts both over the page, and the content is drawn over
    // the backdrop (a z-index here would lift the backdrop over the content).
    backdrop: {
      position: 'fixed',
      inset: '0',
      bg: 'overlay',
      transition: 'opacity token(durations.normal)',
      _open: { _starting: { opacity: 0 } },
      _motionReduce: { transition: 'none' },
    },
    positioner: {
      position: 'fixed',
      inset: '0',
      ...nativeModal,
      zIndex: layers.overlay,
      display: 'flex',
      alignItems: { base: 'flex-end', sm: 'center' },
      justifyContent: 'center',
      p: { base: '0', sm: '4' },
      overflow: 'auto',
      overscrollBehavior: 'contain',
    },
    content: {
      position: 'relative',
      display: 'flex',
      flexDirection: 'column',
      width: '100%',
      maxH: { base: '100dvh', sm: 'calc(100dvh - 2rem)' },
      bg: 'surface',
      color: 'text',
      borderRadius: 'l3',
      borderBottomRadius: { base: '0', sm: 'l3' },
      boxShadow: 'e8',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'transparent',
      outline: 'none',
      overflow: 'hidden',
      transitionProperty: 'opacity, translate',
      transitionDuration: 'normal',
      _dark: { borderColor: 'border' },
      _open: { _starting: { opacity: 0, translate: '0 1rem' } },
      _motionReduce: { transition: 'none' },
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1', px: '6', pt: '6', pb: '2', pe: '14' },
    title: { fontSize: 'xl', fontWeight: '600', lineHeight: '1.3', color: 'text' },
    description: { color: 'text.muted', fontSize: 'sm' },
    body: { display: 'flex', flexDirection: 'column', gap: '4', px: '6', py: '4', overflowY: 'auto', flex: '1' },
    footer: { display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: '3', px: '6', pt: '2', pb: '6' },
    closeTrigger: { position: 'absolute', top: '3', insetInlineEnd: '3' },
  },
  variants: {
    size: {
      sm: { content: { maxW: { sm: '24rem' } } },
      md: { content: { maxW: { sm: '32rem' } } },
      lg: { content: { maxW: { sm: '48rem' } } },
    },
  },
  defaultVariants: { size: 'md' },
  staticCss: ['*'],
})
