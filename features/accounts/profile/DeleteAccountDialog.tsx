import { css } from '../../../styled-system/css'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { TextField } from '../../../components/ui/input.tsx'
import { loadApiClient } from '../../../lib/api/load-client.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { useSchemaForm } from '../../../lib/forms/use-form.ts'

const loadDeleteSchema = () => import('../../../lib/forms/account-schemas.ts').then((schemas) => schemas.DeleteAccountFormSchema)

type Props = { open: boolean; onOpenChange: (open: boolean) => void; returnFocusTo: () => HTMLElement | null }

/** Deleting the account, confirmed with the password. Loaded when first opened (DataSection). */
export default function DeleteAccountDialog({ open, onOpenChange, returnFocusTo }: Props) {
  const t = useT()
  const remove = useSchemaForm(loadDeleteSchema, async ({ password }) => {
    const client = await loadApiClient()
    await client.profile.deleteAccount.mutate({ password })
    window.location.assign('/')
  })
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} finalFocusEl={returnFocusTo}>
      <Dialog.Content data-testid="delete-account-dialog">
        <Dialog.Header>
          <Dialog.Title>{t('auth.deleteAccount')}</Dialog.Title>
          <Dialog.Description>{t('auth.deleteAccountWarning')}</Dialog.Description>
        </Dialog.Header>
        <form method="post" noValidate onSubmit={remove.onSubmit}>
          <Dialog.Body className={css({ display: 'grid', gap: '4' })}>
            {remove.formError ? <FormAlert tone="error">{remove.formError}</FormAlert> : null}
            <TextField name="password" type="password" label={t('auth.password')} autoComplete="current-password" required invalid={!!remove.errors.password} errorText={remove.errors.password} />
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <Button variant="ghost">{t('common.cancel')}</Button>
            </Dialog.CloseTrigger>
            <Button type="submit" tone="error" loading={remove.pending}>
              {t('auth.deleteAccountConfirm')}
            </Button>
          </Dialog.Footer>
        </form>
        <Dialog.CloseButton />
      </Dialog.Content>
    </Dialog.Root>
  )
}
