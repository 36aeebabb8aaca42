import type { ReactNode } from 'react'
import { Badge, StatusBadge } from '../../../components/ui/badge.tsx'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { roleAtLeast } from '../../../lib/domain/test-management.ts'
import type { JunitNotice } from '../../../lib/forms/junit-notice.ts'
import { useIntl, useT } from '../../../lib/i18n/I18nProvider.tsx'
import { lazyWithGroups } from '../../../components/lazy-with-groups.tsx'
import { projectHref, runExportHref } from '../../../lib/routing/project-links.ts'
import { css, cx } from '../../../styled-system/css'
import { DateTime } from '../../../components/DateTime.tsx'
import { muted, plainList } from './bits.tsx'
import { CASE_FILTER_STATUSES, progressShares } from './execution.ts'
import type { RunDetail, RunInfo } from './types.ts'
import { AutomationBar } from './AutomationBar.tsx'

// The state actions need JavaScript (they render nothing before it runs): their code loads after the page's.
const StateActions = lazyWithGroups([], () => import('./StateActions.tsx'))

// The JUnit import and its texts (3 KB of catalogue, 2 KB of code) load after the page; its form is in the first HTML.
const JunitImport = lazyWithGroups(['junit'], () => import('./JunitImport.tsx'))

const STATE_TONES = { open: 'neutral', in_progress: 'info', completed: 'success' } as const

// Static class names, so that Panda finds every status colour in the source.
const SEGMENT = {
  passed: css({ bg: 'status.passed.fg' }),
  failed: css({ bg: 'status.failed.fg' }),
  blocked: css({ bg: 'status.blocked.fg' }),
  skipped: css({ bg: 'status.skipped.fg' }),
  untested: css({ bg: 'status.untested.fg' }),
}

/** The run's name, state, where its cases came from and what it runs against, its progress, and its state actions. */
export function RunHeader({ detail, info, junitNotice, onChanged }: { detail: RunDetail; info: RunInfo; junitNotice: JunitNotice | null; onChanged: () => void }) {
  const t = useT()
  const { run } = detail
  return (
    <header className={css({ display: 'grid', gap: '3', mb: '6' })}>
      <p>
        <a href={projectHref('runs', detail.project.id)}>{t('execution.backToRuns')}</a>
      </p>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
        <h1 id="page-title" className={css({ fontSize: '2xl', fontWeight: '600', overflowWrap: 'anywhere' })}>
          {info.name}
        </h1>
        <Badge tone={STATE_TONES[run.state]} data-testid="run-state">
          {t(`labels.runState_${run.state}`)}
        </Badge>
      </div>
      <dl className={css({ display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(auto-fill, minmax(12rem, 1fr))' }, gap: '3', fontSize: 'sm' })}>
        <Fact term={t('execution.source')}>{info.source === 'suite' ? (info.suiteName ?? t('execution.deletedSuite')) : t('execution.sourceSelection')}</Fact>
        <Fact term={t('execution.portal')}>{info.portalName ?? <span className={muted}>{t('execution.none')}</span>}</Fact>
        <Fact term={t('execution.environment')}>{info.environment.trim() ? info.environment : <span className={muted}>{t('execution.none')}</span>}</Fact>
        <Fact term={t('execution.build')}>
          {info.build || info.commit ? (
            <span className={css({ fontFamily: 'mono', overflowWrap: 'anywhere' })}>{[info.build, info.commit].filter(Boolean).join(' · ')}</span>
          ) : (
            <span className={muted}>{t('execution.none')}</span>
          )}
        </Fact>
      </dl>
      <Progress detail={detail} />
      <Exports runId={run.id} />
      <AutomationBar detail={detail} onChanged={onChanged} />
      {roleAtLeast(detail.role, 'tester') && run.state !== 'completed' ? <JunitImport runId={run.id} role={detail.role} notice={junitNotice} onImported={onChanged} /> : null}
      {run.state === 'completed' ? (
        <FormAlert tone="info">
          <span data-testid="run-completed-note">
            {t('execution.completedNote')} {run.completedAt ? <DateTime value={run.completedAt} /> : null}
          </span>
        </FormAlert>
      ) : null}
      <StateActions detail={detail} onChanged={onChanged} />
    </header>
  )
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={css({ minW: '0' })}>
      <dt className={muted}>{term}</dt>
      <dd className={css({ overflowWrap: 'anywhere' })}>{children}</dd>
    </div>
  )
}

/** Plain download links (they work without JavaScript): the server answers each with a file. */
function Exports({ runId }: { runId: string }) {
  const t = useT()
  const link = css({ display: 'inline-flex', alignItems: 'center', minH: '10', px: '1' })
  return (
    <nav aria-labelledby="run-export-label" className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', fontSize: 'sm' })} data-testid="run-exports">
      <span id="run-export-label" className={muted}>
        {t('execution.exportLabel')}
      </span>
      <ul className={cx(plainList, css({ display: 'flex', flexWrap: 'wrap', gap: '3' }))}>
        <li>
          <a className={link} href={runExportHref(runId, 'junit')} download>
            {t('execution.exportJunit')}
          </a>
        </li>
        <li>
          <a className={link} href={runExportHref(runId, 'csv')} download>
            {t('execution.exportCsv')}
          </a>
        </li>
        <li>
          <a className={link} href={runExportHref(runId, 'json')} download>
            {t('execution.exportJson')}
          </a>
        </li>
      </ul>
    </nav>
  )
}

/** A bar split by status, with the figures written out beside it (the colours never carry the meaning alone). */
function Progress({ detail }: { detail: RunDetail }) {
  const t = useT()
  const intl = useIntl()
  const shares = progressShares(detail.counts)
  return (
    <section aria-labelledby="progress-heading" className={css({ display: 'grid', gap: '2' })}>
      <h2 id="progress-heading" className={css({ fontSize: 'md', fontWeight: '600' })}>
        {t('execution.progress')}{' '}
        <span data-testid="pass-rate" className={css({ fontWeight: '400' })}>
          {detail.passRate === null ? t('execution.noCases') : t('execution.passRate', { rate: intl.formatNumber(detail.passRate, { style: 'percent', maximumFractionDigits: 0 }) })}
        </span>
      </h2>
      <div aria-hidden="true" className={css({ display: 'flex', h: '3', borderRadius: 'full', overflow: 'hidden', bg: 'surface.raised', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border' })}>
        {CASE_FILTER_STATUSES.map((status) => (shares[status] > 0 ? <div key={status} className={SEGMENT[status]} style={{ width: `${shares[status]}%` }} /> : null))}
      </div>
      <ul className={cx(plainList, css({ display: 'flex', flexWrap: 'wrap', gap: '2' }))} data-testid="run-counts">
        {CASE_FILTER_STATUSES.map((status) => (
          <li key={status}>
            <StatusBadge status={status} data-testid={`count-${status}`}>
              {t('execution.countOf', { status: t(`labels.status_${status}`), count: detail.counts[status], total: detail.total })}
            </StatusBadge>
          </li>
        ))}
      </ul>
    </section>
  )
}
