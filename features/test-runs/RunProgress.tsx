import { css } from '../../styled-system/css'
import type { RunCounts } from '../../lib/domain/test-runs.ts'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { barSegments, BAR_ORDER } from './run-figures.ts'

// The bar is a picture of the counts next to it, so it is hidden from screen readers; the counts are the text.
const FILL = {
  passed: css({ bg: 'status.passed.fg' }),
  failed: css({ bg: 'status.failed.fg' }),
  blocked: css({ bg: 'status.blocked.fg' }),
  skipped: css({ bg: 'status.skipped.fg' }),
  untested: css({ bg: 'border.strong' }),
} as const

/** A run's progress: a bar by result status and, as text, the pass rate and the count of each status. */
export function RunProgress({ counts, total, passRate, compact = false }: { counts: RunCounts; total: number; passRate: number | null; compact?: boolean }) {
  const t = useT()
  const intl = useIntl()
  const segments = barSegments(counts)
  return (
    <div className={compact ? css({ display: 'grid', gap: '1.5', w: { base: 'full', sm: '40' } }) : css({ display: 'grid', gap: '1.5', minW: '48' })} data-testid="run-progress">
      <div className={css({ display: 'flex', alignItems: 'baseline', gap: '2', flexWrap: 'wrap' })}>
        <span className={css({ fontWeight: '600', fontVariantNumeric: 'tabular-nums' })} data-testid="pass-rate">
          {t('runs.passRateValue', { rate: intl.formatNumber(passRate ?? 0, { style: 'percent', maximumFractionDigits: 0 }) })}
        </span>
        <span className={css({ color: 'text.muted', fontSize: 'sm' })}>{t('runs.caseCount', { count: total })}</span>
      </div>
      <div aria-hidden="true" className={css({ display: 'flex', h: '2', w: 'full', borderRadius: 'full', overflow: 'hidden', bg: 'surface.hover', borderWidth: '1px', borderColor: 'border' })}>
        {segments.map((segment) => (
          <span key={segment.status} className={FILL[segment.status]} style={{ width: `${segment.percent}%` }} />
        ))}
      </div>
      {compact ? null : (
        <ul className={css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexWrap: 'wrap', columnGap: '3', rowGap: '0.5', fontSize: 'sm', color: 'text.muted' })} data-testid="run-counts">
          {BAR_ORDER.filter((status) => counts[status] > 0 || status === 'untested' || status === 'passed').map((status) => (
            <li key={status}>{t(`runs.count_${status}`, { count: counts[status] })}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
