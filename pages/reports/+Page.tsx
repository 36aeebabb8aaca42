import { useData } from 'vike-react/useData'
import { css } from '../../styled-system/css'
import { PageIntro } from '../../components/PageIntro.tsx'
import { Button } from '../../components/ui/button.tsx'
import { SectionFailed } from '../../features/quality/AnalysisParts.tsx'
import { NoProject } from '../../features/test-runs/NoProject.tsx'
import { roleAtLeast } from '../../lib/domain/test-management.ts'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { projectHref, reportExportHref, reportsHref, runStartHref } from '../../lib/routing/project-links.ts'
import type { Data } from './+data.ts'
import { PERIOD_LABELS, ReportFiltersForm } from './ReportFiltersForm.tsx'
import { ReportView } from './ReportView.tsx'

const emptyBox = css({ borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border.strong', borderRadius: 'l2', p: '6', display: 'grid', gap: '3', justifyItems: 'start' })
const link = css({ color: 'primary.text', fontWeight: '600', textDecoration: 'underline', textUnderlineOffset: '2px' })

export default function Page() {
  const t = useT()
  const intl = useIntl()
  const data = useData<Data>()
  const project = data.frame.project
  if (!data.report || !project) {
    return (
      <PageIntro title={t('pages.reportsTitle')} description={t('pages.reportsDescription')}>
        <NoProject />
      </PageIntro>
    )
  }
  const { filters } = data
  if (!data.report.ok) {
    return (
      <PageIntro title={t('pages.reportsTitle')} description={t('reports.intro', { project: project.name })}>
        <SectionFailed retryHref={reportsHref(project.id, filters)} />
      </PageIntro>
    )
  }
  const report = data.report.value
  return (
    // Marks the page printable: the print stylesheet (panda.config.ts) then leaves out the frame and the controls.
    <div data-printable="report">
      <PageIntro title={t('pages.reportsTitle')} description={t('reports.intro', { project: project.name })}>
        <div className={css({ display: 'grid', gap: '4', mb: '8' })}>
          {report.projectRuns > 0 ? <ReportFiltersForm projectId={project.id} filters={filters} choices={report.choices} /> : null}
          <p className={css({ color: 'text.muted', fontSize: 'sm' })} data-testid="report-scope">
            {t('reports.scope', {
              period: t(PERIOD_LABELS[filters.period]),
              shown: report.runs.length,
              matching: report.matchingRuns,
              truncated: report.matchingRuns > report.runs.length ? 'yes' : 'no',
            })}{' '}
            {/* The reader's day, which the server cannot know: printed reports carry it. */}
            <time suppressHydrationWarning>{t('reports.madeOn', { date: intl.formatDate(new Date(), { dateStyle: 'medium' }) })}</time>
          </p>
          {report.runs.length > 0 ? (
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })} data-print="hide">
              <Button asChild variant="outline">
                <a href={reportExportHref(project.id, 'csv', filters)} download data-testid="export-csv">
                  {t('reports.downloadCsv')}
                </a>
              </Button>
              <Button asChild variant="outline">
                <a href={reportExportHref(project.id, 'json', filters)} download data-testid="export-json">
                  {t('reports.downloadJson')}
                </a>
              </Button>
              <span className={css({ color: 'text.muted', fontSize: 'sm' })}>{t('reports.printHint')}</span>
            </div>
          ) : null}
        </div>
        {report.projectRuns === 0 ? (
          <div className={emptyBox} data-testid="report-empty">
            <h2 className={css({ fontSize: 'lg', fontWeight: '600' })}>{t('reports.emptyTitle')}</h2>
            <p className={css({ color: 'text.muted', maxW: '70ch' })}>{t('reports.emptyText')}</p>
            {roleAtLeast(report.role, 'editor') ? (
              <a href={runStartHref(project.id)} className={link}>
                {t('reports.startRun')}
              </a>
            ) : (
              <a href={projectHref('runs', project.id)} className={link}>
                {t('reports.goToRuns')}
              </a>
            )}
          </div>
        ) : report.runs.length === 0 ? (
          <div className={emptyBox} data-testid="report-none-match">
            <h2 className={css({ fontSize: 'lg', fontWeight: '600' })}>{t('reports.noneMatchTitle')}</h2>
            <p className={css({ color: 'text.muted', maxW: '70ch' })}>{t('reports.noneMatchText')}</p>
            <a href={reportsHref(project.id, { period: 'all', suiteId: null, portalId: null, state: null })} className={link}>
              {t('reports.showAllTime')}
            </a>
          </div>
        ) : (
          <ReportView report={report} />
        )}
      </PageIntro>
    </div>
  )
}
