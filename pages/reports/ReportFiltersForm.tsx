import { css } from '../../styled-system/css'
import { input } from '../../styled-system/recipes'
import { Button } from '../../components/ui/button.tsx'
import { DEFAULT_PERIOD, REPORT_PERIODS, type ReportFilters, type ReportPeriod } from '../../lib/domain/reports.ts'
import { RUN_STATES } from '../../lib/domain/test-runs.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import { reportsHref } from '../../lib/routing/project-links.ts'

export type FilterChoices = { suites: Array<{ id: string; name: string }>; portals: Array<{ id: string; name: string }> }

export const PERIOD_LABELS: Record<ReportPeriod, MessageKey> = {
  '7': 'reports.period7',
  '30': 'reports.period30',
  '90': 'reports.period90',
  all: 'reports.periodAll',
}

const field = css({ display: 'grid', gap: '1.5', minW: '0', flex: { base: '1 1 100%', sm: '0 1 auto' } })
const label = css({ fontSize: 'sm', fontWeight: '500' })
const select = `${input({ size: 'md' })} ${css({ appearance: 'auto', pe: '2', minW: { base: '0', sm: '44' }, w: { base: 'full', sm: 'auto' } })}`

/** The report's filters: a plain GET form, so a filtered report is an address and works without JavaScript. */
export function ReportFiltersForm({ projectId, filters, choices }: { projectId: string; filters: ReportFilters; choices: FilterChoices }) {
  const t = useT()
  const filtered = filters.suiteId || filters.portalId || filters.state
  return (
    <form method="get" action="/reports" className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'end' })} data-testid="report-filters" data-print="hide" aria-label={t('reports.filtersLabel')}>
      <input type="hidden" name="project" value={projectId} />
      <div className={field}>
        <label htmlFor="report-period" className={label}>
          {t('reports.period')}
        </label>
        <select id="report-period" name="period" defaultValue={filters.period} className={select}>
          {REPORT_PERIODS.map((period) => (
            <option key={period} value={period}>
              {t(PERIOD_LABELS[period])}
            </option>
          ))}
        </select>
      </div>
      <div className={field}>
        <label htmlFor="report-suite" className={label}>
          {t('reports.suite')}
        </label>
        <select id="report-suite" name="suite" defaultValue={filters.suiteId ?? ''} className={select}>
          <option value="">{t('reports.allSuites')}</option>
          {choices.suites.map((suite) => (
            <option key={suite.id} value={suite.id}>
              {suite.name}
            </option>
          ))}
        </select>
      </div>
      <div className={field}>
        <label htmlFor="report-portal" className={label}>
          {t('reports.portal')}
        </label>
        <select id="report-portal" name="portal" defaultValue={filters.portalId ?? ''} className={select}>
          <option value="">{t('reports.allPortals')}</option>
          {choices.portals.map((portal) => (
            <option key={portal.id} value={portal.id}>
              {portal.name}
            </option>
          ))}
        </select>
      </div>
      <div className={field}>
        <label htmlFor="report-state" className={label}>
          {t('reports.runState')}
        </label>
        <select id="report-state" name="state" defaultValue={filters.state ?? ''} className={select}>
          <option value="">{t('reports.allStates')}</option>
          {RUN_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`runs.state_${state}`)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline">
        {t('reports.apply')}
      </Button>
      {filtered || filters.period !== DEFAULT_PERIOD ? (
        <a href={reportsHref(projectId)} className={css({ color: 'primary.text', minH: '10', display: 'inline-flex', alignItems: 'center' })}>
          {t('reports.clearFilters')}
        </a>
      ) : null}
    </form>
  )
}
