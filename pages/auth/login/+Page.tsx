import { usePageContext } from 'vike-react/usePageContext'
import { css } from '../../../styled-system/css'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/input.tsx'
import { AuthCard } from '../../../features/accounts/AuthCard.tsx'
import { FORM_NAME_FIELD, postedValue, RESET_DONE_QUERY } from '../../../lib/forms/form-post.ts'
import { useSchemaForm } from '../../../lib/forms/use-form.ts'
import { usePostedForm } from '../../../lib/forms/use-posted-form.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { safeRedirectTarget } from '../../../lib/routing/route-table.ts'
import { afterInvitedSignIn, invitationAuthHref } from '../../../lib/routing/project-links.ts'

/** The hidden `_form` value the server's form post handler knows this form by (server/forms/form-posts.server.ts). */
const FORM_NAME = 'login'

const loadSchema = () => import('../../../lib/forms/account-schemas.ts').then((schemas) => schemas.LoginSchema)

/** Without JavaScript the form posts to this page (its query, the redirect target, included) and the server signs in. */
export default function Page() {
  const t = useT()
  const { urlParsed } = usePageContext()
  const redirect = safeRedirectTarget(urlParsed.search.redirect)
  // From an invitation's page: the link's token and the invited address (prefilled); signing in joins (decision 028).
  const invitation = urlParsed.search.invitation || undefined
  const invitedEmail = urlParsed.search.email ?? ''
  const posted = usePostedForm(FORM_NAME)
  const form = useSchemaForm(loadSchema, (client, value) => client.auth.login.mutate({ ...value, invitation }), {
    posted,
    // A full load, so the server renders the next page for the signed-in user.
    refresh: (result) => window.location.assign(afterInvitedSignIn(result.joinedProjectId, invitation, redirect)),
  })
  const signupHref = invitation
    ? invitationAuthHref('signup', invitation, invitedEmail)
    : urlParsed.search.redirect
      ? `/auth/signup?redirect=${encodeURIComponent(redirect)}`
      : '/auth/signup'
  return (
    <AuthCard
      title={t('pages.loginTitle')}
      description={t('pages.loginDescription')}
      footer={
        <>
          <p>
            {t('auth.noAccount')} <a href={signupHref}>{t('auth.createOne')}</a>
          </p>
          <p className={css({ mt: '2' })}>{t('auth.forgotPassword')}</p>
        </>
      }
    >
      <form method="post" noValidate onSubmit={form.onSubmit} className={css({ display: 'grid', gap: '4' })}>
        <input type="hidden" name={FORM_NAME_FIELD} value={FORM_NAME} />
        {urlParsed.search.reset === RESET_DONE_QUERY.reset && !posted ? <FormAlert tone="success">{t('auth.resetDone')}</FormAlert> : null}
        {invitation ? <FormAlert tone="info">{t('auth.invitedLoginNote')}</FormAlert> : null}
        {form.formError ? <FormAlert tone="error">{form.formError}</FormAlert> : null}
        <TextField
          name="email"
          type="email"
          label={t('auth.email')}
          autoComplete="username"
          defaultValue={postedValue(posted, 'email') ?? invitedEmail}
          required
          invalid={!!form.errors.email}
          errorText={form.errors.email}
        />
        <TextField
          name="password"
          type="password"
          label={t('auth.password')}
          autoComplete="current-password"
          required
          invalid={!!form.errors.password}
          errorText={form.errors.password}
        />
        <Button type="submit" loading={form.pending} size="lg">
          {form.pending ? t('auth.signingIn') : t('auth.signInAction')}
        </Button>
      </form>
    </AuthCard>
  )
}
