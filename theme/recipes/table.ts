import { defineSlotRecipe } from '@pandacss/dev'
import { focusRing } from './shared.ts'

export const table = defineSlotRecipe({
  className: 'table',
  description: 'A semantic data table.',
  slots: ['container', 'root', 'caption', 'head', 'body', 'foot', 'row', 'header', 'cell'],
  base: {
    container: {
      width: '100%',
      // Visually hidden cells (position: absolute) stay inside the scrolling box instead of widening the page.
      position: 'relative',
      overflowX: 'auto',
      bg: 'surface',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border',
      borderRadius: 'l3',
      _focusVisible: focusRing,
    },
    root: { width: '100%', borderCollapse: 'collapse', fontSize: 'sm', color: 'text', fontVariantNumeric: 'tabular-nums' },
    caption: { captionSide: 'top', textAlign: 'start', px: '4', py: '3', color: 'text.muted', fontSize: 'sm' },
    head: { bg: 'surface.raised' },
    body: {},
    foot: { fontWeight: '600', bg: 'surface.raised' },
    row: {
      borderBottomWidth: '1px',
      borderBottomStyle: 'solid',
      borderBottomColor: 'border',
      '&:last-child': { borderBottomWidth: '0' },
      'thead &': { borderBottomWidth: '1px' },
      'tbody &': { transition: 'background-color token(durations.fast)', _hover: { bg: 'surface.hover' } },
      _selected: { bg: 'primary.subtle', _hover: { bg: 'primary.subtle' } },
    },
    header: {
      px: '4',
      h: '12',
      textAlign: 'start',
      fontWeight: '600',
      color: 'text',
      whiteSpace: 'nowrap',
      verticalAlign: 'middle',
      'tbody &': { fontWeight: '500' },
      '&[data-align=end]': { textAlign: 'end' },
      '&[data-align=center]': { textAlign: 'center' },
    },
    cell: {
      px: '4',
      py: '3',
      verticalAlign: 'middle',
      color: 'text',
      '&[data-align=end]': { textAlign: 'end' },
      '&[data-align=center]': { textAlign: 'center' },
    },
  },
  variants: {
    density: {
      comfortable: {},
      compact: { header: { h: '10', px: '3' }, cell: { py: '1.5', px: '3' } },
    },
    striped: {
      true: { row: { 'tbody &:nth-child(even)': { bg: 'surface.raised', _hover: { bg: 'surface.hover' } } } },
    },
  },
  defaultVariants: { density: 'comfortable' },
  staticCss: ['*'],
})
