import type { ReactNode } from 'react'
import { css } from '../../styled-system/css'
import { Button } from '../../components/ui/button.tsx'
import type { CaseStep, StepText } from '../../lib/domain/test-management.ts'
import type { FieldErrors } from '../../lib/forms/validation.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import type { SharedStepOption } from './editor-types.ts'
import { SharedStepView, StepAdders, stepName, TextStepFields } from './StepParts.tsx'

export type StepListProps = {
  projectId: string
  steps: CaseStep[]
  sharedSteps: readonly SharedStepOption[]
  errors: FieldErrors
  /**
   * Changes the steps. Step messages are by position: a change of one step's text clears that step's (`clear`), any
   * other change of the list clears them all.
   */
  onChange: (steps: CaseStep[], clear?: readonly string[]) => void
}

export const rowCard = css({ display: 'grid', gap: '3', p: { base: '3', md: '4' }, borderRadius: 'l2', bg: 'bg', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', minW: '0' })
export const rowHead = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })

export function moved(steps: readonly CaseStep[], from: number, to: number): CaseStep[] {
  const next = [...steps]
  const [step] = next.splice(from, 1)
  next.splice(to, 0, step!)
  return next
}

function focusStep(step: CaseStep) {
  // After the list re-renders, the new step's first box takes the focus (a shared step has none: its first button).
  requestAnimationFrame(() => {
    const row = document.querySelector(`[data-step-id="${step.id}"]`)
    ;(row?.querySelector<HTMLElement>('textarea') ?? row?.querySelector<HTMLElement>('button:not(:disabled)'))?.focus()
  })
}

export function StepBody({ step, index, steps, sharedSteps, errors, onChange }: StepListProps & { step: CaseStep; index: number }) {
  return step.kind === 'step' ? (
    <TextStepFields
      step={step}
      index={index}
      errors={errors}
      onChange={(patch: Partial<StepText>) =>
        onChange(
          steps.map((item, position) => (position === index && item.kind === 'step' ? { ...item, ...patch } : item)),
          [`steps.${index}`],
        )
      }
    />
  ) : (
    <SharedStepView shared={sharedSteps.find((shared) => shared.id === step.sharedStepId)} error={errors[`steps.${index}`]} errorId={`step-${step.id}-error`} />
  )
}

export function Empty() {
  const t = useT()
  return <p className={css({ color: 'text.muted', fontSize: 'sm' })}>{t('editor.noSteps')}</p>
}

/** The plain form's steps: rows with buttons to move a step up or down and to remove it. */
export function PlainStepList(props: StepListProps) {
  const t = useT()
  const { steps, sharedSteps, onChange } = props

  function moveBy(step: CaseStep, index: number, by: -1 | 1) {
    onChange(moved(steps, index, index + by))
    // The focus stays on the moved step's button; at an end of the list, where it is disabled, on the other one.
    requestAnimationFrame(() => {
      const row = document.querySelector(`[data-step-id="${step.id}"]`)
      const same = row?.querySelector<HTMLButtonElement>(`[data-move="${by < 0 ? 'up' : 'down'}"]`)
      const other = row?.querySelector<HTMLButtonElement>(`[data-move="${by < 0 ? 'down' : 'up'}"]`)
      ;(same && !same.disabled ? same : other)?.focus()
    })
  }

  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      {steps.length === 0 ? <Empty /> : null}
      <ol className={css({ display: 'grid', gap: '3', p: '0', m: '0', listStyle: 'none' })} data-testid="steps">
        {steps.map((step, index) => {
          const name = stepName(t, step, index, sharedSteps)
          return (
            <li key={step.id} data-step-id={step.id}>
              <fieldset className={rowCard}>
                <legend className={css({ srOnly: true })}>{t('editor.stepNumber', { number: index + 1 })}</legend>
                <div className={rowHead}>
                  <span aria-hidden="true" className={css({ fontWeight: '600', me: 'auto' })}>
                    {t('editor.stepNumber', { number: index + 1 })}
                  </span>
                  <StepButton label={t('editor.moveUp', { step: name })} direction="up" disabled={index === 0} onClick={() => moveBy(step, index, -1)}>
                    ↑
                  </StepButton>
                  <StepButton label={t('editor.moveDown', { step: name })} direction="down" disabled={index === steps.length - 1} onClick={() => moveBy(step, index, 1)}>
                    ↓
                  </StepButton>
                  <Button size="sm" variant="ghost" tone="error" onClick={() => onChange(steps.filter((_, position) => position !== index))} aria-label={t('editor.removeStep', { step: name })}>
                    {t('editor.remove')}
                  </Button>
                </div>
                <StepBody {...props} step={step} index={index} />
              </fieldset>
            </li>
          )
        })}
      </ol>
      <ListAdders {...props} />
    </div>
  )
}

/** The buttons under a step list that add a step or shared steps; the new step takes the focus. */
export function ListAdders({ projectId, sharedSteps, steps, onChange }: StepListProps) {
  return (
    <StepAdders
      projectId={projectId}
      sharedSteps={sharedSteps}
      onAdd={(step) => {
        onChange([...steps, step])
        focusStep(step)
      }}
    />
  )
}

function StepButton({ label, direction, disabled, onClick, children }: { label: string; direction: 'up' | 'down'; disabled: boolean; onClick: () => void; children: ReactNode }) {
  // The arrow is what shows; the full name is for assistive technology and the tooltip.
  return (
    <Button size="sm" variant="outline" disabled={disabled} onClick={onClick} title={label} aria-label={label} data-move={direction} className={css({ minW: '10', minH: '10' })}>
      <span aria-hidden="true">{children}</span>
    </Button>
  )
}
