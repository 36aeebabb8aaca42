import type { ReactNode } from 'react'
import { Badge, PriorityBadge } from '../../components/ui/badge.tsx'
import { css, cx } from '../../styled-system/css'
import { diffText, isEmptyDiff, STEP_PARTS, type CaseDiff, type FieldChange, type StepChange, type StepPart, type StepView } from '../../lib/domain/case-diff.ts'
import type { CustomFieldType } from '../../lib/domain/test-management.ts'
import { formatEstimate, type CaseTarget } from '../../lib/domain/test-management.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import { CustomValue } from './CustomValue.tsx'
import { DateTime } from '../../components/DateTime.tsx'
import { FIELD_LABELS, STATE_LABELS, TARGET_LABELS, TYPE_LABELS } from './labels.ts'
import { muted, plainList } from './styles.ts'

export type HistoryEntry = { version: number; change: string; changedAt: Date; changedBy: string | null; diff: CaseDiff | null }
type Field = { id: string; label: string; type: CustomFieldType }

const CHANGE_LABELS: Record<string, MessageKey> = {
  created: 'cases.changeCreated',
  edited: 'cases.changeEdited',
  bulk: 'cases.changeBulk',
  imported: 'cases.changeImported',
  'shared-step': 'cases.changeSharedStep',
  deleted: 'cases.changeDeleted',
  restored: 'cases.changeRestored',
}
const PART_LABELS: Record<StepPart, MessageKey> = { action: 'cases.stepAction', data: 'cases.stepData', expected: 'cases.stepExpected' }

// Removed text is struck through and added text underlined, each with a tint and a hidden word for screen readers:
// the marking never rests on colour alone.
const removedMark = css({ textDecoration: 'line-through', textDecorationThickness: '2px', bg: 'error.subtle', color: 'text', borderRadius: 'l1', px: '0.5' })
const addedMark = css({ textDecoration: 'underline', textDecorationThickness: '2px', bg: 'success.subtle', color: 'text', borderRadius: 'l1', px: '0.5' })
const sideLabel = css({ fontSize: 'xs', fontWeight: '600', textTransform: 'uppercase', letterSpacing: '0.04em', color: 'text.muted', minW: '4.5rem' })
const sideRow = css({ display: 'flex', gap: '2', alignItems: 'baseline' })
const sideText = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minW: '0' })

function Removed({ children }: { children: ReactNode }) {
  const t = useT()
  return (
    <del className={removedMark}>
      <span className={css({ srOnly: true })}>{t('cases.diffRemovedMark')} </span>
      {children}
    </del>
  )
}

function Added({ children }: { children: ReactNode }) {
  const t = useT()
  return (
    <ins className={addedMark}>
      <span className={css({ srOnly: true })}>{t('cases.diffAddedMark')} </span>
      {children}
    </ins>
  )
}

/** Before and after, each on its own labelled line. */
function BeforeAfter({ before, after }: { before: ReactNode; after: ReactNode }) {
  const t = useT()
  return (
    <div className={css({ display: 'grid', gap: '1' })}>
      <div className={sideRow}>
        <span className={sideLabel}>{t('cases.diffBefore')}</span>
        <div className={sideText}>{before}</div>
      </div>
      <div className={sideRow}>
        <span className={sideLabel}>{t('cases.diffAfter')}</span>
        <div className={sideText}>{after}</div>
      </div>
    </div>
  )
}

/** A changed text, word by word: the old one with what went struck through, the new one with what came underlined. */
export function TextChange({ before, after }: { before: string; after: string }) {
  const t = useT()
  const segments = diffText(before, after)
  const side = (op: 'removed' | 'added') => {
    const shown = segments.filter((segment) => segment.op === 'same' || segment.op === op)
    if (shown.every((segment) => !segment.text.trim())) return <span className={muted}>{t('cases.noValue')}</span>
    return shown.map((segment, index) => (segment.op === 'same' ? <span key={index}>{segment.text}</span> : op === 'removed' ? <Removed key={index}>{segment.text}</Removed> : <Added key={index}>{segment.text}</Added>))
  }
  return <BeforeAfter before={side('removed')} after={side('added')} />
}

function TargetText({ target }: { target: CaseTarget | null }) {
  const t = useT()
  if (!target) return <span className={muted}>{t('cases.noValue')}</span>
  return (
    <>
      {t(TARGET_LABELS[target.kind])}: {target.label || target.id}
    </>
  )
}

function FieldValue({ change, side }: { change: FieldChange; side: 'before' | 'after' }) {
  const t = useT()
  const mark = (node: ReactNode) => (side === 'before' ? <Removed>{node}</Removed> : <Added>{node}</Added>)
  switch (change.field) {
    case 'priority':
      return mark(<PriorityBadge priority={change[side]} size="sm" />)
    case 'state':
      return mark(t(STATE_LABELS[change[side]]))
    case 'type':
      return mark(t(TYPE_LABELS[change[side]]))
    case 'estimateMinutes':
      return change[side] === null ? <span className={muted}>{t('cases.noValue')}</span> : mark(formatEstimate(change[side]))
    case 'folder':
      return change[side] ? mark(change[side]) : <span className={muted}>{t('cases.noFolder')}</span>
    case 'target':
      return change[side] ? mark(<TargetText target={change[side]} />) : <span className={muted}>{t('cases.noValue')}</span>
    default:
      return mark(change[side])
  }
}

function StepContent({ step }: { step: StepView }) {
  const t = useT()
  if (step.kind === 'shared') {
    return (
      <div>
        <p>
          <Badge size="sm" variant="outline">
            {t('cases.sharedBadge')}
          </Badge>{' '}
          {step.title ?? t('cases.sharedUnknown')}
        </p>
        {step.steps.length > 0 ? (
          <ol className={css({ listStyle: 'decimal', ps: '6' })}>
            {step.steps.map((inner, index) => (
              <li key={index}>
                <StepTextList step={inner} />
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    )
  }
  return <StepTextList step={step} />
}

function StepTextList({ step }: { step: { action: string; data: string; expected: string } }) {
  const t = useT()
  return (
    <dl className={css({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: '3', rowGap: '0.5' })}>
      {STEP_PARTS.filter((part) => step[part]).map((part) => (
        <div key={part} className={css({ display: 'contents' })}>
          <dt className={muted}>{t(PART_LABELS[part])}</dt>
          <dd className={sideText}>{step[part]}</dd>
        </div>
      ))}
    </dl>
  )
}

function StepChangeView({ change }: { change: StepChange }) {
  const t = useT()
  // 'moved' is a kind of its own and a flag on edited steps: the flag adds a note to the edit.
  const movedNote = 'moved' in change && change.moved ? ` ${t('cases.stepMovedNote', { from: change.from })}` : ''
  switch (change.kind) {
    case 'added':
      return (
        <>
          <p className={css({ fontWeight: '500' })}>{t('cases.stepAdded', { position: change.to })}</p>
          <Added>
            <StepContent step={change.step} />
          </Added>
        </>
      )
    case 'removed':
      return (
        <>
          <p className={css({ fontWeight: '500' })}>{t('cases.stepRemoved', { position: change.from })}</p>
          <Removed>
            <StepContent step={change.step} />
          </Removed>
        </>
      )
    case 'moved':
      return (
        <>
          <p className={css({ fontWeight: '500' })}>{t('cases.stepMoved', { from: change.from, to: change.to })}</p>
          <StepContent step={change.step} />
        </>
      )
    case 'edited':
      return (
        <>
          <p className={css({ fontWeight: '500' })}>
            {t('cases.stepEdited', { position: change.to })}
            {movedNote}
          </p>
          <dl className={css({ display: 'grid', gap: '2' })}>
            {change.parts.map((part) => (
              <div key={part.part}>
                <dt className={muted}>{t(PART_LABELS[part.part])}</dt>
                <dd>
                  <TextChange before={part.before} after={part.after} />
                </dd>
              </div>
            ))}
          </dl>
        </>
      )
    case 'replaced':
      return (
        <>
          <p className={css({ fontWeight: '500' })}>
            {t('cases.stepReplaced', { position: change.to })}
            {movedNote}
          </p>
          <BeforeAfter
            before={
              <Removed>
                <StepContent step={change.before} />
              </Removed>
            }
            after={
              <Added>
                <StepContent step={change.after} />
              </Added>
            }
          />
        </>
      )
    case 'sharedEdited':
      return (
        <>
          <p className={css({ fontWeight: '500' })}>
            {t('cases.sharedEdited', { position: change.to, title: change.name })}
            {movedNote}
          </p>
          {change.title ? <TextChange before={change.title.before ?? ''} after={change.title.after ?? ''} /> : null}
          <ul className={cx(plainList, css({ display: 'grid', gap: '2' }))}>
            {change.steps.map((inner) => (
              <li key={inner.index}>
                <p className={muted}>{t('cases.sharedInnerStep', { index: inner.index })}</p>
                {inner.before && inner.after ? (
                  <dl className={css({ display: 'grid', gap: '1' })}>
                    {STEP_PARTS.filter((part) => inner.before![part] !== inner.after![part]).map((part) => (
                      <div key={part}>
                        <dt className={muted}>{t(PART_LABELS[part])}</dt>
                        <dd>
                          <TextChange before={inner.before![part]} after={inner.after![part]} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                ) : inner.after ? (
                  <Added>
                    <StepTextList step={inner.after} />
                  </Added>
                ) : inner.before ? (
                  <Removed>
                    <StepTextList step={inner.before} />
                  </Removed>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )
  }
}

function DiffView({ diff, fields, memberNames }: { diff: CaseDiff; fields: ReadonlyMap<string, Field>; memberNames: ReadonlyMap<string, string> }) {
  const t = useT()
  const term = css({ fontWeight: '600', fontSize: 'sm' })
  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      {diff.fields.length + diff.lists.length + diff.custom.length > 0 ? (
        <dl className={css({ display: 'grid', gap: '3' })}>
          {diff.fields.map((change) => (
            <div key={change.field} data-diff-field={change.field}>
              <dt className={term}>{t(FIELD_LABELS[change.field]!)}</dt>
              <dd>
                {change.field === 'title' || change.field === 'description' || change.field === 'preconditions' ? (
                  <TextChange before={change.before} after={change.after} />
                ) : (
                  <BeforeAfter before={<FieldValue change={change} side="before" />} after={<FieldValue change={change} side="after" />} />
                )}
              </dd>
            </div>
          ))}
          {diff.lists.map((change) => (
            <div key={change.field} data-diff-field={change.field}>
              <dt className={term}>{t(FIELD_LABELS[change.field]!)}</dt>
              <dd className={css({ display: 'grid', gap: '1' })}>
                {change.added.length > 0 ? (
                  <p>
                    {t('cases.listAdded')} <Added>{change.added.join(', ')}</Added>
                  </p>
                ) : null}
                {change.removed.length > 0 ? (
                  <p>
                    {t('cases.listRemoved')} <Removed>{change.removed.join(', ')}</Removed>
                  </p>
                ) : null}
                {change.reordered ? <p>{t('cases.listReordered')}</p> : null}
              </dd>
            </div>
          ))}
          {diff.custom.map((change) => {
            const field = fields.get(change.fieldId) ?? null
            return (
              <div key={change.fieldId} data-diff-field={`custom.${change.fieldId}`}>
                <dt className={term}>{field ? field.label : t('cases.removedField')}</dt>
                <dd>
                  <BeforeAfter
                    before={
                      change.before === null ? (
                        <span className={muted}>{t('cases.noValue')}</span>
                      ) : (
                        <Removed>
                          <CustomValue field={field} value={change.before} memberNames={memberNames} />
                        </Removed>
                      )
                    }
                    after={
                      change.after === null ? (
                        <span className={muted}>{t('cases.noValue')}</span>
                      ) : (
                        <Added>
                          <CustomValue field={field} value={change.after} memberNames={memberNames} />
                        </Added>
                      )
                    }
                  />
                </dd>
              </div>
            )
          })}
        </dl>
      ) : null}
      {diff.steps.length > 0 ? (
        <div data-diff-field="steps">
          <p className={term}>{t('cases.fieldSteps')}</p>
          <ul className={cx(plainList, css({ display: 'grid', gap: '3', mt: '1' }))}>
            {diff.steps.map((change) => (
              <li key={`${change.kind}:${change.id}`} data-step-change={change.kind} className={css({ borderLeftWidth: '3px', borderColor: 'border.strong', ps: '3', display: 'grid', gap: '1' })}>
                <StepChangeView change={change} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}

/**
 * Every version of a case, newest first: who saved it, when and how, and what changed against the version before,
 * field by field and step by step.
 */
export function CaseHistory({ history, fields, memberNames }: { history: HistoryEntry[]; fields: readonly Field[]; memberNames: ReadonlyMap<string, string> }) {
  const t = useT()
  const fieldById = new Map(fields.map((field) => [field.id, field]))
  return (
    <ol className={cx(plainList, css({ display: 'grid', gap: '4' }))} data-testid="case-history">
      {history.map((entry) => (
        <li key={entry.version} data-version={entry.version}>
          <article aria-labelledby={`version-${entry.version}`} className={css({ borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l2', p: { base: '3', md: '4' }, display: 'grid', gap: '2', minW: '0' })}>
            <h3 id={`version-${entry.version}`} className={css({ fontWeight: '600' })}>
              {t('cases.versionHeading', { version: entry.version, change: t(CHANGE_LABELS[entry.change] ?? 'cases.changeEdited') })}
            </h3>
            <p className={cx(muted, css({ fontSize: 'sm' }))}>
              {t('cases.versionBy', { name: entry.changedBy ?? t('cases.unknownUser') })} · <DateTime value={entry.changedAt} />
            </p>
            {entry.diff === null ? (
              <p>{t('cases.historyFirst')}</p>
            ) : isEmptyDiff(entry.diff) ? (
              <p className={muted}>{t('cases.historyNoContentChange')}</p>
            ) : (
              <DiffView diff={entry.diff} fields={fieldById} memberNames={memberNames} />
            )}
          </article>
        </li>
      ))}
    </ol>
  )
}

export default CaseHistory
