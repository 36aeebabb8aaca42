import { Badge, StatusBadge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { DateTime } from '../../../components/DateTime.tsx'
import { LinkPager } from '../../../components/LinkPager.tsx'
import { caseResultsHref, EMPTY_CASE_RESULTS_QUERY, pageCount, type CaseResultsQuery } from '../../../lib/domain/case-results.ts'
import { RESULT_STATUSES, type ResultStatus } from '../../../lib/domain/test-runs.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { caseHref, runHref } from '../../../lib/routing/project-links.ts'
import { css, cx } from '../../../styled-system/css'
import { input } from '../../../styled-system/recipes'
import type { Data } from './+data.ts'

type Results = Data['results']

const muted = css({ color: 'text.muted' })
const plainList = css({ listStyle: 'none', p: '0', m: '0' })
const select = cx(input({ size: 'md' }), css({ appearance: 'auto', pe: '2', minW: '0', w: 'full' }))

// Static class names, so that Panda finds every status colour in the source. A symbol in each cell, so colour never
// carries the meaning alone (the link's name says it in words).
const CELL = {
  passed: css({ bg: 'status.passed.bg', color: 'status.passed.fg', borderColor: 'status.passed.fg' }),
  failed: css({ bg: 'status.failed.bg', color: 'status.failed.fg', borderColor: 'status.failed.fg' }),
  blocked: css({ bg: 'status.blocked.bg', color: 'status.blocked.fg', borderColor: 'status.blocked.fg' }),
  skipped: css({ bg: 'status.skipped.bg', color: 'status.skipped.fg', borderColor: 'status.skipped.fg' }),
  untested: css({ bg: 'status.untested.bg', color: 'status.untested.fg', borderColor: 'status.untested.fg' }),
}
const SYMBOL = { passed: '✓', failed: '✗', blocked: '!', skipped: '»', untested: '–' } as const

/**
 * The case's results in every run: the strip of its outcome in its newest runs, the filters (a plain GET form, so
 * the history reads and filters without JavaScript), a page of results newest first, and links to more pages.
 */
export default function CaseResults({ caseId, results, query }: { caseId: string; results: Results; query: CaseResultsQuery }) {
  const t = useT()
  const filtered = query.status !== null || query.runId !== null || query.build !== null
  const href = (changes: Partial<CaseResultsQuery>) => caseResultsHref(caseHref(caseId), { ...query, ...changes })
  return (
    <section aria-labelledby="results-heading" id="results" className={css({ mb: '8', minW: '0', display: 'grid', gap: '4' })} data-testid="case-results">
      <h2 id="results-heading" className={css({ fontSize: 'xl', fontWeight: '600' })}>
        {t('cases.resultsTitle')}
      </h2>
      {results.strip.length === 0 ? (
        <p className={muted} data-testid="case-results-none">
          {t('cases.resultsNone')}
        </p>
      ) : (
        <>
          <OutcomeStrip strip={results.strip} />
          <Filters caseId={caseId} results={results} query={query} filtered={filtered} />
          <p role="status" className={css({ fontSize: 'sm' })} data-testid="case-results-count">
            {t('cases.resultsCount', { count: results.total })}
          </p>
          {results.results.length === 0 ? (
            <p className={muted} data-testid="case-results-none-match">
              {results.total > 0 ? (
                <>
                  {t('cases.resultsPageEmpty')} <a href={href({ page: 1 })}>{t('cases.resultsFirstPage')}</a>
                </>
              ) : filtered ? (
                <>
                  {t('cases.resultsNoneMatch')} <a href={caseResultsHref(caseHref(caseId), EMPTY_CASE_RESULTS_QUERY)}>{t('cases.resultsClear')}</a>
                </>
              ) : (
                t('cases.resultsNoneYet')
              )}
            </p>
          ) : (
            <ol className={cx(plainList, css({ display: 'grid', gap: '3' }))} aria-label={t('cases.resultsListLabel')}>
              {results.results.map((result) => (
                <ResultItem key={result.id} result={result} />
              ))}
            </ol>
          )}
          <LinkPager page={query.page} totalPages={pageCount(results.total, results.pageSize)} hrefFor={(page) => href({ page })} label={t('cases.resultsPages')} />
        </>
      )}
    </section>
  )
}

function OutcomeStrip({ strip }: { strip: Results['strip'] }) {
  const t = useT()
  // Oldest on the left, as a timeline reads.
  const cells = [...strip].reverse()
  return (
    <div className={css({ display: 'grid', gap: '2' })}>
      <h3 id="strip-label" className={css({ fontSize: 'sm', fontWeight: '600' })}>
        {t('cases.resultsStripLabel', { count: strip.length })}
      </h3>
      <ol aria-labelledby="strip-label" className={cx(plainList, css({ display: 'flex', flexWrap: 'wrap', gap: '1' }))} data-testid="outcome-strip">
        {cells.map((cell) => {
          const status = cell.status ?? 'untested'
          return (
            <li key={cell.runId}>
              <a
                href={runHref(cell.runId)}
                aria-label={t('cases.resultsStripCell', { run: cell.runName, status: t(`labels.status_${status}`) })}
                title={t('cases.resultsStripCell', { run: cell.runName, status: t(`labels.status_${status}`) })}
                data-status={status}
                className={cx(
                  CELL[status],
                  css({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', w: '6', h: '8', borderWidth: '1px', borderStyle: 'solid', borderRadius: 'l1', fontWeight: '700', textDecoration: 'none', fontSize: 'sm' }),
                )}
              >
                <span aria-hidden="true">{SYMBOL[status]}</span>
              </a>
            </li>
          )
        })}
      </ol>
    </div>
  )
}

function Filters({ caseId, results, query, filtered }: { caseId: string; results: Results; query: CaseResultsQuery; filtered: boolean }) {
  const t = useT()
  const label = css({ fontSize: 'sm', fontWeight: '500' })
  const field = css({ display: 'grid', gap: '1.5', minW: '0', flex: '1 1 10rem', maxW: { sm: '16rem' } })
  // A run or build named in the address but no longer offered is still shown, so the form says what is applied.
  const runs = query.runId && !results.options.runs.some((run) => run.id === query.runId) ? [...results.options.runs, { id: query.runId, name: query.runId }] : results.options.runs
  const builds = query.build && !results.options.builds.includes(query.build) ? [...results.options.builds, query.build] : results.options.builds
  return (
    <form method="get" action={`${caseHref(caseId)}#results`} className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'end' })} data-testid="case-results-filters">
      <div className={field}>
        <label htmlFor="results-status" className={label}>
          {t('cases.resultsFilterStatus')}
        </label>
        <select id="results-status" name="status" defaultValue={query.status ?? ''} className={select}>
          <option value="">{t('cases.resultsAny')}</option>
          {RESULT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`labels.status_${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={field}>
        <label htmlFor="results-run" className={label}>
          {t('cases.resultsFilterRun')}
        </label>
        <select id="results-run" name="run" defaultValue={query.runId ?? ''} className={select}>
          <option value="">{t('cases.resultsAny')}</option>
          {runs.map((run) => (
            <option key={run.id} value={run.id}>
              {run.name}
            </option>
          ))}
        </select>
      </div>
      <div className={field}>
        <label htmlFor="results-build" className={label}>
          {t('cases.resultsFilterBuild')}
        </label>
        <select id="results-build" name="build" defaultValue={query.build ?? ''} className={select}>
          <option value="">{t('cases.resultsAny')}</option>
          {builds.map((build) => (
            <option key={build} value={build}>
              {build}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline">
        {t('cases.resultsApply')}
      </Button>
      {filtered ? (
        <a href={caseResultsHref(caseHref(caseId), EMPTY_CASE_RESULTS_QUERY)} className={css({ minH: '10', display: 'inline-flex', alignItems: 'center' })}>
          {t('cases.resultsClear')}
        </a>
      ) : null}
    </form>
  )
}

function ResultItem({ result }: { result: Results['results'][number] }) {
  const t = useT()
  const small = css({ fontSize: 'sm' })
  return (
    <li
      className={css({ borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l2', p: '3', display: 'grid', gap: '2', minW: '0' })}
      data-testid="case-result"
      data-status={result.status}
    >
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
        <StatusBadge status={result.status as ResultStatus} />
        <a href={`${runHref(result.run.id)}?case=${encodeURIComponent(result.runCaseId)}`} className={css({ fontWeight: '600', overflowWrap: 'anywhere' })} data-testid="case-result-run">
          {result.run.name}
        </a>
        {result.run.state === 'completed' ? (
          <Badge size="sm" variant="outline">
            {t('labels.runState_completed')}
          </Badge>
        ) : null}
      </div>
      <p className={cx(small, muted)}>
        {t('cases.resultsBy', { name: result.recordedBy ?? t('cases.unknownUser') })} <DateTime value={result.recordedAt} /> · {t('cases.resultsVersion', { version: result.caseVersion })}
      </p>
      {result.run.build || result.run.environment.trim() ? (
        <dl className={cx(small, css({ display: 'flex', flexWrap: 'wrap', columnGap: '4', rowGap: '1' }))}>
          {result.run.build ? (
            <div className={css({ display: 'flex', gap: '1', minW: '0' })}>
              <dt className={muted}>{t('cases.resultsFilterBuild')}:</dt>
              <dd className={css({ fontFamily: 'mono', overflowWrap: 'anywhere' })} data-testid="case-result-build">
                {result.run.build}
              </dd>
            </div>
          ) : null}
          {result.run.environment.trim() ? (
            <div className={css({ display: 'flex', gap: '1', minW: '0' })}>
              <dt className={muted}>{t('cases.resultsEnvironment')}:</dt>
              <dd className={css({ overflowWrap: 'anywhere' })}>{result.run.environment}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {result.comment.trim() ? (
        <p className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })} data-testid="case-result-comment">
          {result.comment}
        </p>
      ) : null}
      {result.defects.length > 0 ? (
        <p className={small} data-testid="case-result-defects">
          <span className={muted}>{t('cases.resultsDefects')}:</span> {result.defects.join(', ')}
        </p>
      ) : null}
      {result.steps.length > 0 ? (
        <ol className={cx(plainList, small, css({ display: 'grid', gap: '1' }))} aria-label={t('cases.resultsSteps')} data-testid="case-result-steps">
          {result.steps.map((step, index) => (
            <li key={step.stepId} className={css({ overflowWrap: 'anywhere' })}>
              {t('cases.resultsStep', { number: index + 1, status: t(`labels.status_${step.status}`) })}
              {step.actual.trim() ? <span className={muted}> — {step.actual}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {result.evidence ? (
        <p className={small}>
          <a href={`${runHref(result.run.id)}?case=${encodeURIComponent(result.runCaseId)}`}>{t('cases.resultsEvidence')}</a>
        </p>
      ) : null}
    </li>
  )
}
