import { css } from '../../styled-system/css'
import { Badge } from '../../components/ui/badge.tsx'
import type { RunCounts, RunState } from '../../lib/domain/test-runs.ts'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { runHref } from '../../lib/routing/project-links.ts'
import { STATE_TONES } from './state-tones.ts'
import { RunProgress } from './RunProgress.tsx'

export type RecentRun = { id: string; name: string; state: RunState; createdAt: Date; passRate: number | null; counts?: RunCounts; total?: number }

/** The latest runs, newest first, each with its state and pass rate (and its bar when the counts are known). */
export function RecentRuns({ runs }: { runs: RecentRun[] }) {
  const t = useT()
  const intl = useIntl()
  return (
    <ul className={css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '3' })} data-testid="recent-runs">
      {runs.map((run) => (
        <li key={run.id} className={css({ display: 'grid', gap: '1.5', gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) auto' }, alignItems: 'center' })} data-testid="recent-run">
          <div className={css({ display: 'grid', gap: '0.5', minW: '0' })}>
            <a href={runHref(run.id)} className={css({ color: 'primary.text', fontWeight: '600', textDecoration: 'underline', textUnderlineOffset: '2px', overflowWrap: 'anywhere' })}>
              {run.name}
            </a>
            <span className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap', fontSize: 'sm', color: 'text.muted' })}>
              <Badge tone={STATE_TONES[run.state]} size="sm">
                {t(`labels.runState_${run.state}`)}
              </Badge>
              <time dateTime={new Date(run.createdAt).toISOString()}>{intl.formatDate(run.createdAt, { dateStyle: 'medium' })}</time>
            </span>
          </div>
          {run.counts && run.total !== undefined ? (
            <RunProgress counts={run.counts} total={run.total} passRate={run.passRate} compact />
          ) : (
            <span className={css({ fontWeight: '600', fontVariantNumeric: 'tabular-nums' })} data-testid="pass-rate">
              {t('runs.passRateValue', { rate: intl.formatNumber(run.passRate ?? 0, { style: 'percent', maximumFractionDigits: 0 }) })}
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}
