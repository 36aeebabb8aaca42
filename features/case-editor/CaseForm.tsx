import { Suspense, useRef } from 'react'
import { navigate } from 'vike/client/router'
import { css } from '../../styled-system/css'
import { Button } from '../../components/ui/button.tsx'
import { Card } from '../../components/ui/card.tsx'
import { FormAlert } from '../../components/FormAlert.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { caseHref, projectHref } from '../../lib/routing/project-links.ts'
import { draftFromCase, emptyDraft } from './case-draft.ts'
import { gridThree, gridTwo, sectionClass, TextAreaField } from './controls.tsx'
import { CheckEditor, CustomFieldsEditor, EditorConflict, PartLoading, TargetPicker } from './lazy-parts.tsx'
import type { EditorContext, SavedCase } from './editor-types.ts'
import { MetaFields } from './MetaFields.tsx'
import { PlainStepList } from './StepLists.tsx'
import { TitleField } from './TitleField.tsx'
import { useCaseEditor } from './use-case-editor.ts'

type Props = {
  context: EditorContext
  /** The case being edited; null for a new one. */
  saved: SavedCase | null
  /** A new case's folder (`?folder=`). */
  folder?: string
}

/**
 * The plain editor of `/test-cases/create` and `/test-cases/{id}/edit`: every field an ordinary input, steps as rows.
 * Checked in the browser with the server's rules; a refused save keeps everything typed; success opens the case.
 */
export function CaseForm({ context, saved, folder = '' }: Props) {
  const t = useT()
  const initial = saved ? draftFromCase(saved) : emptyDraft(folder)
  const formRef = useRef<HTMLFormElement>(null)
  const editor = useCaseEditor({
    container: formRef,
    context,
    caseId: saved?.id ?? null,
    initialDraft: initial,
    initialSaved: saved ? { version: saved.version, draft: initial } : null,
    onSaved: (result) => void navigate(caseHref(result.id)),
  })
  const { draft, errors } = editor
  const cancelHref = saved ? caseHref(saved.id) : projectHref('cases', context.projectId)

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void editor.save()
      }}
      className={css({ display: 'grid', gap: '6', maxW: '1100px', minW: '0' })}
      data-testid="case-form"
    >
      <EditorConflict editor={editor} context={context} headingLevel={2} />
      {editor.formError ? <FormAlert tone="error">{editor.formError}</FormAlert> : null}

      <Card.Root variant="outlined">
        <Card.Body className={sectionClass}>
          <TitleField projectId={context.projectId} caseId={editor.caseId} value={draft.title} error={errors.title} onChange={(title) => editor.change({ title })} />
          <TextAreaField label={t('editor.fieldDescription')} value={draft.description} onChange={(description) => editor.change({ description })} error={errors.description} helper={t('editor.markdownHelp')} rows={5} testId="case-description" />
          <TextAreaField label={t('editor.fieldPreconditions')} value={draft.preconditions} onChange={(preconditions) => editor.change({ preconditions })} error={errors.preconditions} helper={t('editor.markdownHelp')} rows={3} />
        </Card.Body>
      </Card.Root>

      <section aria-labelledby="steps-title" className={sectionClass}>
        <h2 id="steps-title" className={css({ fontSize: 'lg', fontWeight: '600' })}>
          {t('editor.fieldSteps')}
        </h2>
        <PlainStepList
          projectId={context.projectId}
          steps={draft.steps}
          sharedSteps={context.sharedSteps}
          errors={errors}
          onChange={(steps, clear) => editor.change({ steps }, clear ?? ['steps'])}
        />
      </section>

      <section aria-labelledby="details-title" className={sectionClass}>
        <h2 id="details-title" className={css({ fontSize: 'lg', fontWeight: '600' })}>
          {t('editor.details')}
        </h2>
        <MetaFields draft={draft} errors={errors} onChange={editor.change} className={gridThree} />
      </section>

      {draft.type === 'automated' ? (
        <Suspense fallback={<PartLoading />}>
          <CheckEditor projectId={context.projectId} portals={context.portals} value={draft.check} errors={errors} onChange={(check, clear) => editor.change({ check }, clear)} headingLevel={2} />
        </Suspense>
      ) : null}

      <section aria-labelledby="target-title" className={sectionClass}>
        <h2 id="target-title" className={css({ fontSize: 'lg', fontWeight: '600' })}>
          {t('editor.fieldTarget')}
        </h2>
        <TargetPicker projectId={context.projectId} value={draft.target} error={errors.target} onChange={(target) => editor.change({ target })} />
      </section>

      <section aria-labelledby="custom-title" className={sectionClass}>
        <h2 id="custom-title" className={css({ fontSize: 'lg', fontWeight: '600' })}>
          {t('editor.customFields')}
        </h2>
        <CustomFieldsEditor
          fields={context.customFields}
          members={context.members}
          values={draft.custom}
          errors={errors}
          onChange={(fieldId, value) => editor.changeWith((current) => ({ ...current, custom: { ...current.custom, [fieldId]: value } }), [`custom.${fieldId}`])}
          className={gridTwo}
        />
      </section>

      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
        <Button type="submit" loading={editor.pending} disabled={Boolean(editor.conflict)} data-testid="case-submit">
          {saved ? t('editor.saveChanges') : t('editor.createCase')}
        </Button>
        <Button variant="ghost" asChild>
          <a href={cancelHref}>{t('editor.cancel')}</a>
        </Button>
        <p role="status" aria-live="polite" className={css({ fontSize: 'sm', color: 'text.muted' })}>
          {editor.pending ? t('editor.saving') : editor.conflict ? t('editor.resolveFirst') : (editor.notice ?? '')}
        </p>
      </div>
    </form>
  )
}
