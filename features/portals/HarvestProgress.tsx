import { css } from '../../styled-system/css'
import { Progress } from '../../components/ui/progress.tsx'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { etaParts, progressBar } from './harvest-progress.ts'

export type RunProgress = { done: number; total: number | null; ratePerSecond: number | null; etaSeconds: number | null }

const sweep = css({ display: 'block', position: 'absolute', inset: '0', w: '100%', h: '100%', fill: 'primary', _motionReduce: { '& animate': { display: 'none' } } })

/** Until the total is known: a segment sliding along the track (SVG SMIL, no keyframes needed). */
function Sweep() {
  return (
    <svg className={sweep} aria-hidden="true" focusable="false" preserveAspectRatio="none">
      <rect x="-40%" y="0" width="40%" height="100%" rx="2">
        <animate attributeName="x" values="-40%;100%" dur="1.6s" repeatCount="indefinite" />
      </rect>
    </svg>
  )
}

/**
 * A running harvest as a progress bar (role=progressbar with aria-valuenow and an aria-valuetext that says done of
 * total, rate and time left) and the same words under it.
 */
export function HarvestProgress({ portalName, run }: { portalName: string; run: RunProgress }) {
  const t = useT()
  const intl = useIntl()
  const { value, max } = progressBar(run.done, run.total)
  const label = t('portals.progressLabel', { name: portalName })
  const parts = [
    run.total === null ? t('portals.progressSoFar', { done: intl.formatNumber(run.done) }) : t('portals.progressOf', { done: intl.formatNumber(run.done), total: intl.formatNumber(run.total) }),
  ]
  if (run.ratePerSecond !== null) parts.push(t('portals.progressRate', { rate: intl.formatNumber(run.ratePerSecond, { maximumFractionDigits: 1 }) }))
  if (run.etaSeconds !== null) {
    const eta = etaParts(run.etaSeconds)
    parts.push(t('portals.progressEta', { time: intl.formatNumber(eta.value, { style: 'unit', unit: eta.unit, unitDisplay: 'long', maximumFractionDigits: 1 }) }))
  }
  const text = parts.join(' · ')
  return (
    <Progress.Root value={value} min={0} max={max} locale={intl.locale} translations={{ value: () => label }} className={css({ minW: '180px' })} data-testid="harvest-progress">
      <Progress.Label className={css({ srOnly: true })}>{label}</Progress.Label>
      <Progress.Track aria-valuetext={text}>
        <Progress.Range />
        {value === null ? <Sweep /> : null}
      </Progress.Track>
      <span className={css({ fontSize: 'xs', color: 'text.muted', fontVariantNumeric: 'tabular-nums' })}>{text}</span>
    </Progress.Root>
  )
}
