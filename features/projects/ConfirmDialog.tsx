import type { ReactElement, ReactNode } from 'react'
import { DeferredDialog } from '../../components/ui/deferred-dialog.tsx'

export type ConfirmProps = {
  trigger: ReactElement
  title: string
  description: ReactNode
  confirmLabel: string
  confirmText?: string
  confirmTextLabel?: string
  onConfirm: () => Promise<void>
  testId?: string
}

const loadQuestion = () => import('./ConfirmQuestion.tsx')

/**
 * A question before something that cannot be undone (deleting, removing someone, leaving), opened by its trigger.
 * `confirmText`: what must be typed first (a project's key). `onConfirm` rejects with the message to show; the dialog
 * then stays open with it. The question's code loads when the trigger is first pressed (./ConfirmQuestion.tsx).
 */
export function ConfirmDialog({ trigger, ...question }: ConfirmProps) {
  return (
    <DeferredDialog load={loadQuestion} trigger={trigger}>
      {({ ConfirmQuestion }, dialog) => <ConfirmQuestion {...question} dialog={dialog} />}
    </DeferredDialog>
  )
}
