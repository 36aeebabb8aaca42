import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { css } from '../../styled-system/css'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { FormAlert } from '../../components/FormAlert.tsx'
import { isEmptyCustom, type CustomFieldDefinition } from '../../lib/domain/custom-fields.ts'
import type { CaseStep } from '../../lib/domain/test-management.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import type { CaseDraft } from './case-draft.ts'
import { allFields, customIdOf, differingFields, sameField, type BasicField, type Choice, type Choices, type FieldKey } from './case-diff.ts'
import { compareSteps, defaultChoices, mergeDrafts } from './case-merge.ts'
import { checkFromDraft, defaultCheckDraft } from './check-draft.ts'
import { checkLines } from './CheckSummary.tsx'
import type { MemberOption, SharedStepOption } from './editor-types.ts'
import { fieldLabel, priorityLabel, stateLabel, targetKindLabel, typeLabel } from './labels.ts'
import type { ConflictState } from './use-case-editor.ts'

const columns = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } })
const side = css({
  display: 'grid',
  gap: '2',
  alignContent: 'start',
  p: '3',
  borderRadius: 'l2',
  borderWidth: '2px',
  borderStyle: 'solid',
  borderColor: 'border',
  minW: '0',
  '&:has(input:checked)': { borderColor: 'primary', bg: 'primary.subtle' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'primary', outlineOffset: '2px' },
})
const choiceLabel = css({ display: 'flex', alignItems: 'center', gap: '2', minH: '10', fontWeight: '600', cursor: 'pointer', '& input': { w: '5', h: '5', accentColor: 'primary' } })
const valueBox = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'sm', maxH: '60', overflowY: 'auto' })

type Props = {
  conflict: ConflictState
  mine: CaseDraft
  customFields: readonly CustomFieldDefinition[]
  sharedSteps: readonly SharedStepOption[]
  members: readonly MemberOption[]
  pending: boolean
  headingLevel: 2 | 3
  /** The user's draft with the fields they chose from the other version; saved against it when `andSave`. */
  onResolve: (merged: CaseDraft, andSave: boolean) => void
}

/**
 * Someone saved the case while this user was editing it: their version beside the user's, field by field (steps
 * step by step), each field chosen as mine or theirs (or all at once), then saved against their version.
 */
export function ConflictPanel({ conflict, mine, customFields, sharedSteps, members, pending, headingLevel, onResolve }: Props) {
  const t = useT()
  const id = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const fieldsKnown = [...customFields, ...conflict.customFields.filter((field) => !customFields.some((known) => known.id === field.id))]
  const order = allFields(mine, conflict.theirs).sort((a, b) => customOrder(a, fieldsKnown) - customOrder(b, fieldsKnown))
  const fields = differingFields(mine, conflict.theirs, order)
  const [choices, setChoices] = useState(() => defaultChoices(conflict.base, mine, conflict.theirs, fields))
  const Heading = headingLevel === 2 ? 'h2' : 'h3'

  // The comparison takes the focus when it opens: the user's next decision is here.
  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  const pickFor = (key: FieldKey): Choice => choices[key] ?? 'mine'
  const setAll = (choice: Choice) => setChoices(Object.fromEntries(fields.map((key) => [key, choice])) as Choices)
  const complete = Object.fromEntries(fields.map((key) => [key, pickFor(key)])) as Choices
  const theirName = conflict.updatedBy ?? t('editorparts.someoneElse')

  return (
    <section aria-labelledby={`${id}-title`} className={css({ display: 'grid', gap: '4', p: { base: '3', md: '5' }, borderRadius: 'l3', borderWidth: '2px', borderStyle: 'solid', borderColor: 'warning', bg: 'surface' })} data-testid="conflict-panel">
      <Heading id={`${id}-title`} ref={headingRef} tabIndex={-1} className={css({ fontSize: 'lg', fontWeight: '600', _focusVisible: { outline: '2px solid', outlineColor: 'primary' } })}>
        {t('editorparts.conflictTitle')}
      </Heading>
      <FormAlert tone="error">{conflict.message}</FormAlert>
      <p className={css({ fontSize: 'sm' })}>{fields.length > 0 ? t('editorparts.conflictExplain', { name: theirName, count: fields.length }) : t('editorparts.conflictSame')}</p>
      {fields.length > 0 ? (
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          <Button variant="outline" size="sm" onClick={() => setAll('mine')}>
            {t('editorparts.conflictAllMine')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setAll('theirs')}>
            {t('editorparts.conflictAllTheirs', { name: theirName })}
          </Button>
        </div>
      ) : null}
      {fields.map((key) => {
        const name = `${id}-${key}`
        const origin = conflict.base ? changedBy(conflict.base, mine, conflict.theirs, key) : null
        return (
          <fieldset key={key} className={css({ display: 'grid', gap: '2', border: 'none', p: '0', m: '0', minW: '0' })} data-testid={`conflict-${key}`}>
            <legend className={css({ fontWeight: '600', mb: '2', display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
              {fieldLabel(t, key, fieldsKnown)}
              {origin ? <span className={css({ fontSize: 'sm', fontWeight: '400', color: 'text.muted' })}>{t(origin === 'both' ? 'editorparts.changedByBoth' : origin === 'mine' ? 'editorparts.changedByMe' : 'editorparts.changedByThem', { name: theirName })}</span> : null}
            </legend>
            <div className={columns}>
              <div className={side}>
                <label className={choiceLabel}>
                  <input type="radio" name={name} checked={pickFor(key) === 'mine'} onChange={() => setChoices({ ...choices, [key]: 'mine' })} />
                  {t('editorparts.keepMine')}
                </label>
                <FieldValue draft={mine} other={conflict.theirs} fieldKey={key} customFields={fieldsKnown} sharedSteps={sharedSteps} members={members} />
              </div>
              <div className={side}>
                <label className={choiceLabel}>
                  <input type="radio" name={name} checked={pickFor(key) === 'theirs'} onChange={() => setChoices({ ...choices, [key]: 'theirs' })} />
                  {t('editorparts.takeTheirs', { name: theirName })}
                </label>
                <FieldValue draft={conflict.theirs} other={mine} fieldKey={key} customFields={fieldsKnown} sharedSteps={sharedSteps} members={members} />
              </div>
            </div>
          </fieldset>
        )
      })}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
        <Button onClick={() => onResolve(mergeDrafts(mine, conflict.theirs, complete), true)} loading={pending} data-testid="conflict-save">
          {t('editorparts.conflictSave', { version: conflict.version })}
        </Button>
        <Button variant="outline" onClick={() => onResolve(mergeDrafts(mine, conflict.theirs, complete), false)} disabled={pending}>
          {t('editorparts.conflictApply')}
        </Button>
      </div>
    </section>
  )
}

function customOrder(key: FieldKey, fields: readonly CustomFieldDefinition[]): number {
  const customId = customIdOf(key)
  if (customId === null) return -1
  const index = fields.findIndex((field) => field.id === customId)
  return index === -1 ? fields.length : index
}

function changedBy(base: CaseDraft, mine: CaseDraft, theirs: CaseDraft, key: FieldKey): 'mine' | 'theirs' | 'both' {
  const mineChanged = !sameField(base, mine, key)
  const theirsChanged = !sameField(base, theirs, key)
  return mineChanged && theirsChanged ? 'both' : mineChanged ? 'mine' : 'theirs'
}

function Empty() {
  const t = useT()
  return <span className={css({ color: 'text.muted', fontStyle: 'italic' })}>{t('editorparts.emptyValue')}</span>
}

/** One side's value of a field, as a person reads it. */
function FieldValue({ draft, other, fieldKey, customFields, sharedSteps, members }: { draft: CaseDraft; other: CaseDraft; fieldKey: FieldKey; customFields: readonly CustomFieldDefinition[]; sharedSteps: readonly SharedStepOption[]; members: readonly MemberOption[] }) {
  const t = useT()
  const customId = customIdOf(fieldKey)
  let content: ReactNode
  if (customId !== null) {
    const value = draft.custom[customId]
    const field = customFields.find((candidate) => candidate.id === customId)
    if (isEmptyCustom(value)) content = <Empty />
    else if (field?.type === 'checkbox') content = value === true ? t('editorparts.yes') : t('editorparts.no')
    else if (field?.type === 'user') content = members.find((member) => member.userId === value)?.name ?? String(value)
    else content = Array.isArray(value) ? value.join(', ') : String(value)
  } else {
    const key = fieldKey as BasicField
    switch (key) {
      case 'steps':
        return <StepsValue steps={draft.steps} other={other.steps} sharedSteps={sharedSteps} />
      case 'priority':
        content = priorityLabel(t, draft.priority)
        break
      case 'type':
        content = typeLabel(t, draft.type)
        break
      case 'state':
        content = stateLabel(t, draft.state)
        break
      case 'target':
        content = draft.target ? `${targetKindLabel(t, draft.target.kind)}: ${draft.target.label || draft.target.id}` : <Empty />
        break
      case 'check':
        content =
          draft.type === 'automated' ? (
            checkLines(t, checkFromDraft(draft.check ?? defaultCheckDraft()).check, [])
              .map((line) => `${line.label}: ${line.value}`)
              .join(' · ')
          ) : (
            <Empty />
          )
        break
      default:
        content = draft[key].trim() ? draft[key] : <Empty />
    }
  }
  return <div className={valueBox}>{content}</div>
}

function StepsValue({ steps, other, sharedSteps }: { steps: readonly CaseStep[]; other: readonly CaseStep[]; sharedSteps: readonly SharedStepOption[] }) {
  const t = useT()
  if (steps.length === 0) return <Empty />
  const marks = compareSteps(steps, other)
  return (
    <ol className={css({ display: 'grid', gap: '2', ps: '5', listStyleType: 'decimal', fontSize: 'sm' })}>
      {steps.map((step, index) => {
        const mark = marks[index]!.mark
        return (
          <li key={step.id} data-mark={mark}>
            {step.kind === 'shared' ? (
              <span>
                <Badge tone="accent" size="sm">
                  {t('editor.sharedBadge')}
                </Badge>{' '}
                {sharedSteps.find((shared) => shared.id === step.sharedStepId)?.title ?? t('editor.sharedMissing')}
              </span>
            ) : (
              <span className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>
                {step.action || <Empty />}
                {step.data ? <span className={css({ color: 'text.muted' })}> · {t('editor.stepDataShort', { data: step.data })}</span> : null}
                {step.expected ? <span className={css({ color: 'text.muted' })}> → {step.expected}</span> : null}
              </span>
            )}
            {mark !== 'same' ? (
              <>
                {' '}
                <Badge tone={mark === 'changed' ? 'warning' : 'info'} size="sm">
                  {t(mark === 'changed' ? 'editorparts.stepChanged' : mark === 'moved' ? 'editorparts.stepMoved' : 'editorparts.stepOnlyHere')}
                </Badge>
              </>
            ) : null}
          </li>
        )
      })}
    </ol>
  )
}
export default ConflictPanel
