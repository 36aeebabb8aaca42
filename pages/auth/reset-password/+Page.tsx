import { usePageContext } from 'vike-react/usePageContext'
import { css } from '../../../styled-system/css'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { AuthCard } from '../../../features/accounts/AuthCard.tsx'
import { NewPasswordFields } from '../../../features/accounts/NewPasswordFields.tsx'
import { FORM_NAME_FIELD } from '../../../lib/forms/form-post.ts'
import { useSchemaForm } from '../../../lib/forms/use-form.ts'
import { usePostedForm } from '../../../lib/forms/use-posted-form.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'

/** The hidden `_form` value the server's form post handler knows this form by (server/forms/form-posts.server.ts). */
const FORM_NAME = 'reset-password'

const loadSchema = () => import('../../../lib/forms/account-schemas.ts').then((schemas) => schemas.ResetPasswordFormSchema)

/**
 * Reached from the one-time link that `npm run users -- reset-password <email>` prints. Without JavaScript the form
 * posts to this address (the token in its query) and the server sends the user on to sign in with the new password.
 */
export default function Page() {
  const t = useT()
  const { urlParsed } = usePageContext()
  const token = urlParsed.search.token ?? ''
  const form = useSchemaForm(loadSchema, (client, { password }) => client.auth.resetPassword.mutate({ token, password }), { posted: usePostedForm(FORM_NAME), refresh: false })
  return (
    <AuthCard title={t('auth.resetTitle')} description={t('auth.resetDescription')}>
      {form.done ? (
        <div className={css({ display: 'grid', gap: '4' })}>
          <FormAlert tone="success">{t('auth.resetDone')}</FormAlert>
          <Button asChild size="lg">
            <a href="/auth/login">{t('auth.signInAction')}</a>
          </Button>
        </div>
      ) : !token ? (
        <FormAlert tone="error">{t('auth.resetLinkInvalid')}</FormAlert>
      ) : (
        <form method="post" noValidate onSubmit={form.onSubmit} className={css({ display: 'grid', gap: '4' })}>
          <input type="hidden" name={FORM_NAME_FIELD} value={FORM_NAME} />
          {form.formError ? <FormAlert tone="error">{form.formError}</FormAlert> : null}
          <NewPasswordFields errors={form.errors} label={t('auth.newPassword')} />
          <Button type="submit" loading={form.pending} size="lg">
            {t('auth.resetAction')}
          </Button>
        </form>
      )}
    </AuthCard>
  )
}
