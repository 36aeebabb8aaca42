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

/** One filter: a labelled native select (sent as `name`), with an "all" choice first when `all` is given. */
function FilterSelect({ name, label: text, value, all, options }: { name: string; label: string; value: string | null; all?: string; options: Array<{ value: string; label: string }> }) {
  return (
    <div className={field}>
      <label htmlFor={`report-${name}`} className={label}>
        {text}
      </label>
      <select id={`report-${name}`} name={name} defaultValue={value ?? ''} className={select}>
        {all === undefined ? null : <option value="">{all}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/** The report's filters: a plain GET form, so a filtered report is an address and works without JavaScript. */
export function ReportFiltersForm({ projectId, filters, choices }: { projectId: string; filters: ReportFilters; choices: FilterChoices }) {
  const t = useT()
  const filtered = filters.suiteId || filters.portalId || filters.state
  return (
    <form method="get" action="/reports" className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'end' })} data-testid="report-filters" data-print="hide" aria-label={t('reports.filtersLabel')}>
      <input type="hidden" name="project" value={projectId} />
      <FilterSelect name="period" label={t('reports.period')} value={filters.period} options={REPORT_PERIODS.map((period) => ({ value: period, label: t(PERIOD_LABELS[period]) }))} />
      <FilterSelect name="suite" label={t('reports.suite')} value={filters.suiteId} all={t('reports.allSuites')} options={choices.suites.map((suite) => ({ value: suite.id, label: suite.name }))} />
      <FilterSelect name="portal" label={t('reports.portal')} value={filters.portalId} all={t('reports.allPortals')} options={choices.portals.map((portal) => ({ value: portal.id, label: portal.name }))} />
      <FilterSelect name="state" label={t('reports.runState')} value={filters.state} all={t('reports.allStates')} options={RUN_STATES.map((state) => ({ value: state, label: t(`labels.runState_${state}`) }))} />
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
