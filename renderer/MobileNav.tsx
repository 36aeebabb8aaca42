import { lazy, Suspense, useRef, useState } from 'react'
import { css } from '../styled-system/css'
import { useT } from '../lib/i18n/I18nProvider.tsx'
import type { NavItem } from './nav-items.ts'

// The drawer and its links load when the menu is first opened, not with every page.
const MobileNavDrawer = lazy(() => import('./MobileNavDrawer.tsx'))

const menuButton = css({
  display: { base: 'inline-flex', lg: 'none' },
  alignItems: 'center',
  justifyContent: 'center',
  w: '10',
  h: '10',
  borderRadius: 'full',
  bg: 'transparent',
  color: 'text',
  border: 'none',
  cursor: 'pointer',
  _hover: { bg: 'surface.hover' },
})

/** Under 1280 px the main navigation moves into a drawer opened from the header. */
export function MobileNav({ items, signedIn }: { items: NavItem[]; signedIn: boolean }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const [requested, setRequested] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <button
        ref={button}
        type="button"
        className={menuButton}
        aria-label={t('common.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setRequested(true)
          setOpen(true)
        }}
      >
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="currentColor">
          <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
        </svg>
      </button>
      {requested ? (
        <Suspense fallback={null}>
          <MobileNavDrawer items={items} signedIn={signedIn} open={open} onOpenChange={setOpen} returnFocusTo={() => button.current} />
        </Suspense>
      ) : null}
    </>
  )
}
