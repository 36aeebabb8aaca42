import { defineSlotRecipe } from '@pandacss/dev'
import { tabsAnatomy } from '@ark-ui/react/anatomy'
import { focusRing } from './shared.ts'

export const tabs = defineSlotRecipe({
  className: 'tabs',
  description: 'Tabs underlined in the primary colour.',
  slots: tabsAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', width: '100%' },
    list: {
      display: 'flex',
      gap: '1',
      overflowX: 'auto',
      overflowY: 'hidden',
      // The divider is an inset shadow, so the selected tab's underline can cover it without overflowing the list.
      boxShadow: 'inset 0 -1px 0 token(colors.border)',
      scrollbarWidth: 'thin',
    },
    trigger: {
      appearance: 'none',
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2',
      flexShrink: 0,
      h: '11',
      px: '4',
      bg: 'transparent',
      color: 'text.muted',
      fontFamily: 'inherit',
      fontSize: 'sm',
      fontWeight: '500',
      whiteSpace: 'nowrap',
      borderBottomWidth: '2px',
      borderBottomStyle: 'solid',
      borderBottomColor: 'transparent',
      borderTopRadius: 'l2',
      cursor: 'pointer',
      transitionProperty: 'color, border-color, background-color',
      transitionDuration: 'fast',
      _hover: { bg: 'surface.hover', color: 'text' },
      _selected: { color: 'primary.text', borderBottomColor: 'primary', _hover: { color: 'primary.text' } },
      _focusVisible: { ...focusRing, outlineOffset: '-2px' },
      _disabled: { color: 'text.disabled', cursor: 'not-allowed', _hover: { bg: 'transparent', color: 'text.disabled' } },
      _icon: { w: '4.5', h: '4.5' },
    },
    content: { pt: '4', _focusVisible: focusRing },
    indicator: { display: 'none' },
  },
  staticCss: ['*'],
})
