import { defineSlotRecipe } from '@pandacss/dev'

// The circle's geometry follows the size variant's --size and --thickness; --percent is set on the range by the
// component (components/ui/progress.tsx).
const circleGeometry = {
  '--radius': 'calc(var(--size) / 2 - var(--thickness) / 2)',
  cx: 'calc(var(--size) / 2)',
  cy: 'calc(var(--size) / 2)',
  r: 'var(--radius)',
  fill: 'transparent',
  strokeWidth: 'var(--thickness)',
}

export const progress = defineSlotRecipe({
  className: 'progress',
  description: 'Linear and circular progress, determinate or indeterminate.',
  slots: ['root', 'header', 'label', 'valueText', 'track', 'range', 'sweep', 'circle', 'circleTrack', 'circleRange'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', width: '100%' },
    header: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: '3' },
    label: { fontSize: 'sm', fontWeight: '500', color: 'text' },
    valueText: { ms: 'auto', fontSize: 'sm', color: 'text.muted', fontVariantNumeric: 'tabular-nums' },
    track: { position: 'relative', overflow: 'hidden', width: '100%', h: '1', borderRadius: 'full', bg: 'border' },
    range: {
      h: '100%',
      borderRadius: 'full',
      bg: 'primary',
      transition: 'width token(durations.normal)',
      '&[data-state=indeterminate]': { display: 'none' },
    },
    // The indeterminate bar: an SVG whose SMIL animation slides a segment across the track.
    sweep: {
      display: 'block',
      position: 'absolute',
      inset: '0',
      width: '100%',
      height: '100%',
      fill: 'primary',
      _motionReduce: { '& animate': { display: 'none' } },
    },
    circle: { width: 'var(--size)', height: 'var(--size)' },
    circleTrack: { ...circleGeometry, stroke: 'border' },
    circleRange: {
      ...circleGeometry,
      '--circumference': 'calc(2 * 3.14159 * var(--radius))',
      strokeDasharray: 'var(--circumference)',
      strokeDashoffset: 'calc(var(--circumference) * ((100 - var(--percent)) / 100))',
      transformOrigin: 'center',
      transform: 'rotate(-90deg)',
      stroke: 'primary',
      strokeLinecap: 'round',
      transitionProperty: 'stroke-dashoffset, stroke-dasharray',
      transitionDuration: 'normal',
      '&[data-state=indeterminate]': {
        strokeDasharray: 'calc(var(--circumference) * 0.3) var(--circumference)',
        strokeDashoffset: '0',
      },
    },
  },
  variants: {
    type: {
      linear: {},
      circular: {
        root: { width: 'auto', display: 'inline-flex', alignItems: 'center', gap: '3', flexDirection: 'row' },
        circle: { '&[data-state=indeterminate]': { animation: 'spin', _motionReduce: { animation: 'none' } } },
      },
    },
    size: {
      sm: { root: { '--size': '1.5rem', '--thickness': '3px' }, track: { h: '1' } },
      md: { root: { '--size': '2.5rem', '--thickness': '4px' }, track: { h: '1.5' } },
      lg: { root: { '--size': '4rem', '--thickness': '6px' }, track: { h: '2' } },
    },
  },
  defaultVariants: { type: 'linear', size: 'md' },
  staticCss: ['*'],
})
