import { useEffect, useId, useState, type FormEvent } from 'react'
import { css } from '../../styled-system/css'
import { FormAlert } from '../../components/FormAlert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { TextField } from '../../components/ui/input.tsx'
import type { ApiInputs } from '../../lib/api/browser-client.ts'
import { useApiAction } from '../../lib/api/use-api-action.ts'
import type { FieldErrors } from '../../lib/forms/validation.ts'
import { FORM_NAME_FIELD, postedValue } from '../../lib/forms/form-post.ts'
import { usePostedForm } from '../../lib/forms/use-posted-form.ts'
import { useLocale, useT } from '../../lib/i18n/I18nProvider.tsx'
import { NativeSelect } from '../../features/portals/NativeSelect.tsx'
import { useDisplayNames } from './names.tsx'
import type { AddedPortal } from './types.ts'

// The form's schema and messages come with zod (about 25 KB gzip), so they load after the page, not with it (decision 021).
const loadChecks = () => Promise.all([import('../../lib/forms/portal-schemas.ts'), import('../../lib/forms/validation.ts')])

/** The form's name in a post without JavaScript. */
const FORM_NAME = 'portal-add'

export const SIGN_IN_HREF = `/auth/login?redirect=${encodeURIComponent('/ckan-instances')}`

/**
 * Signed in: add a portal by its address (checked by the server); otherwise, where to sign in. `onAdded` renders the
 * page's data again, so the list and the directory show the new portal.
 */
export function AddPortalSection({ signedIn, onAdded, countries }: { signedIn: boolean; onAdded: () => void; countries: readonly string[] }) {
  const t = useT()
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className={css({ display: 'grid', gap: '3', maxW: '720px' })}>
      <h2 id={titleId} className={css({ fontSize: 'xl', fontWeight: '600' })}>
        {t('portals.addTitle')}
      </h2>
      <p className={css({ color: 'text.muted' })}>{t('portals.addDescription')}</p>
      {signedIn ? (
        <AddPortalForm onAdded={onAdded} countries={countries} />
      ) : (
        <p data-testid="sign-in-prompt">
          {t('portals.signInToAdd')} <a href={SIGN_IN_HREF}>{t('portals.signInLink')}</a>
        </p>
      )}
    </section>
  )
}

function AddPortalForm({ onAdded, countries }: { onAdded: () => void; countries: readonly string[] }) {
  const t = useT()
  const locale = useLocale()
  const names = useDisplayNames()
  const countryHelpId = useId()
  const byName = [...countries].sort((a, b) => names.country(a).localeCompare(names.country(b), locale))
  // Refused without JavaScript, the page comes back with what was typed and why (server/forms/form-posts.server.ts).
  const posted = usePostedForm(FORM_NAME)
  const [errors, setErrors] = useState<FieldErrors>(() => posted?.fieldErrors ?? {})
  const [formError, setFormError] = useState<string | null>(() => posted?.formError ?? null)
  const add = useApiAction((client, input: ApiInputs['portals']['add']): Promise<AddedPortal> => client.portals.add.mutate(input))
  const pending = add.pending
  const [added, setAdded] = useState<AddedPortal | null>(null)

  useEffect(() => {
    // Fetched once the form is there; a failure here is tried again on submit.
    loadChecks().catch(() => undefined)
  }, [])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const values = Object.fromEntries(new FormData(form).entries())
    setAdded(null)
    setFormError(null)
    let checks: Awaited<ReturnType<typeof loadChecks>>
    try {
      checks = await loadChecks()
    } catch {
      setFormError(t('common.networkError'))
      return
    }
    const [{ AddPortalSchema }, { fieldErrors }] = checks
    const parsed = AddPortalSchema.safeParse(values)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, t))
      return
    }
    setErrors({})
    // The page renders its data again through `onAdded` (the list and the directory show the new portal).
    const answer = await add.run(parsed.data, { refresh: false })
    if (answer.ok) {
      setAdded(answer.result)
      // Only a success empties the form: after a refusal everything typed stays for correcting.
      form.reset()
      onAdded()
    } else {
      setErrors(answer.failure.fieldErrors)
      setFormError(Object.keys(answer.failure.fieldErrors).length ? null : answer.failure.message)
    }
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} className={css({ display: 'grid', gap: '4' })} data-testid="add-portal-form">
      <input type="hidden" name={FORM_NAME_FIELD} value={FORM_NAME} />
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      {added ? (
        <FormAlert tone="success">{added.created ? t('portals.added', { name: added.instance.name }) : t('portals.alreadyAdded', { name: added.instance.name })}</FormAlert>
      ) : null}
      <TextField
        name="url"
        type="url"
        inputMode="url"
        label={t('portals.urlLabel')}
        helperText={t('portals.urlHelp')}
        required
        maxLength={500}
        defaultValue={postedValue(posted, 'url')}
        autoComplete="url"
        invalid={Boolean(errors.url)}
        errorText={errors.url}
      />
      <TextField name="name" label={t('portals.nameLabel')} maxLength={200} defaultValue={postedValue(posted, 'name')} invalid={Boolean(errors.name)} errorText={errors.name} />
      <div className={css({ display: 'grid', gap: '1' })}>
        <NativeSelect label={t('portals.countryLabel')} name="country" defaultValue={postedValue(posted, 'country') ?? ''} aria-describedby={countryHelpId} aria-invalid={errors.country ? true : undefined}>
          <option value="">{t('portals.countryGuess')}</option>
          {byName.map((code) => (
            <option key={code} value={code}>
              {names.country(code)}
            </option>
          ))}
        </NativeSelect>
        <p id={countryHelpId} className={css({ fontSize: 'sm', color: errors.country ? 'error.text' : 'text.muted' })}>
          {errors.country ?? t('portals.countryHelp')}
        </p>
      </div>
      <div>
        <Button type="submit" loading={pending}>
          {pending ? t('portals.adding') : t('portals.add')}
        </Button>
      </div>
    </form>
  )
}
