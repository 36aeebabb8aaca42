import { useId, useState } from 'react'
import { css } from '../../styled-system/css'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import type { CaseStep, StepText } from '../../lib/domain/test-management.ts'
import type { FieldErrors } from '../../lib/forms/validation.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { projectHref } from '../../lib/routing/project-links.ts'
import { newStepId } from './case-draft.ts'
import { GroupError, selectClass, TextAreaField } from './controls.tsx'
import type { SharedStepOption } from './editor-types.ts'

// What both editors draw for a step: the three texts of a step written in the case, or a shared step shown expanded
// and read-only (it is edited once, in the project's settings, for every case that uses it).

type TextStep = Extract<CaseStep, { kind: 'step' }>

export function TextStepFields({ step, index, errors, onChange }: { step: TextStep; index: number; errors: FieldErrors; onChange: (patch: Partial<StepText>) => void }) {
  const t = useT()
  return (
    <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' } })}>
      <TextAreaField label={t('editor.stepAction')} required rows={2} value={step.action} onChange={(action) => onChange({ action })} error={errors[`steps.${index}.action`]} testId={`step-${index}-action`} />
      <TextAreaField label={t('editor.stepData')} rows={2} value={step.data} onChange={(data) => onChange({ data })} error={errors[`steps.${index}.data`]} testId={`step-${index}-data`} />
      <TextAreaField label={t('editor.stepExpected')} rows={2} value={step.expected} onChange={(expected) => onChange({ expected })} error={errors[`steps.${index}.expected`]} testId={`step-${index}-expected`} />
    </div>
  )
}

export function SharedStepView({ shared, error, errorId }: { shared: SharedStepOption | undefined; error?: string; errorId: string }) {
  const t = useT()
  return (
    <div className={css({ display: 'grid', gap: '2', p: '3', borderRadius: 'l2', bg: 'surface', borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border.strong' })}>
      <p className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
        <Badge tone="accent">{t('editor.sharedBadge')}</Badge>
        <strong>{shared ? shared.title : t('editor.sharedMissing')}</strong>
      </p>
      {shared ? (
        <ol className={css({ display: 'grid', gap: '1.5', ps: '5', listStyleType: 'decimal', fontSize: 'sm' })}>
          {shared.steps.map((step, index) => (
            <li key={index}>
              <span>{step.action}</span>
              {step.data ? <span className={css({ color: 'text.muted' })}> · {t('editor.stepDataShort', { data: step.data })}</span> : null}
              {step.expected ? <span className={css({ color: 'text.muted' })}> → {step.expected}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
      <p className={css({ fontSize: 'xs', color: 'text.muted' })}>{t('editor.sharedNote')}</p>
      {error ? <GroupError id={errorId}>{error}</GroupError> : null}
    </div>
  )
}

/** Adds a step written in the case, or shared steps by reference. */
export function StepAdders({ projectId, sharedSteps, onAdd }: { projectId: string; sharedSteps: readonly SharedStepOption[]; onAdd: (step: CaseStep) => void }) {
  const t = useT()
  const id = useId()
  const [chosen, setChosen] = useState('')
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'end' })}>
      <Button variant="outline" onClick={() => onAdd({ kind: 'step', id: newStepId(), action: '', data: '', expected: '' })} data-testid="add-step">
        {t('editor.addStep')}
      </Button>
      {sharedSteps.length > 0 ? (
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'end', minW: '0' })}>
          <div className={css({ display: 'grid', gap: '1.5', minW: '0', maxW: '100%' })}>
            <label htmlFor={id} className={css({ fontSize: 'sm', fontWeight: '500' })}>
              {t('editor.sharedPick')}
            </label>
            <select id={id} className={selectClass} value={chosen} onChange={(event) => setChosen(event.currentTarget.value)} data-testid="shared-step-select">
              <option value="">{t('editor.sharedChoose')}</option>
              {sharedSteps.map((shared) => (
                <option key={shared.id} value={shared.id}>
                  {shared.title}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="outline"
            disabled={!chosen}
            onClick={() => {
              onAdd({ kind: 'shared', id: newStepId(), sharedStepId: chosen })
              setChosen('')
            }}
          >
            {t('editor.sharedInsert')}
          </Button>
        </div>
      ) : (
        <p className={css({ fontSize: 'sm', color: 'text.muted' })}>
          {t('editor.sharedNone')} <a href={projectHref('settings', projectId)}>{t('editor.sharedManage')}</a>
        </p>
      )}
    </div>
  )
}

/** A short name of a step for buttons and announcements: its number and the start of its action. */
export function stepName(t: ReturnType<typeof useT>, step: CaseStep, index: number, sharedSteps: readonly SharedStepOption[]): string {
  const text = step.kind === 'shared' ? (sharedSteps.find((shared) => shared.id === step.sharedStepId)?.title ?? '') : step.action
  const short = text.trim().length > 40 ? `${text.trim().slice(0, 40)}…` : text.trim()
  return short ? t('editor.stepNamed', { number: index + 1, text: short }) : t('editor.stepNumber', { number: index + 1 })
}
