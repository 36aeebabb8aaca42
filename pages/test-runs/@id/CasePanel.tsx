import type { ReactNode } from 'react'
import { Badge, PriorityBadge, StatusBadge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { isCheckEvidence } from '../../../lib/domain/checks.ts'
import { Input, Textarea } from '../../../components/ui/input.tsx'
import { STEP_STATUSES, type ResultStatus, type StepResult } from '../../../lib/domain/test-runs.ts'
import type { Priority } from '../../../lib/domain/test-management.ts'
import { useLocale, useT } from '../../../lib/i18n/I18nProvider.tsx'
import { lazyWithGroups } from '../../../components/lazy-with-groups.tsx'
import { caseHref } from '../../../lib/routing/project-links.ts'
import { css, cx } from '../../../styled-system/css'
import { checkRow, nativeSelect } from '../../../components/native-controls.ts'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { DateTime } from '../../../components/DateTime.tsx'
import { fieldLabel, kbd, muted, panel, plainList, preWrap, sectionHeading } from './bits.tsx'
import type { Draft } from './draft.ts'
import { formatElapsedMs, parseDefects } from './execution.ts'
import type { CaseProblem } from './use-run-execution.ts'
import type { ConflictResult, PinnedStep, ResultItem, RunCase } from './types.ts'
import { ResultAttachments } from './ResultAttachments.tsx'
import { RecordBar } from './RecordBar.tsx'
import { isJunitEvidence } from '../../../lib/domain/junit-evidence.ts'

// A check's evidence and its texts load after the page (only automated results have it); the server renders it in place.
const CheckEvidenceView = lazyWithGroups(['checks', 'evidence'], () => import('../../../components/CheckEvidenceView.tsx'))
const JunitEvidenceView = lazyWithGroups([], () => import('./JunitEvidenceView.tsx'))


export type RecordControls = {
  canRecord: boolean
  readOnlyReason: string | null
  draft: Draft
  edit: (change: (draft: Draft) => Draft) => void
  record: (status: ResultStatus, options?: { force?: boolean; thenNext?: boolean }) => void
  recording: boolean
  problem: CaseProblem | undefined
  discard: () => void
  move: (step: 1 | -1) => void
  hasPrevious: boolean
  hasNext: boolean
  /** A result someone stored for this case after the tester started typing (recording will ask which to keep). */
  newerMeanwhile: { recordedBy: string | null; status: ResultStatus } | null
}

/** The open case: its steps as the run pinned them, the form to record a result, and every result so far. */
export function CasePanel({
  runCase,
  content,
  loading,
  controls,
  assignment,
}: {
  runCase: RunCase
  content: { steps: PinnedStep[]; preconditions: string; results: ResultItem[] } | null
  loading: boolean
  controls: RecordControls
  /** The case's tester and its assignment history (CaseAssignment.tsx). */
  assignment?: ReactNode
}) {
  const t = useT()
  const hydrated = useHydrated()
  const steps = content?.steps ?? []
  const latest = content?.results[0] ?? null
  return (
    <section aria-labelledby="open-case-heading" className={css({ display: 'grid', gap: '5', minW: '0', alignContent: 'start' })} data-testid="open-case">
      <div className={css({ display: 'grid', gap: '2' })}>
        <p className={cx(muted, css({ fontFamily: 'mono', fontSize: 'sm' }))}>
          {runCase.key}
          {runCase.sectionName ? ` · ${runCase.sectionName}` : ''}
        </p>
        <h2 id="open-case-heading" tabIndex={-1} className={css({ fontSize: 'xl', fontWeight: '600', overflowWrap: 'anywhere', _focusVisible: { outline: '2px solid', outlineColor: 'focus', outlineOffset: '2px' } })}>
          {runCase.title}
        </h2>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', fontSize: 'sm' })}>
          <StatusBadge status={runCase.latest?.status ?? 'untested'} data-testid="open-case-status" />
          <PriorityBadge priority={runCase.priority as Priority} />
          {runCase.latest?.retest ? <Badge tone="warning">{t('execution.retest')}</Badge> : null}
          <span className={muted}>{t('execution.pinnedVersion', { version: runCase.caseVersion })}</span>
          {runCase.currentVersion !== runCase.caseVersion ? <Badge tone="info">{t('execution.caseChanged', { version: runCase.currentVersion })}</Badge> : null}
          {!runCase.deleted ? <a href={caseHref(runCase.caseId)}>{t('execution.openCase')}</a> : <span className={muted}>{t('execution.caseDeleted')}</span>}
          {/* On a phone the list of cases comes after the open case. */}
          <a href="#cases-heading" className={css({ display: { base: 'inline', lg: 'none' } })}>
            {t('execution.toCaseList')}
          </a>
        </div>
      </div>
      {assignment}

      {hydrated ? (
        <nav aria-label={t('execution.caseNavigation')} className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          <Button variant="outline" disabled={!controls.hasPrevious} onClick={() => controls.move(-1)}>
            {t('execution.previous')}
          </Button>
          <Button variant="outline" disabled={!controls.hasNext} onClick={() => controls.move(1)}>
            {t('execution.next')}
          </Button>
        </nav>
      ) : null}

      {content?.preconditions.trim() ? (
        <section aria-labelledby="preconditions-heading">
          <h3 id="preconditions-heading" className={sectionHeading}>
            {t('execution.preconditions')}
          </h3>
          <p className={preWrap}>{content.preconditions}</p>
        </section>
      ) : null}

      <section aria-labelledby="steps-heading">
        <h3 id="steps-heading" className={sectionHeading}>
          {t('execution.steps')}
        </h3>
        {loading && !content ? (
          <Skeleton className={css({ h: '24' })} />
        ) : steps.length === 0 ? (
          <p className={muted}>{t('execution.noSteps')}</p>
        ) : (
          <ol className={cx(plainList, css({ display: 'grid', gap: '3' }))}>
            {steps.map((step, index) => (
              <StepItem key={step.id} step={step} index={index} controls={controls} lastOutcome={latest?.steps.find((outcome) => outcome.stepId === step.id) ?? null} />
            ))}
          </ol>
        )}
      </section>

      <RecordForm controls={controls} />
      <RecordBar controls={controls} />

      <section aria-labelledby="history-heading">
        <h3 id="history-heading" className={sectionHeading}>
          {t('execution.history')}
        </h3>
        {loading && !content ? (
          <Skeleton className={css({ h: '16' })} />
        ) : !content || content.results.length === 0 ? (
          <p className={muted} data-testid="no-results">
            {t('execution.noResults')}
          </p>
        ) : (
          <ol className={cx(plainList, css({ display: 'grid', gap: '3' }))} data-testid="result-history">
            {content.results.map((result, index) => (
              <li key={result.id} className={panel} data-testid="history-entry">
                <ResultSummary result={result} steps={steps} latest={index === 0} />
                {index === 0 && result.id > 0 ? <ResultAttachments resultId={result.id} canWrite={controls.canRecord} /> : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  )
}

function StepItem({ step, index, controls, lastOutcome }: { step: PinnedStep; index: number; controls: RecordControls; lastOutcome: StepResult | null }) {
  const t = useT()
  const own = controls.draft.steps[step.id] ?? { status: 'untested' as const, actual: '' }
  const set = (change: Partial<{ status: StepResult['status']; actual: string }>) =>
    controls.edit((draft) => ({ ...draft, steps: { ...draft.steps, [step.id]: { status: 'untested', actual: '', ...draft.steps[step.id], ...change } } }))
  const texts = step.kind === 'step' ? [step] : step.steps
  return (
    <li className={cx(panel, css({ display: 'grid', gap: '2' }))} data-testid="step">
      <p className={css({ fontWeight: '600' })}>
        {t('execution.stepNumber', { number: index + 1 })}
        {step.kind === 'shared' ? ` · ${step.title ?? t('execution.sharedStepGone')}` : ''}
      </p>
      {texts.map((text, textIndex) => (
        <dl key={textIndex} className={css({ display: 'grid', gap: '1', fontSize: 'sm' })}>
          <dt className={muted}>{t('execution.action')}</dt>
          <dd className={preWrap}>{text.action || '—'}</dd>
          {text.data ? (
            <>
              <dt className={muted}>{t('execution.data')}</dt>
              <dd className={preWrap}>{text.data}</dd>
            </>
          ) : null}
          <dt className={muted}>{t('execution.expected')}</dt>
          <dd className={preWrap}>{text.expected || '—'}</dd>
        </dl>
      ))}
      {lastOutcome ? (
        <p className={css({ fontSize: 'sm', display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
          <span className={muted}>{t('execution.lastOutcome')}</span>
          <StatusBadge status={lastOutcome.status} size="sm" />
          {lastOutcome.actual ? <span className={preWrap}>{lastOutcome.actual}</span> : null}
        </p>
      ) : null}
      {controls.canRecord ? (
        <div className={css({ display: 'grid', gap: '2', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: '12rem minmax(0, 1fr)' } })}>
          <div>
            <label htmlFor={`step-status-${step.id}`} className={fieldLabel}>
              {t('execution.stepStatus', { number: index + 1 })}
            </label>
            <select id={`step-status-${step.id}`} className={cx(nativeSelect, css({ w: '100%' }))} value={own.status} onChange={(event) => set({ status: event.target.value as StepResult['status'] })}>
              {STEP_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`labels.status_${status}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`step-actual-${step.id}`} className={fieldLabel}>
              {t('execution.actual', { number: index + 1 })}
            </label>
            <Textarea id={`step-actual-${step.id}`} rows={2} value={own.actual} maxLength={5000} onChange={(event) => set({ actual: event.target.value })} />
          </div>
        </div>
      ) : null}
    </li>
  )
}

/** The result fields and the four status buttons (each records); the refusal, busy and conflict notes beside them. */
function RecordForm({ controls }: { controls: RecordControls }) {
  const t = useT()
  const hydrated = useHydrated()
  if (!controls.canRecord) {
    return controls.readOnlyReason ? (
      <p className={muted} data-testid="read-only-note">
        {controls.readOnlyReason}
      </p>
    ) : null
  }
  if (!hydrated) return <p className={muted}>{t('execution.needsJavaScript')}</p>
  const { draft, edit, problem } = controls
  return (
    <section aria-labelledby="record-heading" className={cx(panel, css({ display: 'grid', gap: '3' }))}>
      <h3 id="record-heading" className={css({ fontSize: 'lg', fontWeight: '600' })}>
        {t('execution.recordHeading')}
      </h3>
      <div>
        <label htmlFor="result-comment" className={fieldLabel}>
          {t('execution.comment')}
        </label>
        <Textarea id="result-comment" rows={3} value={draft.comment} maxLength={20_000} onChange={(event) => {
            const comment = event.target.value
            edit((d) => ({ ...d, comment }))
          }} />
      </div>
      <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 2fr)' } })}>
        <div>
          <label htmlFor="result-elapsed" className={fieldLabel}>
            {t('execution.elapsed')}
          </label>
          <Input
            id="result-elapsed"
            inputMode="decimal"
            value={draft.elapsed}
            aria-describedby="result-elapsed-hint"
            aria-invalid={problem?.kind === 'field' && problem.field === 'elapsed' ? true : undefined}
            onChange={(event) => {
              const elapsed = event.target.value
              edit((d) => ({ ...d, elapsed }))
            }}
          />
          <p id="result-elapsed-hint" className={cx(muted, css({ fontSize: 'sm' }))}>
            {t('execution.elapsedHint')}
          </p>
        </div>
        <div>
          <label htmlFor="result-defects" className={fieldLabel}>
            {t('execution.defects')}
          </label>
          <Textarea id="result-defects" rows={2} value={draft.defects} aria-describedby="result-defects-hint" onChange={(event) => {
              const defects = event.target.value
              edit((d) => ({ ...d, defects }))
            }} />
          <p id="result-defects-hint" className={cx(muted, css({ fontSize: 'sm' }))}>
            {t('execution.defectsHint')}
          </p>
        </div>
      </div>
      <label className={checkRow}>
        <input type="checkbox" checked={draft.retest} onChange={(event) => {
            const retest = event.target.checked
            edit((d) => ({ ...d, retest }))
          }} />
        {t('execution.retestLabel')}
      </label>
      {controls.newerMeanwhile && problem?.kind !== 'conflict' ? (
        <FormAlert tone="info">
          <span data-testid="newer-meanwhile">
            {t('execution.newerMeanwhile', { name: controls.newerMeanwhile.recordedBy ?? t('execution.someone'), status: t(`labels.status_${controls.newerMeanwhile.status}`) })}
          </span>
        </FormAlert>
      ) : null}
      {problem && problem.kind !== 'conflict' ? (
        <FormAlert tone={problem.kind === 'busy' ? 'info' : 'error'}>
          <span data-testid="record-problem">{problem.kind === 'busy' ? t('execution.busy', { message: problem.message }) : problem.message}</span>
        </FormAlert>
      ) : null}
      {problem?.kind === 'conflict' ? <ConflictNote problem={problem} draft={draft} controls={controls} /> : null}
      <ShortcutLegend />
    </section>
  )
}

function ShortcutLegend() {
  const t = useT()
  const keys: Array<[string[], string]> = [
    [['P'], t('labels.status_passed')],
    [['F'], t('labels.status_failed')],
    [['B'], t('labels.status_blocked')],
    [['S'], t('labels.status_skipped')],
    [['J', 'N'], t('execution.next')],
    [['K', 'Shift+N'], t('execution.previous')],
  ]
  return (
    <section aria-labelledby="shortcuts-heading" className={css({ fontSize: 'sm' })} data-testid="shortcut-legend">
      <h4 id="shortcuts-heading" className={css({ fontWeight: '600', mb: '1' })}>
        {t('execution.shortcuts')}
      </h4>
      <p className={cx(muted, css({ mb: '1' }))}>{t('execution.shortcutsHint')}</p>
      <dl className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '4', rowGap: '1' })}>
        {keys.map(([combo, label]) => (
          <div key={combo.join()} className={css({ display: 'flex', gap: '1', alignItems: 'center' })}>
            <dt className={css({ display: 'flex', gap: '1' })}>
              {combo.map((key, index) => (
                <span key={key}>
                  {index > 0 ? <span className={muted}> / </span> : null}
                  <kbd className={kbd}>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{label}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** Someone recorded meanwhile: their result beside what this tester typed, which stays in the form either way. */
function ConflictNote({ problem, draft, controls }: { problem: Extract<CaseProblem, { kind: 'conflict' }>; draft: Draft; controls: RecordControls }) {
  const t = useT()
  return (
    <div role="alert" className={css({ display: 'grid', gap: '3', borderWidth: '1px', borderStyle: 'solid', borderColor: 'warning', bg: 'warning.subtle', color: 'text', borderRadius: 'l2', p: '3' })} data-testid="conflict">
      <p className={css({ fontWeight: '600' })}>{problem.message}</p>
      <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } })}>
        <div className={panel} data-testid="conflict-theirs">
          <p className={css({ fontWeight: '600', mb: '2' })}>{t('execution.theirResult')}</p>
          {problem.latest ? <ResultSummary result={problem.latest} steps={[]} latest={false} /> : <p className={muted}>{t('execution.noResults')}</p>}
        </div>
        <div className={panel} data-testid="conflict-mine">
          <p className={css({ fontWeight: '600', mb: '2' })}>{t('execution.yourResult')}</p>
          <p className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
            <StatusBadge status={problem.status} />
            {draft.retest ? <Badge tone="warning">{t('execution.retest')}</Badge> : null}
          </p>
          {draft.comment ? <p className={cx(preWrap, css({ mt: '2' }))}>{draft.comment}</p> : null}
          {parseDefects(draft.defects).length > 0 ? <p className={cx(muted, css({ mt: '1', overflowWrap: 'anywhere' }))}>{parseDefects(draft.defects).join(', ')}</p> : null}
        </div>
      </div>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        <Button variant="outline" onClick={controls.discard}>
          {t('execution.keepTheirs')}
        </Button>
        <Button loading={controls.recording} onClick={() => controls.record(problem.status, { force: true })}>
          {t('execution.recordAnyway')}
        </Button>
      </div>
    </div>
  )
}

function ResultSummary({ result, steps, latest }: { result: ResultItem | ConflictResult; steps: PinnedStep[]; latest: boolean }) {
  const t = useT()
  const stepNumbers = new Map(steps.map((step, index) => [step.id, index + 1]))
  const outcomes = 'steps' in result ? result.steps : []
  // An automated check's result speaks through its evidence (its comment is only a machine summary of it).
  const evidence = 'evidence' in result && isCheckEvidence(result.evidence) ? result.evidence : null
  const junit = 'evidence' in result && isJunitEvidence(result.evidence) ? result.evidence : null
  const locale = useLocale()
  const elapsedMs = result.elapsedMs ?? (result.elapsedSeconds === null ? null : result.elapsedSeconds * 1000)
  return (
    <div className={css({ display: 'grid', gap: '2', fontSize: 'sm' })}>
      <p className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
        <StatusBadge status={result.status} />
        {latest ? <Badge variant="outline">{t('execution.counts')}</Badge> : null}
        {result.retest ? <Badge tone="warning">{t('execution.retest')}</Badge> : null}
        <span>{result.recordedBy ?? t('execution.someone')}</span>
        <span className={muted}>
          <DateTime value={result.recordedAt} />
        </span>
        {elapsedMs !== null ? <span className={muted}>{t('execution.took', { time: formatElapsedMs(elapsedMs, locale) })}</span> : null}
      </p>
      {evidence ? <CheckEvidenceView evidence={evidence} open={latest} testId="result-evidence" /> : result.comment ? <p className={preWrap}>{result.comment}</p> : null}
      {junit ? <JunitEvidenceView evidence={junit} open={latest} /> : null}
      {result.defects.length > 0 ? (
        <p className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          <span className={muted}>{t('execution.defects')}:</span>
          {result.defects.map((defect) =>
            /^https?:\/\//i.test(defect) ? (
              <a key={defect} href={defect} rel="noopener noreferrer nofollow" className={css({ overflowWrap: 'anywhere' })}>
                {defect}
              </a>
            ) : (
              <span key={defect} className={css({ fontFamily: 'mono', overflowWrap: 'anywhere' })}>
                {defect}
              </span>
            ),
          )}
        </p>
      ) : null}
      {outcomes.length > 0 ? (
        <ul className={cx(plainList, css({ display: 'grid', gap: '1' }))}>
          {outcomes.map((outcome) => (
            <li key={outcome.stepId} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
              <span className={muted}>{stepNumbers.has(outcome.stepId) ? t('execution.stepNumber', { number: stepNumbers.get(outcome.stepId)! }) : outcome.stepId}</span>
              <StatusBadge status={outcome.status} size="sm" />
              {outcome.actual ? <span className={preWrap}>{outcome.actual}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
