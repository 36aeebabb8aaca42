import { useId, type ComponentProps, type CSSProperties } from 'react'
import { cx } from '../../styled-system/css'
import { progress } from '../../styled-system/recipes'
import { useIntl } from '../../lib/i18n/I18nProvider.tsx'
import type { VariantProps } from './style-context.tsx'

// Native markup (role=progressbar with its aria-value* attributes): a progress bar has no state or keyboard handling
// to manage, so no Ark/zag machine ships for it (decision 021). The recipe styles the parts by `data-state`
// (indeterminate, loading, complete), as Ark's parts were.

export type ProgressProps = Omit<ComponentProps<'div'>, 'children'> &
  Pick<VariantProps<typeof progress>, 'size'> & {
    /** From `min` to `max` (0–100 by default); `null` while the amount of work is unknown (indeterminate). */
    value?: number | null
    min?: number
    max?: number
    /** What is progressing: the progress bar's accessible name, and shown above the bar unless `hideLabel`. */
    label: string
    hideLabel?: boolean
    /** Show the percentage beside the label (determinate only). */
    showValue?: boolean
    /** What assistive technology reads as the value (aria-valuetext); the percentage when not given. */
    valueText?: string
  }

type Classes = ReturnType<typeof progress>

/** The bar's figures and the attributes that make an element the progress bar. */
function useProgressbar({ value = null, min = 0, max = 100, label, hideLabel, valueText }: ProgressProps, labelId: string) {
  const intl = useIntl()
  const percent = value === null ? null : max > min ? Math.min(100, Math.max(0, ((value - min) / (max - min)) * 100)) : 100
  const percentText = percent === null ? null : intl.formatNumber(percent / 100, { style: 'percent' })
  const state = value === null ? 'indeterminate' : value >= max ? 'complete' : 'loading'
  const props = {
    role: 'progressbar',
    // A visible label names the bar; a hidden one is its aria-label.
    'aria-labelledby': hideLabel ? undefined : labelId,
    'aria-label': hideLabel ? label : undefined,
    'aria-valuemin': min,
    'aria-valuemax': max,
    // Indeterminate: no current value at all (WAI-ARIA progressbar).
    'aria-valuenow': value ?? undefined,
    'aria-valuetext': valueText ?? percentText ?? undefined,
    'data-state': state,
  } as const
  return { percent, percentText, state, props }
}

/** A segment that slides along the track while the amount of work is unknown (SVG SMIL: no CSS keyframes needed). */
function Sweep({ className }: { className: string }) {
  return (
    <svg className={className} aria-hidden="true" focusable="false" preserveAspectRatio="none">
      <rect x="-40%" y="0" width="40%" height="100%" rx="2">
        <animate attributeName="x" values="-40%;100%" dur="1.6s" repeatCount="indefinite" />
      </rect>
    </svg>
  )
}

function Header({ classes, label, labelId, hideLabel, showValue, percentText }: { classes: Classes; label: string; labelId: string; hideLabel?: boolean; showValue?: boolean; percentText: string | null }) {
  const value = showValue && percentText !== null
  if (hideLabel && !value) return null
  return (
    <div className={classes.header}>
      {hideLabel ? null : (
        <span id={labelId} className={classes.label}>
          {label}
        </span>
      )}
      {value ? (
        <span className={classes.valueText} aria-live="polite">
          {percentText}
        </span>
      ) : null}
    </div>
  )
}

/** Splits the component's own props from the root element's. */
function rootProps({ value: _value, min: _min, max: _max, size: _size, label: _label, hideLabel: _hideLabel, showValue: _showValue, valueText: _valueText, className, ...rest }: ProgressProps, classes: Classes, state: string) {
  return { ...rest, className: cx(classes.root, className), 'data-state': state }
}

/**
 * A linear progress bar. `value` from `min` to `max` (0–100 by default); `value={null}` for indeterminate. `size`:
 * sm, md (default), lg.
 */
export function LinearProgress(props: ProgressProps) {
  const labelId = useId()
  const classes = progress({ type: 'linear', size: props.size })
  const bar = useProgressbar(props, labelId)
  return (
    <div {...rootProps(props, classes, bar.state)}>
      <Header classes={classes} label={props.label} labelId={labelId} hideLabel={props.hideLabel} showValue={props.showValue} percentText={bar.percentText} />
      <div className={classes.track} {...bar.props}>
        <div className={classes.range} data-state={bar.state} style={bar.percent === null ? undefined : { width: `${bar.percent}%` }} />
        {bar.percent === null ? <Sweep className={classes.sweep} /> : null}
      </div>
    </div>
  )
}

/** A circular progress indicator; `value={null}` spins. Same props as LinearProgress; the label sits beside it. */
export function CircularProgress({ hideLabel = true, ...props }: ProgressProps) {
  const labelId = useId()
  const classes = progress({ type: 'circular', size: props.size })
  const bar = useProgressbar({ ...props, hideLabel }, labelId)
  return (
    <div {...rootProps(props, classes, bar.state)}>
      <svg className={classes.circle} focusable="false" {...bar.props}>
        <circle className={classes.circleTrack} />
        <circle className={classes.circleRange} data-state={bar.state} opacity={bar.percent === 0 ? 0 : undefined} style={{ '--percent': bar.percent ?? 0 } as CSSProperties} />
      </svg>
      <Header classes={classes} label={props.label} labelId={labelId} hideLabel={hideLabel} showValue={props.showValue} percentText={bar.percent === null ? null : bar.percentText} />
    </div>
  )
}
