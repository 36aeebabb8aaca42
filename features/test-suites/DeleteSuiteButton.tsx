import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { navigate } from 'vike/client/router'
import { css } from '../../styled-system/css'
import { FormAlert } from '../../components/FormAlert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { useTRPC } from '../../lib/api/trpc.tsx'
import { apiFailure } from '../../lib/api/browser-client.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { projectHref } from '../../lib/routing/project-links.ts'

/** Deletes the suite after a confirmation; the cases stay in the project. */
export function DeleteSuiteButton({ suite, projectId, onDeleted }: { suite: { id: string; name: string }; projectId: string; onDeleted: () => void }) {
  const t = useT()
  const trpc = useTRPC()
  const [open, setOpen] = useState(false)
  const remove = useMutation(trpc.testSuites.remove.mutationOptions())
  const failure = remove.error ? apiFailure(remove.error, { network: t('common.networkError'), unexpected: t('common.unexpectedError') }) : null

  async function confirm() {
    try {
      await remove.mutateAsync({ id: suite.id })
      onDeleted()
      setOpen(false)
      await navigate(projectHref('suites', projectId))
    } catch {
      // Shown in the dialog from remove.error.
    }
  }

  return (
    <Dialog.Root
      size="sm"
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open)
        if (!details.open) remove.reset()
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline" tone="error">
          {t('suites.deleteSuite')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content data-testid="delete-dialog">
        <Dialog.Header>
          <Dialog.Title>{t('suites.deleteTitle', { name: suite.name })}</Dialog.Title>
          <Dialog.Description>{t('suites.deleteText')}</Dialog.Description>
        </Dialog.Header>
        {failure ? (
          <Dialog.Body>
            <FormAlert tone="error">{failure.message}</FormAlert>
          </Dialog.Body>
        ) : null}
        <Dialog.Footer className={css({ flexWrap: 'wrap' })}>
          <Dialog.CloseTrigger asChild>
            <Button variant="outline">{t('common.cancel')}</Button>
          </Dialog.CloseTrigger>
          <Button tone="error" loading={remove.isPending} onClick={() => void confirm()}>
            {t('suites.deleteConfirm')}
          </Button>
        </Dialog.Footer>
        <Dialog.CloseButton />
      </Dialog.Content>
    </Dialog.Root>
  )
}
