import { css } from '../../styled-system/css'

// The look of the server-rendered region maps (the regional analysis, the overview's kraje): on the <svg>, not on each
// region's link, so the class names are written once.
export const regionMapStyle = css({
  w: '100%',
  h: 'auto',
  display: 'block',
  '& a': { outline: 'none' },
  '& path': { stroke: 'border.strong', strokeWidth: '0.75', strokeLinejoin: 'round' },
  // Neighbours drawn for context only (a country without datasets).
  '& path[data-context]': { fill: 'bg', stroke: 'border' },
  '& a:hover path': { stroke: 'text', strokeWidth: '2' },
  // Not the focus colour: it is the primary blue the strongest class is filled with.
  '& a:focus-visible path': { stroke: 'text', strokeWidth: '3.5', strokeDasharray: '6 3' },
})

/** A legend's colour sample. */
export const legendSwatch = css({ display: 'inline-block', w: '4', h: '4', borderRadius: 'l1', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border.strong', flexShrink: 0 })
