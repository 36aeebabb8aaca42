import { usePageContext } from 'vike-react/usePageContext'
import { css } from '../../../styled-system/css'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/input.tsx'
import { AuthCard } from '../../../features/accounts/AuthCard.tsx'
import { LoginSchema } from '../../../lib/forms/account-schemas.ts'
import { useSchemaForm } from '../../../lib/forms/use-form.ts'
import { useTRPCClient } from '../../../lib/api/trpc.tsx'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { safeRedirectTarget } from '../../../lib/routing/route-table.ts'

export default function Page() {
  const t = useT()
  const client = useTRPCClient()
  const { urlParsed } = usePageContext()
  const redirect = safeRedirectTarget(urlParsed.search.redirect)
  const form = useSchemaForm(LoginSchema, async (value) => {
    await client.auth.login.mutate(value)
    // A full load, so the server renders the next page for the signed-in user.
    window.location.assign(redirect)
  })
  const signupHref = urlParsed.search.redirect ? `/auth/signup?redirect=${encodeURIComponent(redirect)}` : '/auth/signup'
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
        {form.formError ? <FormAlert tone="error">{form.formError}</FormAlert> : null}
        <TextField
          name="email"
          type="email"
          label={t('auth.email')}
          autoComplete="username"
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
