import { css } from '../../../styled-system/css'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { TextField } from '../../../components/ui/input.tsx'
import { useApiAction } from '../../../lib/api/use-api-action.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { useSchemaForm } from '../../../lib/forms/use-form.ts'

const loadDeleteSchema = () => import('../../../lib/forms/account-schemas.ts').then((schemas) => schemas.DeleteAccountFormSchema)

/** Download everything kept about the user, or delete the account after confirming with the password. */
export function DataSection() {
  const t = useT()
  const remove = useSchemaForm(loadDeleteSchema, (client, { password }) => client.profile.deleteAccount.mutate({ password }), { refresh: () => window.location.assign('/') })
  const download = useApiAction(async (client, _: void) => {
    const [data, { default: superjson }] = await Promise.all([client.profile.exportData.query(), import('superjson')])
    const blob = new Blob([JSON.stringify(superjson.serialize(data).json, null, 2)], { type: 'application/json' })
    const link = document.createElement('a')
    link.href = URL.createObjectURL(blob)
    link.download = 'portalscope-my-data.json'
    link.click()
    URL.revokeObjectURL(link.href)
  })

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title asChild>
          <h2>{t('auth.yourData')}</h2>
        </Card.Title>
      </Card.Header>
      <Card.Body className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
        {download.failure ? <FormAlert tone="error">{download.failure.message}</FormAlert> : null}
        <Button variant="outline" loading={download.pending} onClick={() => void download.run(undefined, { refresh: false })}>
          {t('auth.downloadData')}
        </Button>
        <Dialog.Root>
          <Dialog.Trigger asChild>
            <Button variant="outline" tone="error">
              {t('auth.deleteAccount')}
            </Button>
          </Dialog.Trigger>
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
      </Card.Body>
    </Card.Root>
  )
}
