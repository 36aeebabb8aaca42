import { useEffect, useRef, useState } from 'react'
import { navigate } from 'vike/client/router'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { leavingHref } from './leave-href.ts'
import { madeBy } from '../../lib/made-by.ts'

/** The address of this site a click would go to, if it is on a link that leaves the page. */
function clickedHref(event: MouseEvent): string | null {
  const link = madeBy(event.target, Element) ? event.target.closest('a[href]') : null
  if (!link) return null
  const special = event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey
  return leavingHref({ href: link.getAttribute('href')!, target: link.getAttribute('target'), download: link.hasAttribute('download'), special }, window.location)
}

/**
 * While `active` (unsaved changes), leaving asks first: a link of the app opens a dialog (Vike's client router cannot
 * be asked to wait, so the click is caught before it sees it); a reload, a closed tab or another site gets the
 * browser's own question.
 */
export function useLeaveWarning(active: boolean) {
  const [pending, setPending] = useState<string | null>(null)
  const activeRef = useRef(active)
  useEffect(() => {
    activeRef.current = active
  }, [active])

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!activeRef.current) return
      event.preventDefault()
      // Older browsers ask only when returnValue is set.
      event.returnValue = ''
    }
    const onClick = (event: MouseEvent) => {
      if (!activeRef.current) return
      const href = clickedHref(event)
      if (!href) return
      event.preventDefault()
      // Captured on window before Vike's listener on document sees it.
      event.stopPropagation()
      setPending(href)
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    window.addEventListener('click', onClick, true)
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      window.removeEventListener('click', onClick, true)
    }
  }, [])

  return {
    pending,
    stay: () => setPending(null),
    leave: () => {
      if (!pending) return
      activeRef.current = false
      setPending(null)
      void navigate(pending)
    },
  }
}

/** The question a link gets while there are unsaved changes. */
export function LeaveDialog({ warning }: { warning: ReturnType<typeof useLeaveWarning> }) {
  const t = useT()
  return (
    <Dialog.Root size="sm" role="alertdialog" open={warning.pending !== null} onOpenChange={(details) => (details.open ? undefined : warning.stay())}>
      <Dialog.Content data-testid="leave-dialog">
        <Dialog.Header>
          <Dialog.Title>{t('suites.leaveTitle')}</Dialog.Title>
          <Dialog.Description>{t('suites.leaveText')}</Dialog.Description>
        </Dialog.Header>
        <Dialog.Footer>
          <Button variant="outline" tone="error" onClick={warning.leave}>
            {t('suites.leaveConfirm')}
          </Button>
          <Button onClick={warning.stay}>{t('suites.leaveStay')}</Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  )
}
