import { usePageContext } from 'vike-react/usePageContext'
import { css } from '../../../styled-system/css'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/input.tsx'
import { AuthCard } from '../../../features/accounts/AuthCard.tsx'
import { NewPasswordFields } from '../../../features/accounts/NewPasswordFields.tsx'
import { FORM_NAME_FIELD, postedValue } from '../../../lib/forms/form-post.ts'
import { useSchemaForm } from '../../../lib/forms/use-form.ts'
import { usePostedForm } from '../../../lib/forms/use-posted-form.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { safeRedirectTarget } from '../../../lib/routing/route-table.ts'
import { afterInvitedSignIn, invitationAuthHref } from '../../../lib/routing/project-links.ts'

/** The hidden `_form` value the server's form post handler knows this form by (server/forms/form-posts.server.ts). */
const FORM_NAME = 'signup'

const loadSchema = () => import('../../../lib/forms/account-schemas.ts').then((schemas) => schemas.SignupFormSchema)

/**
 * Without JavaScript the form posts to this page (its query, the redirect target, included) and the server signs up.
 * From an invitation's page the query carries the link's token and the invited address (prefilled): signing up with
 * that address joins the project at once (docs/decisions/028-invitations.md).
 */
export default function Page() {
  const t = useT()
  const { urlParsed } = usePageContext()
  const redirect = safeRedirectTarget(urlParsed.search.redirect)
  const invitation = urlParsed.search.invitation || undefined
  const invitedEmail = urlParsed.search.email ?? ''
  const posted = usePostedForm(FORM_NAME)
  const form = useSchemaForm(loadSchema, (client, { name, email, password }) => client.auth.signup.mutate({ name, email, password, invitation }), {
    posted,
    refresh: (result) => window.location.assign(afterInvitedSignIn(result.joinedProjectId, invitation, redirect)),
  })
  const loginHref = invitation
    ? invitationAuthHref('login', invitation, invitedEmail)
    : urlParsed.search.redirect
      ? `/auth/login?redirect=${encodeURIComponent(redirect)}`
      : '/auth/login'
  return (
    <AuthCard
      title={t('pages.signupTitle')}
      description={t('pages.signupDescription')}
      footer={
        <p>
          {t('auth.haveAccount')} <a href={loginHref}>{t('auth.signInAction')}</a>
        </p>
      }
    >
      <form method="post" noValidate onSubmit={form.onSubmit} className={css({ display: 'grid', gap: '4' })}>
        <input type="hidden" name={FORM_NAME_FIELD} value={FORM_NAME} />
        {invitation ? <FormAlert tone="info">{t('auth.invitedSignupNote')}</FormAlert> : null}
        {form.formError ? <FormAlert tone="error">{form.formError}</FormAlert> : null}
        <TextField name="name" label={t('auth.name')} autoComplete="name" defaultValue={postedValue(posted, 'name')} required invalid={!!form.errors.name} errorText={form.errors.name} />
        <TextField
          name="email"
          type="email"
          label={t('auth.email')}
          autoComplete="email"
          defaultValue={postedValue(posted, 'email') ?? invitedEmail}
          required
          invalid={!!form.errors.email}
          errorText={form.errors.email}
        />
        <NewPasswordFields errors={form.errors} />
        <Button type="submit" loading={form.pending} size="lg">
          {form.pending ? t('auth.signingUp') : t('auth.signUpAction')}
        </Button>
      </form>
    </AuthCard>
  )
}
