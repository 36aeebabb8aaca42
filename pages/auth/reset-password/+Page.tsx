import { useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { z } from '../../../lib/zod.ts'
import { css } from '../../../styled-system/css'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { AuthCard } from '../../../features/accounts/AuthCard.tsx'
import { NewPasswordFields } from '../../../features/accounts/NewPasswordFields.tsx'
import { PasswordSchema } from '../../../lib/forms/account-schemas.ts'
import { useSchemaForm } from '../../../lib/forms/use-form.ts'
import { useTRPCClient } from '../../../lib/api/trpc.tsx'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'

const ResetFormSchema = z
  .object({ password: PasswordSchema, passwordConfirm: z.string() })
  .refine((value) => value.password === value.passwordConfirm, { message: 'auth.passwordsDiffer', path: ['passwordConfirm'] })

/** Reached from the one-time link that `npm run users -- reset-password <email>` prints. */
export default function Page() {
  const t = useT()
  const client = useTRPCClient()
  const { urlParsed } = usePageContext()
  const token = urlParsed.search.token ?? ''
  const [done, setDone] = useState(false)
  const form = useSchemaForm(ResetFormSchema, async ({ password }) => {
    await client.auth.resetPassword.mutate({ token, password })
    setDone(true)
  })
  return (
    <AuthCard title={t('auth.resetTitle')} description={t('auth.resetDescription')}>
      {done ? (
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
