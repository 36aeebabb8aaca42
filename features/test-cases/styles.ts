import { css } from '../../styled-system/css'

// Styles the test-case pages share.

export const fieldLabel = css({ display: 'block', fontSize: 'sm', fontWeight: '500', mb: '1' })
export const muted = css({ color: 'text.muted' })
export const hint = css({ fontSize: 'sm', color: 'text.muted' })



export const fieldset = css({ borderWidth: '0', p: '0', m: '0', minW: '0' })
export const legend = css({ fontSize: 'sm', fontWeight: '500', mb: '1', p: '0' })

export const sectionHeading = css({ fontSize: 'lg', fontWeight: '600' })

export const plainList = css({ listStyle: 'none', p: '0', m: '0' })

export const panel = css({ borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l2', bg: 'surface', p: { base: '3', md: '4' }, display: 'grid', gap: '3', minW: '0' })

export const keyText = css({ fontFamily: 'mono', fontSize: 'sm', whiteSpace: 'nowrap' })

export const linkButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  minH: '10',
  color: 'primary.text',
  textDecoration: 'underline',
  bg: 'transparent',
  borderWidth: '0',
  p: '0',
  cursor: 'pointer',
  font: 'inherit',
  _focusVisible: { outline: '2px solid', outlineColor: 'focus', outlineOffset: '2px' },
})
