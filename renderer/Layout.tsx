import type { ReactNode } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { css } from '../styled-system/css'
import { useT } from '../lib/i18n/I18nProvider.tsx'
import { NavigationProgress } from '../features/navigation/NavigationProgress.tsx'
import { ToastHost } from '../components/ui/toast-host.tsx'
import { routeForPage } from '../lib/routing/route-table.ts'
import { AppHeader } from './AppHeader.tsx'
import { ClientEffects } from './ClientEffects.tsx'
import './global.css'

const skipLink = css({
  position: 'absolute',
  left: '-9999px',
  top: '2',
  zIndex: 'skipLink',
  bg: 'surface',
  color: 'text',
  px: '4',
  py: '2',
  borderRadius: 'l2',
  boxShadow: 'e8',
  _focus: { left: '2' },
})

/** The page frame: the default layout for most pages, the dashboard layout inside a project. */
export function Layout({ children }: { children: ReactNode }) {
  const t = useT()
  const pageContext = usePageContext()
  const layout = routeForPage(pageContext.pageId)?.layout ?? 'default'
  return (
    <div className={css({ minH: '100vh', bg: 'bg', color: 'text' })}>
      <a href="#main" className={skipLink}>
        {t('common.skipToContent')}
      </a>
      <NavigationProgress />
      <AppHeader />
      {layout === 'dashboard' ? (
        <div className={css({ display: 'flex', maxW: '1440px', mx: 'auto' })} data-layout="dashboard">
          <nav
            aria-label={t('navigation.projectLabel')}
            className={css({ display: { base: 'none', md: 'block' }, w: '240px', flexShrink: 0, p: '4', borderRightWidth: '1px', borderRightStyle: 'solid', borderColor: 'border' })}
          >
            <a href="/projects">{t('navigation.allProjects')}</a>
          </nav>
          <main id="main" tabIndex={-1} className={css({ flex: '1', minW: '0', p: { base: '4', md: '6' } })}>
            {children}
          </main>
        </div>
      ) : (
        <main id="main" tabIndex={-1} data-layout="default" className={css({ maxW: '1440px', mx: 'auto', p: { base: '4', md: '6' } })}>
          {children}
        </main>
      )}
      <ToastHost />
      <ClientEffects />
    </div>
  )
}
