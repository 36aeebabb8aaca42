import { defineSlotRecipe } from '@pandacss/dev'
import { dialogAnatomy } from '@ark-ui/react/anatomy'
import { layers, nativeModal } from './shared.ts'

export const drawer = defineSlotRecipe({
  className: 'drawer',
  description: 'A modal side sheet (a native dialog) that slides in from the left or the right edge.',
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
      p: '0',
      zIndex: layers.overlay,
      display: 'flex',
      overscrollBehavior: 'contain',
    },
    content: {
      display: 'flex',
      flexDirection: 'column',
      position: 'relative',
      height: '100dvh',
      width: '100%',
      maxW: '24rem',
      bg: 'surface',
      color: 'text',
      boxShadow: 'e8',
      outline: 'none',
      borderStyle: 'solid',
      borderColor: 'transparent',
      transitionProperty: 'translate',
      transitionDuration: 'normal',
      transitionTimingFunction: 'ease-out',
      _dark: { borderColor: 'border' },
      _motionReduce: { transition: 'none' },
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1', px: '6', pt: '6', pb: '2', pe: '14' },
    title: { fontSize: 'xl', fontWeight: '600', lineHeight: '1.3', color: 'text' },
    description: { color: 'text.muted', fontSize: 'sm' },
    body: { display: 'flex', flexDirection: 'column', gap: '4', px: '6', py: '4', overflowY: 'auto', flex: '1' },
    footer: {
      display: 'flex',
      justifyContent: 'flex-end',
      flexWrap: 'wrap',
      gap: '3',
      px: '6',
      py: '4',
      borderTopWidth: '1px',
      borderTopStyle: 'solid',
      borderTopColor: 'border',
    },
    closeTrigger: { position: 'absolute', top: '3', insetInlineEnd: '3' },
  },
  variants: {
    placement: {
      left: {
        positioner: { justifyContent: 'flex-start' },
        content: { borderInlineEndWidth: '1px', _open: { _starting: { translate: '-100% 0' } }, _rtl: { _open: { _starting: { translate: '100% 0' } } } },
      },
      right: {
        positioner: { justifyContent: 'flex-end' },
        content: { borderInlineStartWidth: '1px', _open: { _starting: { translate: '100% 0' } }, _rtl: { _open: { _starting: { translate: '-100% 0' } } } },
      },
    },
  },
  defaultVariants: { placement: 'right' },
  staticCss: ['*'],
})
