import { useSyncExternalStore } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { css } from '../../styled-system/css'
import { postProfileUpdate } from '../../lib/api/post-mutation.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { applyTheme, currentTheme, subscribeTheme } from '../../lib/theme/theme.ts'

const button = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '10',
  h: '10',
  borderRadius: 'full',
  color: 'text',
  bg: 'transparent',
  border: 'none',
  cursor: 'pointer',
  _hover: { bg: 'surface.hover' },
})

/** Header button: switches between light and dark and saves the choice (in the browser, and in the profile). */
export function ThemeToggle() {
  const t = useT()
  const { user } = usePageContext()
  // On the server the theme is unknown (it lives in the browser); the label settles right after hydration.
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, () => null)
  const next = theme === 'dark' ? 'light' : 'dark'
  const label = theme === null ? t('common.theme') : theme === 'dark' ? t('common.switchToLight') : t('common.switchToDark')
  return (
    <button type="button" className={button} aria-label={label} title={label} onClick={() => {
        applyTheme(next)
        // Signed in, the choice is kept with the account and follows the user to other devices.
        if (user) postProfileUpdate({ theme: next }).catch(() => undefined)
      }} data-testid="theme-toggle">
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
        {theme === 'dark' ? (
          <path d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0-5 1 3h-2l1-3zm0 20-1-3h2l-1 3zM2 12l3-1v2l-3-1zm20 0-3 1v-2l3 1zM4.9 4.9l2.8 1.4-1.4 1.4-1.4-2.8zm14.2 14.2-2.8-1.4 1.4-1.4 1.4 2.8zM4.9 19.1l1.4-2.8 1.4 1.4-2.8 1.4zM19.1 4.9l-1.4 2.8-1.4-1.4 2.8-1.4z" />
        ) : (
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        )}
      </svg>
    </button>
  )
}
