import type { ComponentProps } from 'react'
import { Progress as ArkProgress } from '@ark-ui/react/progress'
import { progress } from '../../styled-system/recipes'
import { useIntl } from '../../lib/i18n/I18nProvider.tsx'
import { createStyleContext } from './style-context.tsx'

const { withProvider, withContext, useClasses } = createStyleContext(progress)

type RootProps = ComponentProps<typeof Parts.Root>

export type ProgressProps = Omit<RootProps, 'children' | 'type' | 'translations'> & {
  /** What is progressing: the progress bar's accessible name, and shown above the bar unless `hideLabel`. */
  label: string
  hideLabel?: boolean
  /** Show the percentage beside the label (determinate only). */
  showValue?: boolean
}

/** A segment that slides along the track while the amount of work is unknown (SVG SMIL: no CSS keyframes needed). */
function Sweep() {
  const classes = useClasses()
  return (
    <svg className={classes.sweep} aria-hidden="true" focusable="false" preserveAspectRatio="none">
      <rect x="-40%" y="0" width="40%" height="100%" rx="2">
        <animate attributeName="x" values="-40%;100%" dur="1.6s" repeatCount="indefinite" />
      </rect>
    </svg>
  )
}

const Parts = {
  Root: withProvider(ArkProgress.Root, 'root'),
  Label: withContext(ArkProgress.Label, 'label'),
  ValueText: withContext(ArkProgress.ValueText, 'valueText'),
  Track: withContext(ArkProgress.Track, 'track'),
  Range: withContext(ArkProgress.Range, 'range'),
  Circle: withContext(ArkProgress.Circle, 'circle'),
  CircleTrack: withContext(ArkProgress.CircleTrack, 'circleTrack'),
  CircleRange: withContext(ArkProgress.CircleRange, 'circleRange'),
}

function Header({ label, hideLabel, showValue }: Pick<ProgressProps, 'label' | 'hideLabel' | 'showValue'>) {
  const classes = useClasses()
  if (hideLabel && !showValue) return null
  return (
    <div className={classes.header}>
      {hideLabel ? null : <Parts.Label>{label}</Parts.Label>}
      {showValue ? (
        <ArkProgress.Context>
          {(api) => (api.indeterminate ? null : <Parts.ValueText>{api.percentAsString}</Parts.ValueText>)}
        </ArkProgress.Context>
      ) : null}
    </div>
  )
}

/**
 * A linear progress bar (Ark Progress). `value` from `min` to `max` (0–100 by default); `value={null}` for
 * indeterminate. `size`: sm, md (default), lg.
 */
export function LinearProgress({ label, hideLabel, showValue, ...props }: ProgressProps) {
  const { locale } = useIntl()
  return (
    <Parts.Root type="linear" locale={locale} translations={{ value: () => label }} {...props}>
      <Header label={label} hideLabel={hideLabel} showValue={showValue} />
      <Parts.Track>
        <Parts.Range />
        <ArkProgress.Context>{(api) => (api.indeterminate ? <Sweep /> : null)}</ArkProgress.Context>
      </Parts.Track>
    </Parts.Root>
  )
}

/** A circular progress indicator; `value={null}` spins. Same props as LinearProgress; the label sits beside it. */
export function CircularProgress({ label, hideLabel = true, showValue, ...props }: ProgressProps) {
  const { locale } = useIntl()
  return (
    <Parts.Root type="circular" locale={locale} translations={{ value: () => label }} {...props}>
      <Parts.Circle>
        <Parts.CircleTrack />
        <Parts.CircleRange />
      </Parts.Circle>
      <Header label={label} hideLabel={hideLabel} showValue={showValue} />
    </Parts.Root>
  )
}

/** The styled parts, to compose other layouts. */
export const Progress = Parts
