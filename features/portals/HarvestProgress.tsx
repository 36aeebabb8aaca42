import { css } from '../../styled-system/css'
import { LinearProgress } from '../../components/ui/progress.tsx'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { etaParts, progressBar } from './harvest-progress.ts'

export type RunProgress = { done: number; total: number | null; ratePerSecond: number | null; etaSeconds: number | null }

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
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', width: '100%', minW: '180px' })} data-testid="harvest-progress">
      <LinearProgress label={label} hideLabel value={value} min={0} max={max} valueText={text} />
      <span className={css({ fontSize: 'xs', color: 'text.muted', fontVariantNumeric: 'tabular-nums' })}>{text}</span>
    </div>
  )
}
