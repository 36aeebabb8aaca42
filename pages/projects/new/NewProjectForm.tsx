import { useEffect, useRef, useState, type FormEvent } from 'react'
import { navigate } from 'vike/client/router'
import { css } from '../../../styled-system/css'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { PortalPicker, type PortalChoice } from '../../../features/projects/PortalPicker.tsx'
import { ProjectFields, type ProjectFieldValues } from '../../../features/projects/ProjectFields.tsx'
import type { ApiInputs } from '../../../lib/api/browser-client.ts'
import { useApiAction } from '../../../lib/api/use-api-action.ts'
import { FORM_NAME_FIELD, postedValue, postedValues } from '../../../lib/forms/form-post.ts'
import { checkForm, usePreloadedSchema } from '../../../lib/forms/form-checks.ts'
import { usePostedForm } from '../../../lib/forms/use-posted-form.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { projectHref } from '../../../lib/routing/project-links.ts'

/** The hidden `_form` value the server's form post handler knows this form by (server/forms/form-posts.server.ts). */
const FORM_NAME = 'project-create'
const loadSchema = () => import('../../../lib/forms/test-management-schemas.ts').then((schemas) => schemas.ProjectCreateSchema)

/**
 * Checked in the browser with the server's own schema; a refusal lands under its field and nothing typed is lost.
 * Without JavaScript the same form posts to its page: the server creates the project and redirects, or renders the
 * page again with the values as typed and its messages, which seed the state here.
 */
export function NewProjectForm({ portals }: { portals: readonly PortalChoice[] }) {
  const t = useT()
  const create = useApiAction((client, input: ApiInputs['projects']['create']) => client.projects.create.mutate(input))
  const pending = create.pending
  const posted = usePostedForm(FORM_NAME)
  const [values, setValues] = useState<ProjectFieldValues>(() => ({
    name: postedValue(posted, 'name') ?? '',
    key: postedValue(posted, 'key') ?? '',
    description: postedValue(posted, 'description') ?? '',
  }))
  const [portalIds, setPortalIds] = useState<string[]>(() => postedValues(posted, 'portalIds') ?? [])
  const [errors, setErrors] = useState<Record<string, string>>(() => posted?.fieldErrors ?? {})
  const [formError, setFormError] = useState<string | null>(() => posted?.formError ?? null)
  const [attempt, setAttempt] = useState(0)
  const form = useRef<HTMLFormElement>(null)
  usePreloadedSchema(loadSchema)

  // After a refused submission the first field in error takes the focus, so its message is read out.
  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [attempt, errors])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFormError(null)
    const parsed = await checkForm(loadSchema, { ...values, portalIds }, t)
    if (!parsed.ok) {
      setErrors(parsed.errors ?? {})
      if (!parsed.errors) setFormError(t('common.networkError'))
      setAttempt((n) => n + 1)
      return
    }
    setErrors({})
    // The new project's page is next; the button spins until it is there.
    const outcome = await create.run(parsed.data, { refresh: (created) => navigate(projectHref('overview', created.id)) })
    if (!outcome.ok) {
      setErrors(outcome.failure.fieldErrors)
      setFormError(Object.keys(outcome.failure.fieldErrors).length > 0 ? null : outcome.failure.message)
      setAttempt((n) => n + 1)
    }
  }

  return (
    <Card.Root className={css({ maxW: '44rem' })}>
      <Card.Body>
        <form ref={form} method="post" onSubmit={onSubmit} noValidate className={css({ display: 'grid', gap: '5' })} data-testid="new-project-form">
          <input type="hidden" name={FORM_NAME_FIELD} value={FORM_NAME} />
          {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
          <ProjectFields values={values} onChange={setValues} errors={errors} autoFocus />
          <PortalPicker portals={portals} selected={portalIds} onChange={setPortalIds} legend={t('projects.portalsLegend')} description={t('projects.portalsHelp')} error={errors.portalIds} />
          <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
            <Button type="submit" loading={pending}>
              {t('projects.createProject')}
            </Button>
            <Button asChild variant="outline">
              <a href="/projects">{t('common.cancel')}</a>
            </Button>
          </div>
        </form>
      </Card.Body>
    </Card.Root>
  )
}
