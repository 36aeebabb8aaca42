import { css } from '../../../styled-system/css'

// Small pieces the execution view shares.

export const muted = css({ color: 'text.muted' })
export const fieldLabel = css({ display: 'block', fontSize: 'sm', fontWeight: '500', mb: '1' })
export const sectionHeading = css({ fontSize: 'lg', fontWeight: '600', mb: '3' })
export const plainList = css({ listStyle: 'none', p: '0', m: '0' })
export const panel = css({ borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l2', bg: 'surface', p: { base: '3', md: '4' }, minW: '0' })
export const preWrap = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })



export const kbd = css({ fontFamily: 'mono', fontSize: 'xs', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border.strong', borderRadius: 'l1', px: '1.5', py: '0.5', bg: 'surface.raised' })
/** A key inside a button: outlined in the button's own text colour, so it reads on any button tone. */
export const buttonKbd = css({ fontFamily: 'mono', fontSize: 'xs', borderWidth: '1px', borderStyle: 'solid', borderColor: 'currentColor', borderRadius: 'l1', px: '1', lineHeight: '1.4' })
