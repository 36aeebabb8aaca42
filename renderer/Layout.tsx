import type { ReactNode } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { css } from '../styled-system/css'
import { useT } from '../lib/i18n/I18nProvider.tsx'
import { NavigationProgress } from '../features/navigation/NavigationProgress.tsx'
import { ToastHost } from '../components/ui/toast-host.tsx'
import { AppHeader } from './AppHeader.tsx'
import { ClientEffects } from './ClientEffects.tsx'
import { demoLoadBanner, frameOf, pageLayout, projectNav } from './page-layout.ts'
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

/**
 * The page frame: the default layout for most pages; the dashboard layout (the project switcher and the project's
 * side navigation beside the page) for the pages of a project: the dashboard routes of the route table, and the
 * test-management pages that hand over a project frame.
 */
export function Layout({ children }: { children: ReactNode }) {
  const t = useT()
  const pageContext = usePageContext()
  const frame = frameOf(pageContext.data)
  const layout = pageLayout(pageContext.pageId, pageContext.data)
  return (
    <div className={css({ minH: '100vh', bg: 'bg', color: 'text' })}>
      <a href="#main" className={skipLink}>
        {t('common.skipToContent')}
      </a>
      <NavigationProgress />
      <AppHeader />
      {layout === 'dashboard' ? (
        <div className={css({ display: { base: 'block', md: 'flex' }, maxW: '2560px', mx: 'auto' })} data-layout="dashboard">
          {projectNav.element({ frame: frame ?? { project: null, projects: [] } })}
          <main id="main" tabIndex={-1} className={css({ flex: '1', minW: '0', p: { base: '4', md: '6' } })}>
            {children}
          </main>
        </div>
      ) : (
        <main id="main" tabIndex={-1} data-layout="default" className={css({ maxW: '1440px', mx: 'auto', p: { base: '4', md: '6' } })}>
          {pageContext.demoLoad ? demoLoadBanner.element({}) : null}
          {children}
        </main>
      )}
      <ToastHost />
      <ClientEffects />
    </div>
  )
}
