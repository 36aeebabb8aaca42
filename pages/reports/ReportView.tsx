import type { ReactNode } from 'react'
import { css } from '../../styled-system/css'
import { ChartTable } from '../../components/charts/ChartFigure.tsx'
import { BarChart } from '../../components/charts/BarChart.tsx'
import { LineChart } from '../../components/charts/LineChart.tsx'
import { StackedBarChart, type StackRow, type StackSeries } from '../../components/charts/StackedBarChart.tsx'
import { Badge, StatusBadge } from '../../components/ui/badge.tsx'
import { Table } from '../../components/ui/table.tsx'
import { SectionBlock, StatGrid } from '../../features/quality/AnalysisParts.tsx'
import { STATE_TONES } from '../../features/test-runs/state-tones.ts'
import { RunProgress } from '../../features/test-runs/RunProgress.tsx'
import type { Figure, ReportSummary } from '../../lib/domain/reports.ts'
import type { Priority } from '../../lib/domain/test-management.ts'
import type { RunCounts } from '../../lib/domain/test-runs.ts'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import { caseHref, runExportHref, runHref } from '../../lib/routing/project-links.ts'

const STATUSES = ['passed', 'failed', 'blocked', 'skipped', 'untested'] as const satisfies ReadonlyArray<keyof RunCounts>

const PRIORITY_LABELS: Record<Priority, MessageKey> = { low: 'labels.priority_low', medium: 'labels.priority_medium', high: 'labels.priority_high', critical: 'labels.priority_critical' }

const twoColumns = css({ display: 'grid', gap: '8', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' })
const link = css({ color: 'primary.text', fontWeight: '600', textDecoration: 'underline', textUnderlineOffset: '2px', overflowWrap: 'anywhere' })
const muted = css({ color: 'text.muted', fontSize: 'sm' })
const none = css({ color: 'text.muted', borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border.strong', borderRadius: 'l2', p: '4' })
const wrapCell = css({ whiteSpace: 'normal', minW: '40', maxW: '72' })

function usePercent() {
  const intl = useIntl()
  return (value: number | null) => (value === null ? '–' : intl.formatNumber(value, { style: 'percent', maximumFractionDigits: 0 }))
}

/** Latest results split by status per group (priority, suite, folder...), as 100 % bars with their table. */
function StatusBars({ title, rowHeader, rows, testId }: { title: string; rowHeader: string; rows: Array<{ key: string; label: string; figure: Figure }>; testId: string }) {
  const t = useT()
  const series: StackSeries[] = STATUSES.map((status) => ({ key: status, label: t(`labels.status_${status}`), tone: status }))
  const stackRows: StackRow[] = rows.map((row) => ({ key: row.key, label: row.label, values: row.figure.counts }))
  return <StackedBarChart title={title} series={series} rows={stackRows} rowHeader={rowHeader} labelRows testId={testId} />
}

type Column = { label: string; align?: 'end'; printHidden?: boolean }

/** A table's column headers. */
function Heads({ columns }: { columns: Column[] }) {
  return (
    <Table.Head>
      <Table.Row>
        {columns.map((column) => (
          <Table.Header key={column.label} scope="col" align={column.align} data-print={column.printHidden ? 'hide' : undefined}>
            {column.label}
          </Table.Header>
        ))}
      </Table.Row>
    </Table.Head>
  )
}

/** A case as a row's header: its key, linking to the case, and its title. */
function CaseHeader({ caseId, caseKey, title }: { caseId: string; caseKey: string; title: string }) {
  return (
    <Table.Header scope="row" className={wrapCell}>
      <a href={caseHref(caseId)} className={link}>
        {caseKey}
      </a>{' '}
      {title}
    </Table.Header>
  )
}

function Empty({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className={none} data-testid={testId}>
      {children}
    </p>
  )
}

/** The report of a project for its filters: key figures, each dimension as a chart with its table, and the lists. */
export function ReportView({ report }: { report: ReportSummary }) {
  const t = useT()
  const intl = useIntl()
  const percent = usePercent()
  const number = (value: number) => intl.formatNumber(value)
  const dateOnly = (date: Date) => intl.formatDate(date, { dateStyle: 'medium', timeZone: 'UTC' })
  const dayDate = (day: string) => new Date(`${day}T00:00:00Z`)
  const { overall } = report
  return (
    <div className={css({ display: 'grid', gap: '10' })}>
      <StatGrid
        stats={[
          { key: 'pass-rate', label: t('reports.statPassRate'), value: percent(overall.passRate), raw: overall.passRate },
          { key: 'runs', label: t('reports.statRuns'), value: number(report.runs.length), raw: report.runs.length },
          { key: 'cases', label: t('reports.statResults'), value: number(overall.total), raw: overall.total },
          { key: 'failed', label: t('labels.status_failed'), value: number(overall.counts.failed), raw: overall.counts.failed },
          { key: 'blocked', label: t('labels.status_blocked'), value: number(overall.counts.blocked), raw: overall.counts.blocked },
          { key: 'flaky', label: t('reports.statFlaky'), value: number(report.flaky.length), raw: report.flaky.length },
        ]}
      />

      <SectionBlock id="report-runs" title={t('reports.runsTitle')} lead={t('reports.runsLead')} testId="report-runs">
        <Table.Container aria-label={t('reports.runsTitle')} className={css({ position: 'relative' })}>
          <Table.Root>
            <Heads
              columns={[
                { label: t('reports.run') },
                { label: t('reports.runState') },
                { label: t('reports.results') },
                { label: t('reports.suite') },
                { label: t('reports.portal') },
                { label: t('reports.export'), printHidden: true },
              ]}
            />
            <Table.Body>
              {report.runs.map((run) => (
                <Table.Row key={run.id} data-testid="report-run-row">
                  <Table.Header scope="row" className={wrapCell}>
                    <a href={runHref(run.id)} className={link}>
                      {run.name}
                    </a>
                    <br />
                    <time dateTime={run.createdAt.toISOString()} className={muted} suppressHydrationWarning>
                      {intl.formatDate(run.createdAt, { dateStyle: 'medium' })}
                    </time>
                  </Table.Header>
                  <Table.Cell>
                    <Badge tone={STATE_TONES[run.state]} size="sm">
                      {t(`labels.runState_${run.state}`)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell className={css({ minW: '56' })}>
                    <RunProgress counts={run.counts} total={run.total} passRate={run.passRate} />
                  </Table.Cell>
                  <Table.Cell className={wrapCell}>{run.suiteName ?? <span className={muted}>{t('reports.noSuite')}</span>}</Table.Cell>
                  <Table.Cell className={wrapCell}>{run.portalName ?? <span className={muted}>{t('reports.noPortal')}</span>}</Table.Cell>
                  <Table.Cell data-print="hide">
                    <a href={runExportHref(run.id, 'junit')} className={link} download aria-label={t('reports.junitOf', { run: run.name })}>
                      {t('reports.junit')}
                    </a>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.Container>
      </SectionBlock>

      <SectionBlock id="report-time" title={t('reports.timeTitle')} lead={t('reports.timeLead')} testId="report-time">
        <LineChart
          title={t('reports.timeChart')}
          series={[{ key: 'pass-rate', label: t('reports.statPassRate'), points: report.overTime.map((day) => ({ at: dayDate(day.day), value: day.passRate, display: percent(day.passRate) })) }]}
          yMax={1}
          yTicks={[0, 0.25, 0.5, 0.75, 1]}
          formatY={(value) => percent(value)}
          formatDate={dateOnly}
          seriesHeader={t('reports.figure')}
          dateHeader={t('reports.day')}
          valueHeader={t('reports.statPassRate')}
          testId="time-chart"
        />
        <details className={css({ '& > summary': { cursor: 'pointer', color: 'primary.text', fontSize: 'sm', fontWeight: '500', textDecoration: 'underline', width: 'fit-content' } })}>
          <summary>{t('reports.dailyFigures')}</summary>
          <ChartTable
            caption={t('reports.dailyFigures')}
            headers={[t('reports.day'), t('reports.statRuns'), t('reports.resultsRecorded'), t('reports.statPassRate')]}
            rows={report.overTime.map((day) => ({ key: day.day, cells: [dateOnly(dayDate(day.day)), number(day.runs), number(day.results), percent(day.passRate)] }))}
          />
        </details>
      </SectionBlock>

      <div className={twoColumns}>
        <SectionBlock id="report-priority" title={t('reports.priorityTitle')} testId="report-priority">
          {overall.total === 0 ? (
            <Empty>{t('reports.noResults')}</Empty>
          ) : (
            <StatusBars
              title={t('reports.priorityTitle')}
              rowHeader={t('reports.priority')}
              rows={report.byPriority.filter((group) => group.total > 0).map((group) => ({ key: group.key, label: t(PRIORITY_LABELS[group.key]), figure: group }))}
              testId="priority-chart"
            />
          )}
        </SectionBlock>
        <SectionBlock id="report-suite" title={t('reports.suiteTitle')} testId="report-suite">
          <StatusBars title={t('reports.suiteTitle')} rowHeader={t('reports.suite')} rows={report.bySuite.map((group) => ({ key: group.key ?? '-', label: group.label ?? t('reports.noSuite'), figure: group }))} testId="suite-chart" />
        </SectionBlock>
        <SectionBlock id="report-folder" title={t('reports.folderTitle')} testId="report-folder">
          <StatusBars title={t('reports.folderTitle')} rowHeader={t('reports.folder')} rows={report.byFolder.map((group) => ({ key: group.key || '-', label: group.key || t('reports.topFolder'), figure: group }))} testId="folder-chart" />
        </SectionBlock>
        <SectionBlock id="report-portal" title={t('reports.portalTitle')} testId="report-portal">
          <StatusBars title={t('reports.portalTitle')} rowHeader={t('reports.portal')} rows={report.byPortal.map((group) => ({ key: group.key ?? '-', label: group.label ?? t('reports.noPortal'), figure: group }))} testId="portal-chart" />
        </SectionBlock>
        <SectionBlock id="report-dataset" title={t('reports.datasetTitle')} lead={t('reports.datasetLead')} testId="report-dataset">
          {report.byDataset.length === 0 ? (
            <Empty>{t('reports.noDatasets')}</Empty>
          ) : (
            <StatusBars title={t('reports.datasetTitle')} rowHeader={t('reports.dataset')} rows={report.byDataset.map((group) => ({ key: group.key, label: group.label, figure: group }))} testId="dataset-chart" />
          )}
        </SectionBlock>
      </div>

      <SectionBlock id="report-flaky" title={t('reports.flakyTitle')} lead={t('reports.flakyLead')} testId="report-flaky">
        {report.flaky.length === 0 ? (
          <Empty testId="flaky-none">{t('reports.noFlaky')}</Empty>
        ) : (
          <Table.Container aria-label={t('reports.flakyTitle')}>
            <Table.Root density="compact">
              <Heads
                columns={[
                  { label: t('reports.case') },
                  { label: t('reports.flips'), align: 'end' },
                  { label: t('labels.status_passed'), align: 'end' },
                  { label: t('labels.status_failed'), align: 'end' },
                  { label: t('reports.recentOutcomes') },
                ]}
              />
              <Table.Body>
                {report.flaky.map((item) => (
                  <Table.Row key={item.caseId} data-testid="flaky-row">
                    <CaseHeader caseId={item.caseId} caseKey={item.key} title={item.title} />
                    <Table.Cell align="end" data-testid="flaky-flips">
                      {number(item.flips)}
                    </Table.Cell>
                    <Table.Cell align="end">{number(item.passed)}</Table.Cell>
                    <Table.Cell align="end">{number(item.failed)}</Table.Cell>
                    <Table.Cell className={css({ whiteSpace: 'normal', minW: '48', fontSize: 'sm' })}>
                      {t('reports.outcomesInRuns', { count: item.runs, outcomes: intl.formatList(item.statuses.map((status) => t(`labels.status_${status ?? 'untested'}`)), { type: 'unit' }) })}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.Container>
        )}
      </SectionBlock>

      <div className={twoColumns}>
        <SectionBlock id="report-blocked" title={t('reports.blockedTitle')} lead={t('reports.blockedLead')} testId="report-blocked">
          {report.blockedCauses.length === 0 ? (
            <Empty>{t('reports.noBlocked')}</Empty>
          ) : (
            <BarChart
              title={t('reports.blockedTitle')}
              data={report.blockedCauses.map((item, index) => ({
                key: `${index}`,
                label: item.source === 'check' ? t('reports.causeCheck', { code: item.label ?? (item.cause || '–') }) : item.cause || t('reports.causeNone'),
                value: item.count,
                display: number(item.count),
                tone: 'blocked',
              }))}
              labelHeader={t('reports.cause')}
              valueHeader={t('reports.blockedResults')}
              testId="blocked-chart"
            />
          )}
        </SectionBlock>
        <SectionBlock id="report-checks" title={t('reports.checksTitle')} lead={t('reports.checksLead')} testId="report-checks">
          {report.checkFailures.length === 0 ? (
            <Empty>{t('reports.noCheckFailures')}</Empty>
          ) : (
            <StackedBarChart
              title={t('reports.checksTitle')}
              series={[
                { key: 'failed', label: t('labels.status_failed'), tone: 'failed' },
                { key: 'blocked', label: t('labels.status_blocked'), tone: 'blocked' },
                { key: 'other', label: t('reports.otherOutcomes'), tone: 'skipped' },
              ]}
              rows={report.checkFailures.map((item) => ({ key: item.check, label: checkLabel(t, intl.messages, item.check), values: { failed: item.failed, blocked: item.blocked, other: item.total - item.failed - item.blocked } }))}
              rowHeader={t('reports.checkType')}
              labelRows
              testId="checks-chart"
            />
          )}
        </SectionBlock>
      </div>

      <SectionBlock id="report-slowest" title={t('reports.slowestTitle')} lead={t('reports.slowestLead')} testId="report-slowest">
        {report.slowest.length === 0 ? (
          <Empty>{t('reports.noChecks')}</Empty>
        ) : (
          <Table.Container aria-label={t('reports.slowestTitle')}>
            <Table.Root density="compact">
              <Heads
                columns={[
                  { label: t('reports.case') },
                  { label: t('reports.checkType') },
                  { label: t('reports.run') },
                  { label: t('reports.outcome') },
                  { label: t('reports.duration'), align: 'end' },
                ]}
              />
              <Table.Body>
                {report.slowest.map((item, index) => (
                  <Table.Row key={`${item.runId}-${item.caseId}-${index}`} data-testid="slowest-row">
                    <CaseHeader caseId={item.caseId} caseKey={item.key} title={item.title} />
                    <Table.Cell>{checkLabel(t, intl.messages, item.check)}</Table.Cell>
                    <Table.Cell className={wrapCell}>
                      <a href={runHref(item.runId)} className={link}>
                        {item.runName}
                      </a>
                    </Table.Cell>
                    <Table.Cell>
                      <StatusBadge status={item.status} size="sm">
                        {t(`labels.status_${item.status}`)}
                      </StatusBadge>
                    </Table.Cell>
                    <Table.Cell align="end">{intl.formatNumber(item.durationMs / 1000, { style: 'unit', unit: 'second', minimumFractionDigits: 1, maximumFractionDigits: 1 })}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.Container>
        )}
      </SectionBlock>
    </div>
  )
}

/** A check type by its name in the user's language (a type this version does not know stays as stored). */
function checkLabel(t: ReturnType<typeof useT>, messages: Record<string, unknown>, check: string): string {
  const key = `checktypes.${check}`
  return key in messages ? t(key as MessageKey) : check
}
