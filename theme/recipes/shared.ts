import type { SystemStyleObject } from '@pandacss/dev'

// Style fragments that several recipes share, so a focus ring or a popup looks the same everywhere.

/**
 * Invalid as the app or Ark marks it (`aria-invalid`, `data-invalid`), not the browser's `:invalid`, which would
 * paint an empty required field red before anyone has typed.
 */
export const invalid = '&:is([data-invalid], [aria-invalid=true])'

/** The visible keyboard-focus ring. */
export const focusRing: SystemStyleObject = {
  outline: '2px solid',
  outlineColor: 'focus',
  outlineOffset: '2px',
}

/** Stacking order of layers that escape the page flow (portalled to <body>). */
export const layers = { overlay: 1400, popup: 1500, tooltip: 1600 } as const

/**
 * The native `<dialog>` a modal is (components/ui/modal-parts.tsx), as the dialog's and drawer's positioner: the
 * whole viewport, with none of the browser's own box; the dimming is the backdrop slot inside it.
 */
export const nativeModal: SystemStyleObject = {
  w: '100%',
  h: '100%',
  maxW: 'none',
  maxH: 'none',
  m: '0',
  borderWidth: '0',
  bg: 'transparent',
  color: 'inherit',
  _backdrop: { bg: 'transparent' },
}

/** Menus, listboxes, popovers, date pickers: follow the theme, elevation 8, a faint border in dark mode. */
export const popup: SystemStyleObject = {
  bg: 'surface',
  color: 'text',
  borderRadius: 'l2',
  boxShadow: 'e8',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'transparent',
  zIndex: layers.popup,
  outline: 'none',
  transitionProperty: 'opacity, scale',
  transitionDuration: 'fast',
  _dark: { borderColor: 'border' },
  _open: { _starting: { opacity: 0, scale: '0.96' } },
  _motionReduce: { transition: 'none' },
}

/** An option of a listbox or a menu entry. */
export const listItem: SystemStyleObject = {
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minH: '10',
  px: '3',
  py: '1.5',
  borderRadius: 'l1',
  color: 'text',
  fontSize: 'md',
  cursor: 'pointer',
  userSelect: 'none',
  outline: 'none',
  _highlighted: { bg: 'surface.hover' },
  _disabled: { color: 'text.disabled', cursor: 'not-allowed', _highlighted: { bg: 'transparent' } },
}

/** The outlined box of inputs, select triggers and combobox controls. */
export const outlinedControl: SystemStyleObject = {
  bg: 'surface',
  color: 'text',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.strong',
  borderRadius: 'l2',
  fontSize: 'md',
  transitionProperty: 'border-color, outline-color',
  transitionDuration: 'fast',
  _hover: { borderColor: 'text' },
  [invalid]: { borderColor: 'error' },
  _disabled: { color: 'text.disabled', borderColor: 'border', cursor: 'not-allowed', _hover: { borderColor: 'border' } },
}

/** The focused look of an outlined control: a 2px line in the focus colour (or the error colour when invalid). */
export const outlinedFocus: SystemStyleObject = {
  borderColor: 'focus',
  outline: '1px solid',
  outlineColor: 'focus',
  outlineOffset: '0',
  [invalid]: { borderColor: 'error', outlineColor: 'error' },
}

/** A small square icon-only trigger inside a control (clear, open calendar, chevrons). */
export const controlIconButton: SystemStyleObject = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  w: '8',
  h: '8',
  borderRadius: 'l1',
  color: 'text.muted',
  bg: 'transparent',
  cursor: 'pointer',
  _hover: { bg: 'surface.hover', color: 'text' },
  _focusVisible: { ...focusRing, outlineOffset: '0' },
  _disabled: { color: 'text.disabled', cursor: 'not-allowed', _hover: { bg: 'transparent' } },
  _icon: { w: '5', h: '5' },
}

/** A form label above a control. */
export const fieldLabel: SystemStyleObject = {
  color: 'text',
  fontSize: 'sm',
  fontWeight: '500',
  _disabled: { color: 'text.disabled' },
}
