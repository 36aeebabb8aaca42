import { css } from '../styled-system/css'

// Native form controls in the look of the Ark ones: native, because they work in a GET form without JavaScript.

/** A native select in the look of the text inputs. */
export const nativeSelect = css({
  h: '10',
  minH: '10',
  px: '3',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.strong',
  bg: 'surface',
  color: 'text',
  maxW: '100%',
  _focusVisible: { outline: '2px solid', outlineColor: 'focus', outlineOffset: '1px' },
})

/** A native checkbox with a 40 px touch target around it (the label is the target). */
export const checkRow = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  minH: '10',
  pe: '2',
  cursor: 'pointer',
  '& input': { w: '5', h: '5', accentColor: 'primary', cursor: 'pointer', flexShrink: 0 },
  '& input:focus-visible': { outline: '2px solid', outlineColor: 'focus', outlineOffset: '2px' },
})
