import { usePageContext } from 'vike-react/usePageContext'
import { css } from '../styled-system/css'
import { useT } from '../lib/i18n/I18nProvider.tsx'
import { LanguageSwitcher } from '../features/preferences/LanguageSwitcher.tsx'
import type { MessageKey } from '../lib/i18n/catalog.ts'
import { ThemeToggle } from '../features/preferences/ThemeToggle.tsx'
import { SignOutButton } from '../features/accounts/SignOutButton.tsx'
import { MobileNav } from './MobileNav.tsx'

export type NavItem = { href: string; label: MessageKey }

export const EXPLORE_NAV: NavItem[] = [
  { href: '/ckan-instances', label: 'navigation.ckanInstances' },
  { href: '/ckan-explorer', label: 'navigation.ckanExplorer' },
  { href: '/organizations', label: 'navigation.organizations' },
  { href: '/data-formats', label: 'navigation.dataFormats' },
  { href: '/data-quality', label: 'navigation.dataQuality' },
  { href: '/regional-analysis', label: 'navigation.regionalAnalysis' },
]

export const TEST_NAV: NavItem[] = [
  { href: '/projects', label: 'navigation.projects' },
  { href: '/test-cases', label: 'navigation.testCases' },
  { href: '/test-suites', label: 'navigation.testSuites' },
  { href: '/test-runs', label: 'navigation.testRuns' },
  { href: '/reports', label: 'navigation.reports' },
]

const navLink = css({
  color: 'text',
  textDecoration: 'none',
  px: '2',
  py: '1',
  borderRadius: 'l1',
  whiteSpace: 'nowrap',
  _hover: { bg: 'surface.hover' },
  '&[aria-current=page]': { fontWeight: '600', color: 'primary.text' },
})

export function isCurrent(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`)
}

export function AppHeader() {
  const t = useT()
  const { user, urlPathname } = usePageContext()
  const items = user ? [...EXPLORE_NAV, ...TEST_NAV] : EXPLORE_NAV
  return (
    <header className={css({ bg: 'surface', borderBottomWidth: '1px', borderBottomStyle: 'solid', borderColor: 'border', position: 'sticky', top: '0', zIndex: 'sticky' })}>
      <div className={css({ maxW: '1440px', mx: 'auto', px: { base: '3', md: '6' }, h: '16', display: 'flex', gap: '4', alignItems: 'center' })}>
        <MobileNav items={items} />
        <a href="/" className={css({ fontWeight: '700', fontSize: 'lg', color: 'primary.text', textDecoration: 'none', flexShrink: 0 })}>
          {t('common.appName')}
        </a>
        <nav aria-label={t('navigation.mainLabel')} className={css({ display: { base: 'none', md: 'flex' }, gap: '1', overflowX: 'auto' })}>
          {items.map((item) => (
            <a key={item.href} href={item.href} aria-current={isCurrent(urlPathname, item.href) ? 'page' : undefined} className={navLink}>
              {t(item.label)}
            </a>
          ))}
        </nav>
        <div className={css({ ml: 'auto', display: 'flex', alignItems: 'center', gap: '1' })}>
          <LanguageSwitcher />
          <ThemeToggle />
          {user ? (
            <>
              <a href="/profile" className={navLink} aria-current={isCurrent(urlPathname, '/profile') ? 'page' : undefined}>
                {user.name}
              </a>
              <SignOutButton />
            </>
          ) : (
            <a href="/auth/login" className={navLink}>
              {t('common.signIn')}
            </a>
          )}
        </div>
      </div>
    </header>
  )
}
