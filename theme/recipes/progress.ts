import { defineSlotRecipe } from '@pandacss/dev'
import { progressAnatomy } from '@ark-ui/react/anatomy'

export const progress = defineSlotRecipe({
  className: 'progress',
  description: 'Linear and circular progress, determinate or indeterminate.',
  slots: [...progressAnatomy.keys(), 'header', 'sweep'],
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
    view: {},
    circle: {},
    circleTrack: { stroke: 'border' },
    circleRange: {
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
