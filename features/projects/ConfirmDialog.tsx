import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { css } from '../../styled-system/css'
import { FormAlert } from '../../components/FormAlert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { TextField } from '../../components/ui/input.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { madeBy } from '../../lib/made-by.ts'

/**
 * A question before something that cannot be undone (deleting, removing someone, leaving), opened by its trigger.
 * `confirmText`: what must be typed first (a project's key). `onConfirm` rejects with the message to show; the dialog
 * then stays open with it.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  confirmText,
  confirmTextLabel,
  onConfirm,
  testId,
}: {
  trigger: ReactNode
  title: string
  description: ReactNode
  confirmLabel: string
  confirmText?: string
  confirmTextLabel?: string
  onConfirm: () => Promise<void>
  testId?: string
}) {
  const t = useT()
  const formId = useId()
  const [open, setOpen] = useState(false)
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
      setOpen(false)
    } catch (failure) {
      setError(madeBy(failure, Error) ? failure.message : String(failure))
    } finally {
      setPending(false)
    }
  }

  return (
    <Dialog.Root
      size="sm"
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open)
        if (details.open) {
          setTyped('')
          setError(null)
        }
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Content data-testid={testId}>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
        </Dialog.Header>
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
        <Dialog.CloseButton />
      </Dialog.Content>
    </Dialog.Root>
  )
}
