import { useState, type ReactElement, type ReactNode } from 'react'
import { ark } from '@ark-ui/react/factory'
import { css } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { useLoadOnUse } from '../../lib/use-load-on-use.ts'
import type { OpenChangeDetails } from './modal-parts.tsx'

/** What the loaded dialog's Root takes: it is open once its module is there, and gives focus back to the trigger. */
export type DeferredDialogProps = { open: boolean; onOpenChange: (details: OpenChangeDetails) => void; finalFocusEl: () => HTMLElement | null }

/**
 * A dialog whose code (its form, the modal parts, what it checks and sends) is fetched when its trigger is first
 * pressed, not with the page: most visits never open it (decision 021). The trigger (one element, a Button) is the
 * page's own and works from the first paint; while the module loads it is busy, and if it cannot be fetched (offline,
 * once the reload guard has had its one reload) the network message shows beside it and the next press tries again. `children` renders the dialog from the loaded
 * module with `open`, `onOpenChange` and `finalFocusEl` for its Root.
 */
export function DeferredDialog<M>({ load, trigger, children }: { load: () => Promise<M>; trigger: ReactElement; children: (module: M, dialog: DeferredDialogProps) => ReactNode }) {
  const t = useT()
  const dialog = useLoadOnUse(load)
  const [open, setOpen] = useState(false)
  // State rather than a ref: the loaded dialog reads it when it closes, through `finalFocusEl`.
  const [triggerEl, setTriggerEl] = useState<HTMLButtonElement | null>(null)
  return (
    <>
      <ark.button
        asChild
        ref={setTriggerEl}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-busy={dialog.pending || undefined}
        onClick={async () => {
          if (await dialog.load()) setOpen(true)
        }}
      >
        {trigger}
      </ark.button>
      {dialog.failed ? (
        <span role="alert" className={css({ fontSize: 'sm', color: 'error.text' })}>
          {t('common.networkError')}
        </span>
      ) : null}
      {dialog.module ? children(dialog.module, { open, onOpenChange: (details) => setOpen(details.open), finalFocusEl: () => triggerEl }) : null}
    </>
  )
}
