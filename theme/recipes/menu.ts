import { defineSlotRecipe } from '@pandacss/dev'
import { menuAnatomy } from '@ark-ui/react/anatomy'
import { listItem, popup } from './shared.ts'

export const menu = defineSlotRecipe({
  className: 'menu',
  description: 'A menu of actions that opens from a trigger.',
  slots: menuAnatomy.keys(),
  base: {
    positioner: { zIndex: 'var(--z-index)' },
    content: {
      ...popup,
      display: 'flex',
      flexDirection: 'column',
      gap: '0.5',
      p: '1',
      minW: '12rem',
      maxH: 'min(var(--available-height), 24rem)',
      overflowY: 'auto',
    },
    item: { ...listItem, textDecoration: 'none', _icon: { w: '4.5', h: '4.5', color: 'text.muted', flexShrink: 0 } },
    triggerItem: {
      ...listItem,
      _icon: { w: '4.5', h: '4.5', color: 'text.muted', flexShrink: 0 },
      '& > svg:last-child': { ms: 'auto' },
    },
    itemText: { flex: '1' },
    itemIndicator: { display: 'inline-flex', color: 'primary.text', _icon: { w: '4', h: '4' } },
    itemGroup: { display: 'flex', flexDirection: 'column', gap: '0.5' },
    itemGroupLabel: { px: '3', py: '1.5', fontSize: 'xs', fontWeight: '600', color: 'text.muted' },
    separator: { borderTopWidth: '1px', borderTopStyle: 'solid', borderTopColor: 'border', my: '1', mx: '-1' },
    indicator: {
      display: 'inline-flex',
      transition: 'rotate token(durations.fast)',
      _open: { rotate: '180deg' },
      _icon: { w: '4', h: '4' },
    },
    arrow: { '--arrow-size': '10px', '--arrow-background': 'token(colors.surface)' },
    arrowTip: { borderTopWidth: '1px', borderInlineStartWidth: '1px', borderColor: 'border' },
  },
  staticCss: ['*'],
})
