import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { css } from '../../../../styled-system/css'
import { FormAlert } from '../../../../components/FormAlert.tsx'
import { SortableList } from '../../../../components/SortableList.tsx'
import { Button, IconButton } from '../../../../components/ui/button.tsx'
import { XIcon } from '../../../../components/ui/icons.tsx'
import { Field } from '../../../../components/ui/field.tsx'
import { TextField } from '../../../../components/ui/input.tsx'
import { draftChanged, moveItem, newStepDraft, sharedStepDraft, sharedStepInput, type SharedStepDraft, type StepDraft } from '../../../../features/projects/step-drafts.ts'
import type { ApiClient } from '../../../../lib/api/browser-client.ts'
import { useApiAction } from '../../../../lib/api/use-api-action.ts'
import type { StepText } from '../../../../lib/domain/test-management.ts'
import { checkForm, usePreloadedSchema } from '../../../../lib/forms/form-checks.ts'
import { useInvalidFocus } from '../../../../lib/forms/invalid-focus.ts'
import { useT } from '../../../../lib/i18n/I18nProvider.tsx'
import { refreshPageData } from '../../../../lib/routing/refresh-page.ts'
import type { SharedStep } from './SharedStepsSection.tsx'
import { StepsView } from './StepsView.tsx'

// The editor of shared steps, loaded when "New shared steps" or an "Edit" is first pressed (./SharedStepsSection.tsx):
// its sortable list, drafts and checks are code that a reader of the settings never needs.

const loadSharedStepSchema = () => import('../../../../lib/forms/test-management-schemas.ts').then((schemas) => schemas.SharedStepSchema)

type StepSave = { existing: false; input: Parameters<ApiClient['projects']['sharedSteps']['create']['mutate']>[0] } | { existing: true; input: Parameters<ApiClient['projects']['sharedSteps']['update']['mutate']>[0] }

const muted = css({ fontSize: 'sm', color: 'text.muted' })

/**
 * Writes new shared steps or edits saved ones over the version it started from. When someone saved in between, the
 * server refuses (CONFLICT): the editor keeps everything typed, shows their version, and lets the user save theirs
 * over it or take theirs instead.
 */
export function SharedStepEditor({ projectId, existing, latest, onDone }: { projectId: string; existing?: SharedStep; latest?: SharedStep; onDone: (savedTitle: string | null) => void }) {
  const t = useT()
  const id = useId()
  const saveStep = useApiAction(async (client, save: StepSave) => {
    if (save.existing) await client.projects.sharedSteps.update.mutate(save.input)
    else await client.projects.sharedSteps.create.mutate(save.input)
  })
  const [draft, setDraft] = useState<SharedStepDraft>(() => sharedStepDraft(existing))
  const [baseVersion, setBaseVersion] = useState(existing?.version ?? 1)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [conflict, setConflict] = useState(false)
  const [focusStep, setFocusStep] = useState<string | null>(null)
  const root = useRef<HTMLFormElement>(null)
  const focusInvalid = useInvalidFocus()
  usePreloadedSchema(loadSharedStepSchema)
  const changed = draftChanged(draft, existing)
  // Their version, once the list has been read again after a conflict.
  const theirs = conflict && latest && latest.version !== baseVersion ? latest : null

  useEffect(() => {
    if (focusStep) root.current?.querySelector<HTMLElement>(`[data-step="${focusStep}"] textarea`)?.focus()
  }, [focusStep])

  async function save(expectedVersion: number) {
    setFormError(null)
    const parsed = await checkForm(loadSharedStepSchema, sharedStepInput(draft), t)
    if (!parsed.ok) {
      setErrors(parsed.errors ?? {})
      if (!parsed.errors) setFormError(t('common.networkError'))
      focusInvalid(root.current)
      return
    }
    setErrors({})
    const outcome = await saveStep.run(existing ? { existing: true, input: { sharedStepId: existing.id, expectedVersion, step: parsed.data } } : { existing: false, input: { projectId, step: parsed.data } })
    if (!outcome.ok) {
      const refused = outcome.failure
      if (refused.status === 409) {
        setConflict(true)
        // Their version comes with the page's data, read again.
        await refreshPageData().catch(() => undefined)
      }
      setErrors(Object.fromEntries(Object.entries(refused.fieldErrors).map(([path, message]) => [path.replace(/^step\./, ''), message])))
      if (Object.keys(refused.fieldErrors).length === 0) setFormError(refused.message)
      return
    }
    onDone(parsed.data.title)
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void save(baseVersion)
  }

  function setStep(key: string, change: Partial<StepText>) {
    setDraft((current) => ({ ...current, steps: current.steps.map((step) => (step.key === key ? { ...step, ...change } : step)) }))
  }

  const stepLabel = (step: StepDraft, index: number) => (step.action.trim() ? t('projects.stepNamed', { n: index + 1, action: step.action.trim().slice(0, 40) }) : t('projects.stepN', { n: index + 1 }))

  return (
    <form ref={root} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className={css({ display: 'grid', gap: '4', p: '4', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border.strong', borderRadius: 'l2', bg: 'bg' })} data-testid="shared-step-editor">
      <h3 id={`${id}-title`} className={css({ fontWeight: '600' })}>
        {existing ? t('projects.editSharedStep', { title: existing.title }) : t('projects.newSharedStep')}
      </h3>
      <div aria-live="assertive">
        {formError ? (
          <FormAlert tone="error">
            <p>{formError}</p>
            {conflict ? <p className={css({ mt: '1' })}>{t('projects.conflictKept')}</p> : null}
          </FormAlert>
        ) : null}
      </div>
      {theirs ? (
        <div className={css({ p: '3', borderRadius: 'l2', bg: 'surface', borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border.strong' })} data-testid="their-version">
          <h4 className={css({ fontWeight: '600' })}>{t('projects.theirVersion', { version: theirs.version })}</h4>
          <p className={css({ mt: '1', overflowWrap: 'anywhere' })}>{theirs.title}</p>
          <StepsView steps={theirs.steps} />
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '3' })}>
            <Button
              size="sm"
              loading={saveStep.pending}
              onClick={() => {
                setBaseVersion(theirs.version)
                setConflict(false)
                void save(theirs.version)
              }}
            >
              {t('projects.saveMineOver')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setDraft(sharedStepDraft(theirs))
                setBaseVersion(theirs.version)
                setConflict(false)
                setFormError(null)
              }}
            >
              {t('projects.takeTheirs')}
            </Button>
          </div>
        </div>
      ) : null}
      <TextField label={t('projects.sharedStepTitle')} required maxLength={200} autoFocus value={draft.title} onChange={(event) => setDraft({ ...draft, title: event.currentTarget.value })} invalid={!!errors.title} errorText={errors.title} />
      <div>
        <p id={`${id}-steps`} className={css({ fontSize: 'sm', fontWeight: '500', mb: '2' })}>
          {t('projects.stepsLabel')}
        </p>
        {errors.steps ? <p className={css({ fontSize: 'sm', color: 'error.text', mb: '2' })}>{errors.steps}</p> : null}
        <SortableList
          items={draft.steps}
          getKey={(step) => step.key}
          itemLabel={stepLabel}
          label={t('projects.stepsLabel')}
          testId={`${id.replace(/:/g, '')}-steps`}
          onMove={(from, to) => {
            setDraft((current) => ({ ...current, steps: moveItem(current.steps, from, to) }))
            // Messages are placed by position; after a move they would sit under the wrong step.
            setErrors((current): Record<string, string> => (current.title ? { title: current.title } : {}))
          }}
          renderItem={(step, index, handle) => (
            <div role="group" aria-labelledby={`${id}-step-${step.key}`} data-step={step.key} className={css({ borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l2', p: '3', bg: 'surface', minW: '0', display: 'grid', gap: '3' })}>
              <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
                {handle}
                <span id={`${id}-step-${step.key}`} className={css({ fontWeight: '600', flex: '1' })}>
                  {t('projects.stepN', { n: index + 1 })}
                </span>
                <IconButton
                  aria-label={t('projects.removeStep', { n: index + 1 })}
                  tone="error"
                  disabled={draft.steps.length <= 1}
                  onClick={() => setDraft((current) => ({ ...current, steps: current.steps.filter((row) => row.key !== step.key) }))}
                >
                  <XIcon />
                </IconButton>
              </div>
              <StepTextField label={t('projects.stepAction')} required value={step.action} error={errors[`steps.${index}.action`]} onChange={(action) => setStep(step.key, { action })} />
              <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } })}>
                <StepTextField label={t('projects.stepData')} value={step.data} error={errors[`steps.${index}.data`]} onChange={(data) => setStep(step.key, { data })} />
                <StepTextField label={t('projects.stepExpected')} value={step.expected} error={errors[`steps.${index}.expected`]} onChange={(expected) => setStep(step.key, { expected })} />
              </div>
            </div>
          )}
        />
        <div className={css({ mt: '2' })}>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              const step = newStepDraft()
              setDraft((current) => ({ ...current, steps: [...current.steps, step] }))
              setFocusStep(step.key)
            }}
          >
            {t('projects.addStep')}
          </Button>
        </div>
      </div>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
        <Button type="submit" loading={saveStep.pending}>
          {existing ? t('common.save') : t('projects.createSharedStep')}
        </Button>
        <Button variant="ghost" onClick={() => onDone(null)}>
          {t('common.cancel')}
        </Button>
        {changed ? <span className={muted}>{t('projects.unsavedChanges')}</span> : null}
      </div>
    </form>
  )
}

function StepTextField({ label, value, onChange, error, required }: { label: string; value: string; onChange: (value: string) => void; error?: string; required?: boolean }) {
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Field.Textarea rows={2} maxLength={5000} value={value} onChange={(event) => onChange(event.currentTarget.value)} />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  )
}
