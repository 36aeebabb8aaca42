import { useState, type FormEvent } from 'react'
import { navigate } from 'vike/client/router'
import { css } from '../../../styled-system/css'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import type { DeferredDialogProps } from '../../../components/ui/deferred-dialog.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { showToast } from '../../../components/ui/toast-host.tsx'
import { ConfirmQuestion } from '../../../features/projects/ConfirmQuestion.tsx'
import { ProjectFields, type ProjectFieldValues } from '../../../features/projects/ProjectFields.tsx'
import type { ApiClient } from '../../../lib/api/browser-client.ts'
import { useApiAction } from '../../../lib/api/use-api-action.ts'
import { checkForm, usePreloadedSchema } from '../../../lib/forms/form-checks.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import type { Project } from './OwnerActions.tsx'

// The owner's dialogs on a project's dashboard, loaded when one of their buttons is first pressed (./OwnerActions.tsx).

const loadProjectUpdateSchema = () => import('../../../lib/forms/test-management-schemas.ts').then((schemas) => schemas.ProjectUpdateSchema)

type ProjectUpdate = Parameters<ApiClient['projects']['update']['mutate']>[0]

export function EditProjectDialog({ project, dialog }: { project: Project; dialog: DeferredDialogProps }) {
  const t = useT()
  return (
    <Dialog.Root {...dialog}>
      <Dialog.Content data-testid="edit-project-dialog">
        <Dialog.Header>
          <Dialog.Title>{t('projects.editDetails')}</Dialog.Title>
          <Dialog.Description>{t('projects.editDetailsText')}</Dialog.Description>
        </Dialog.Header>
        <EditProjectForm project={project} close={() => dialog.onOpenChange({ open: false })} />
        <Dialog.CloseButton />
      </Dialog.Content>
    </Dialog.Root>
  )
}

// Mounted with the content: a dialog opened again starts from what is saved; a failed save keeps what was typed while
// it stays open.
function EditProjectForm({ project, close }: { project: Project; close: () => void }) {
  const t = useT()
  const update = useApiAction((client, input: ProjectUpdate) => client.projects.update.mutate(input))
  const saved: ProjectFieldValues = { name: project.name, key: project.key, description: project.description }
  const [values, setValues] = useState<ProjectFieldValues>(saved)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  usePreloadedSchema(loadProjectUpdateSchema)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFormError(null)
    const parsed = await checkForm(loadProjectUpdateSchema, { projectId: project.id, ...values }, t)
    if (!parsed.ok) {
      setErrors(parsed.errors ?? {})
      if (!parsed.errors) setFormError(t('common.networkError'))
      return
    }
    setErrors({})
    // Only what changed: the audit log then says what happened ("renamed"), not that everything was set again.
    const changes = Object.fromEntries((['name', 'key', 'description'] as const).filter((name) => parsed.data[name] !== saved[name]).map((name) => [name, parsed.data[name]]))
    if (Object.keys(changes).length === 0) {
      close()
      return
    }
    // The name shows in the frame too (the switcher, the title): the page's data is read again before the dialog closes.
    const outcome = await update.run({ projectId: project.id, ...changes })
    if (!outcome.ok) {
      setErrors(outcome.failure.fieldErrors)
      if (Object.keys(outcome.failure.fieldErrors).length === 0) setFormError(outcome.failure.message)
      return
    }
    close()
    void showToast({ type: 'success', title: t('projects.detailsSaved') })
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body className={css({ display: 'grid', gap: '4' })}>
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <ProjectFields values={values} onChange={setValues} errors={errors} />
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.CloseTrigger asChild>
          <Button variant="ghost">{t('common.cancel')}</Button>
        </Dialog.CloseTrigger>
        <Button type="submit" loading={update.pending}>
          {t('common.save')}
        </Button>
      </Dialog.Footer>
    </form>
  )
}

export function DeleteProjectQuestion({ project, dialog }: { project: Project; dialog: DeferredDialogProps }) {
  const t = useT()
  const remove = useApiAction((client, input: { projectId: string }) => client.projects.remove.mutate(input))
  return (
    <ConfirmQuestion
      dialog={dialog}
      testId="delete-project-dialog"
      title={t('projects.deleteTitle', { name: project.name })}
      description={t('projects.deleteText')}
      confirmText={project.key}
      confirmTextLabel={t('projects.deleteTypeKey', { key: project.key })}
      confirmLabel={t('projects.deleteConfirm')}
      onConfirm={async () => {
        // The project is gone: no page to read again, the list is next.
        const outcome = await remove.run({ projectId: project.id }, { refresh: false })
        if (!outcome.ok) throw new Error(outcome.failure.message)
        void showToast({ type: 'success', title: t('projects.deleted', { name: project.name }) })
        await navigate('/projects')
      }}
    />
  )
}
