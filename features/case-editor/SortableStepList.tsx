import { css } from '../../styled-system/css'
import { Button } from '../../components/ui/button.tsx'
import { SortableList } from '../../components/SortableList.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { Empty, ListAdders, moved, rowCard, rowHead, StepBody, type StepListProps } from './StepLists.tsx'
import { stepName } from './StepParts.tsx'

// Apart from ./StepLists.tsx, so the plain form does not load the sortable list.

/** The enhanced editor's steps: dragged or moved by keyboard from a handle, each move announced. */
export function SortableStepList(props: StepListProps) {
  const t = useT()
  const { steps, sharedSteps, onChange } = props
  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      {steps.length === 0 ? <Empty /> : null}
      <SortableList
        items={steps}
        getKey={(step) => step.id}
        itemLabel={(step, index) => stepName(t, step, index, sharedSteps)}
        onMove={(from, to) => onChange(moved(steps, from, to))}
        label={t('editor.fieldSteps')}
        testId="sortable-steps"
        className={css({ gap: '3' })}
        renderItem={(step, index, handle) => {
          const name = stepName(t, step, index, sharedSteps)
          return (
            <div className={rowCard} data-step-id={step.id} data-testid="step-row">
              <div className={rowHead}>
                {handle}
                <span className={css({ fontWeight: '600', me: 'auto' })}>{t('editor.stepNumber', { number: index + 1 })}</span>
                <Button size="sm" variant="ghost" tone="error" onClick={() => onChange(steps.filter((_, position) => position !== index))} aria-label={t('editor.removeStep', { step: name })}>
                  {t('editor.remove')}
                </Button>
              </div>
              <StepBody {...props} step={step} index={index} />
            </div>
          )
        }}
      />
      <ListAdders {...props} />
    </div>
  )
}
export default SortableStepList
