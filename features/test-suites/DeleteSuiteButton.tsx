import { useState } from 'react'
import { navigate } from 'vike/client/router'
import { css } from '../../styled-system/css'
import { FormAlert } from '../../components/FormAlert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import type { ApiFailure } from '../../lib/api/browser-client.ts'
import { useApiAction } from '../../lib/api/use-api-action.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { projectHref } from '../../lib/routing/project-links.ts'

/** Deletes the suite after a confirmation; the cases stay in the project. */
export function DeleteSuiteButton({ suite, projectId, onDeleted }: { suite: { id: string; name: string }; projectId: string; onDeleted: () => void }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const remove = useApiAction((client, id: string) => client.testSuites.remove.mutate({ id }))
  const [failure, setFailure] = useState<ApiFailure | null>(null)

  async function confirm() {
    setFailure(null)
    // The suite is gone: no page to read again, the list is next.
    const outcome = await remove.run(suite.id, { refresh: false })
    if (!outcome.ok) {
      setFailure(outcome.failure)
      return
    }
    onDeleted()
    setOpen(false)
    await navigate(projectHref('suites', projectId))
  }

  return (
    <Dialog.Root
      size="sm"
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open)
        if (!details.open) setFailure(null)
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
          <Button tone="error" loading={remove.pending} onClick={() => void confirm()}>
            {t('suites.deleteConfirm')}
          </Button>
        </Dialog.Footer>
        <Dialog.CloseButton />
      </Dialog.Content>
    </Dialog.Root>
  )
}
