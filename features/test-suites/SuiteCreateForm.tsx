import { Suspense, useState, type FormEvent } from 'react'
import { navigate } from 'vike/client/router'
import { css } from '../../styled-system/css'
import { FormAlert } from '../../components/FormAlert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { TextareaField, TextField } from '../../components/ui/input.tsx'
import type { ApiInputs } from '../../lib/api/browser-client.ts'
import { useApiAction } from '../../lib/api/use-api-action.ts'
import type { SuiteKind, SuiteRule } from '../../lib/domain/test-management.ts'
import type { FieldErrors } from '../../lib/forms/validation.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { projectHref, suiteEditHref, suiteHref } from '../../lib/routing/project-links.ts'
import { KindChoice } from './KindChoice.tsx'
import { EMPTY_RULE } from './rule-text.ts'
import { lazyWithGroups } from '../../components/lazy-with-groups.tsx'
import { LeaveDialog, useLeaveWarning } from './use-leave-warning.tsx'
import { checkForm } from '../../lib/forms/form-checks.ts'
import { useInvalidFocus } from '../../lib/forms/invalid-focus.ts'

const loadSuiteCreateSchema = () => import('../../lib/forms/test-management-schemas.ts').then((schemas) => schemas.SuiteCreateSchema)

type Choices = {
  project: { id: string; key: string; name: string }
  tags: ReadonlyArray<{ tag: string; cases: number }>
  folders: readonly string[]
  portals: ReadonlyArray<{ id: string; name: string }>
}

// The rule builder is out of the page's first load (decision 021), loaded when the page's code runs: by the time
// "Dynamic" is chosen it is there and shows at once; on a slow line the boundary below says "Loading…" meanwhile.
const RuleBuilder = lazyWithGroups([], () => import('./RuleBuilder.tsx'))

const sectionTitle = css({ fontSize: 'xl', fontWeight: '600' })

/** Errors of the nested input (`suite.name`, `suite.rule.tags.0`) by the field that shows them. */
function errorsByField(errors: FieldErrors) {
  const rule = Object.entries(errors).find(([path]) => path.startsWith('suite.rule'))?.[1]
  return { name: errors['suite.name'], description: errors['suite.description'], rule }
}

/** A new suite: its name, description and kind; a dynamic one also its rule, with the live preview. */
export function SuiteCreateForm({ choices }: { choices: Choices }) {
  const t = useT()
  const focusFirstError = useInvalidFocus()
  const projectId = choices.project.id
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [kind, setKind] = useState<SuiteKind>('static')
  const [rule, setRule] = useState<SuiteRule>(EMPTY_RULE)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const create = useApiAction((client, input: ApiInputs['testSuites']['create']) => client.testSuites.create.mutate(input))
  const [created, setCreated] = useState(false)
  const typed = name.trim() !== '' || description.trim() !== '' || rule !== EMPTY_RULE
  const warning = useLeaveWarning(typed && !created)
  const shown = errorsByField(errors)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const parsed = await checkForm(loadSuiteCreateSchema, { projectId, suite: { name, description, kind, rule: kind === 'dynamic' ? rule : null } }, t)
    if (!parsed.ok) {
      setErrors(parsed.errors ?? {})
      setFormError(parsed.errors ? null : t('common.networkError'))
      focusFirstError(form)
      return
    }
    setErrors({})
    setFormError(null)
    const outcome = await create.run(parsed.data, {
      refresh: ({ id }) => {
        setCreated(true)
        // A static suite is filled on its edit page; a dynamic one is complete.
        return navigate(kind === 'static' ? suiteEditHref(id) : suiteHref(projectId, id))
      },
    })
    if (!outcome.ok) {
      setErrors(outcome.failure.fieldErrors)
      setFormError(Object.keys(outcome.failure.fieldErrors).length > 0 ? null : outcome.failure.message)
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className={css({ display: 'grid', gap: '6', maxW: '960px' })} data-testid="suite-create-form">
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      <section aria-labelledby="suite-details-title" className={css({ display: 'grid', gap: '4' })}>
        <h2 id="suite-details-title" className={sectionTitle}>
          {t('suites.detailsTitle')}
        </h2>
        <TextField
          label={t('suites.name')}
          name="name"
          required
          maxLength={120}
          value={name}
          onChange={(event) => setName(event.target.value)}
          invalid={Boolean(shown.name)}
          errorText={shown.name}
          autoComplete="off"
        />
        <TextareaField
          label={t('suites.description')}
          name="description"
          rows={4}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          invalid={Boolean(shown.description)}
          errorText={shown.description}
          helperText={t('suites.descriptionHint')}
        />
        <KindChoice value={kind} onChange={setKind} />
      </section>
      {kind === 'dynamic' ? (
        <section aria-labelledby="suite-rule-title" className={css({ display: 'grid', gap: '3' })}>
          <h2 id="suite-rule-title" className={sectionTitle}>
            {t('suites.ruleTitle')}
          </h2>
          <p className={css({ color: 'text.muted' })}>{t('suites.ruleIntro')}</p>
          <Suspense fallback={<p className={css({ color: 'text.muted' })}>{t('common.loading')}</p>}>
            <RuleBuilder projectId={projectId} rule={rule} onChange={setRule} tags={choices.tags} folders={choices.folders} portals={choices.portals} error={shown.rule} />
          </Suspense>
        </section>
      ) : null}
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' })}>
        <Button type="submit" loading={create.pending}>
          {kind === 'static' ? t('suites.createAndAddCases') : t('suites.createSuite')}
        </Button>
        <a href={projectHref('suites', projectId)} className={css({ color: 'primary.text', minH: '10', display: 'inline-flex', alignItems: 'center' })}>
          {t('common.cancel')}
        </a>
      </div>
      <LeaveDialog warning={warning} />
    </form>
  )
}

