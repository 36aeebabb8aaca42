import { useEffect, type ReactNode } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { css } from '../styled-system/css'
import { routeForPage } from '../features/routing/route-table.ts'
import { AppHeader } from './AppHeader.tsx'
import './global.css'

const skipLink = css({
  position: 'absolute',
  left: '-9999px',
  _focus: { left: '4', top: '4', zIndex: 1000, bg: 'surface', color: 'text', p: '2', borderRadius: 'md' },
})

/** The page frame: the default layout for most pages, the dashboard layout inside a project. */
export function Layout({ children }: { children: ReactNode }) {
  const pageContext = usePageContext()
  const layout = routeForPage(pageContext.pageId)?.layout ?? 'default'
  useEffect(() => {
    // A marker that interactive code is live: end-to-end tests and support diagnostics wait for it.
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <div className={css({ minH: '100vh', bg: 'bg', color: 'text', fontFamily: 'system-ui, sans-serif' })}>
      <a href="#main" className={skipLink}>
        Skip to content
      </a>
      <AppHeader />
      {layout === 'dashboard' ? (
        <div className={css({ display: 'flex', maxW: '1280px', mx: 'auto' })} data-layout="dashboard">
          <nav aria-label="Project" className={css({ w: '220px', p: '4', borderRight: '1px solid', borderColor: 'border' })}>
            <a href="/projects">All projects</a>
          </nav>
          <main id="main" className={css({ flex: '1', p: '6' })}>
            {children}
          </main>
        </div>
      ) : (
        <main id="main" data-layout="default" className={css({ maxW: '1280px', mx: 'auto', p: '6' })}>
          {children}
        </main>
      )}
    </div>
  )
}
