import { usePageContext } from 'vike-react/usePageContext'
import { css, cx } from '../styled-system/css'
import { useT } from '../lib/i18n/I18nProvider.tsx'
import { LanguageSwitcher } from '../features/preferences/LanguageSwitcher.tsx'
import { ThemeToggle } from '../features/preferences/ThemeToggle.tsx'
import { MobileNav } from './MobileNav.tsx'
import { userMenu } from './page-layout.ts'
import { EXPLORE_NAV, SIGNED_IN_NAV, isCurrent } from './nav-items.ts'
import { NavLabel } from './NavLabel.tsx'

const navLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  // A thumb's target: at least 40 px high.
  minH: '10',
  color: 'text',
  textDecoration: 'none',
  px: '2',
  py: '1',
  borderRadius: 'l1',
  whiteSpace: 'nowrap',
  _hover: { bg: 'surface.hover' },
  '&[aria-current=page]': { fontWeight: '600', color: 'primary.text' },
})

/**
 * The header: the product's name, the explorer's pages (and the projects, signed in), language, theme and the
 * account. From 1280 px the pages are in the header; below, in a drawer opened from the menu button, so nothing is
 * ever cut off or scrolled out of sight.
 */
export function AppHeader() {
  const t = useT()
  const { user, urlPathname } = usePageContext()
  const items = user ? [...EXPLORE_NAV, ...SIGNED_IN_NAV] : EXPLORE_NAV
  return (
    <header className={css({ bg: 'surface', borderBottomWidth: '1px', borderBottomStyle: 'solid', borderColor: 'border', position: 'sticky', top: '0', zIndex: 'sticky' })}>
      <div className={css({ maxW: '2560px', mx: 'auto', px: { base: '2', sm: '3', md: '6' }, h: '16', display: 'flex', gap: { base: '1', sm: '3' }, alignItems: 'center' })}>
        <MobileNav items={items} signedIn={!!user} />
        <a href="/" className={css({ display: 'inline-flex', alignItems: 'center', minH: '10', fontWeight: '700', fontSize: 'lg', color: 'primary.text', textDecoration: 'none', flexShrink: 0 })}>
          {t('common.appName')}
        </a>
        <nav aria-label={t('navigation.mainLabel')} data-testid="header-nav" className={css({ display: { base: 'none', lg: 'flex' }, gap: '1', minW: '0' })}>
          {items.map((item) => (
            <a key={item.href} href={item.href} aria-current={isCurrent(urlPathname, item.href) ? 'page' : undefined} className={navLink}>
              <NavLabel item={item} />
            </a>
          ))}
        </nav>
        <div className={css({ ml: 'auto', display: 'flex', alignItems: 'center', gap: '1', flexShrink: 0 })}>
          <LanguageSwitcher />
          <ThemeToggle />
          {user ? (
            userMenu.element({ name: user.name, email: user.email })
          ) : (
            <a href="/auth/login" className={cx(navLink, css({ display: { base: 'none', sm: 'inline-flex' } }))} aria-current={urlPathname === '/auth/login' ? 'page' : undefined}>
              {t('common.signIn')}
            </a>
          )}
        </div>
      </div>
    </header>
  )
}
