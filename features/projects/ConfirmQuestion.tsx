import { useId, useState, type FormEvent } from 'react'
import { css } from '../../styled-system/css'
import { FormAlert } from '../../components/FormAlert.tsx'
import { Button } from '../../components/ui/button.tsx'
import type { DeferredDialogProps } from '../../components/ui/deferred-dialog.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { TextField } from '../../components/ui/input.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { madeBy } from '../../lib/made-by.ts'
import type { ConfirmProps } from './ConfirmDialog.tsx'

/** The question of a ConfirmDialog (./ConfirmDialog.tsx), loaded when its trigger is first pressed. */
export function ConfirmQuestion({ dialog, testId, title, description, ...props }: Omit<ConfirmProps, 'trigger'> & { dialog: DeferredDialogProps }) {
  return (
    <Dialog.Root size="sm" role="alertdialog" {...dialog}>
      <Dialog.Content data-testid={testId}>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
        </Dialog.Header>
        <QuestionForm {...props} close={() => dialog.onOpenChange({ open: false })} />
        <Dialog.CloseButton />
      </Dialog.Content>
    </Dialog.Root>
  )
}

// Mounted with the content, so each opening starts with nothing typed and no message.
function QuestionForm({ confirmLabel, confirmText, confirmTextLabel, onConfirm, close }: Pick<ConfirmProps, 'confirmLabel' | 'confirmText' | 'confirmTextLabel' | 'onConfirm'> & { close: () => void }) {
  const t = useT()
  const formId = useId()
  const [typed, setTyped] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const ready = confirmText === undefined || typed.trim() === confirmText

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!ready || pending) return
    setPending(true)
    setError(null)
    try {
      await onConfirm()
      close()
    } catch (failure) {
      setError(madeBy(failure, Error) ? failure.message : String(failure))
    } finally {
      setPending(false)
    }
  }

  return (
    <form id={formId} onSubmit={onSubmit} noValidate>
      <Dialog.Body className={css({ display: 'grid', gap: '4' })}>
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        {confirmText !== undefined ? (
          <TextField label={confirmTextLabel ?? confirmText} autoComplete="off" spellCheck={false} value={typed} onChange={(event) => setTyped(event.currentTarget.value)} />
        ) : null}
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.CloseTrigger asChild>
          <Button variant="ghost">{t('common.cancel')}</Button>
        </Dialog.CloseTrigger>
        <Button type="submit" tone="error" disabled={!ready} loading={pending}>
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </form>
  )
}
