import { usePageContext } from 'vike-react/usePageContext'
import { css, cx } from '../styled-system/css'
import { Drawer } from '../components/ui/drawer.tsx'
import { useT } from '../lib/i18n/I18nProvider.tsx'
import { isCurrent, type NavItem } from './nav-items.ts'
import { NavLabel } from './NavLabel.tsx'

const link = css({
  display: 'block',
  px: '4',
  py: '3',
  borderRadius: 'l2',
  color: 'text',
  textDecoration: 'none',
  _hover: { bg: 'surface.hover' },
  '&[aria-current=page]': { fontWeight: '600', color: 'primary.text', bg: 'primary.subtle' },
})

type Props = { items: NavItem[]; signedIn: boolean; open: boolean; onOpenChange: (open: boolean) => void; returnFocusTo: () => HTMLElement | null }

export default function MobileNavDrawer({ items, signedIn, open, onOpenChange, returnFocusTo }: Props) {
  const t = useT()
  const { urlPathname } = usePageContext()
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="left" finalFocusEl={returnFocusTo}>
      <Drawer.Content>
        <Drawer.Header>
          <Drawer.Title>{t('common.appName')}</Drawer.Title>
        </Drawer.Header>
        <Drawer.CloseButton aria-label={t('common.closeMenu')} />
        <Drawer.Body>
          <nav aria-label={t('navigation.mainLabel')}>
            <ul className={css({ listStyle: 'none', p: '0' })}>
              {items.map((item) => (
                <li key={item.href}>
                  <a href={item.href} className={link} aria-current={isCurrent(urlPathname, item.href) ? 'page' : undefined} onClick={() => onOpenChange(false)}>
                    <NavLabel item={item} />
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <ul aria-label={t('navigation.accountLabel')} className={css({ listStyle: 'none', p: '0', mt: '4', pt: '4', borderTopWidth: '1px', borderTopStyle: 'solid', borderColor: 'border' })}>
            {signedIn ? (
              <>
                <li>
                  <a href="/profile" className={link} aria-current={urlPathname === '/profile' ? 'page' : undefined} onClick={() => onOpenChange(false)}>
                    {t('common.profile')}
                  </a>
                </li>
                <li>
                  <form method="post" action="/auth/logout">
                    <button type="submit" className={cx(link, css({ w: 'full', textAlign: 'start', bg: 'transparent', border: 'none', font: 'inherit', cursor: 'pointer' }))}>
                      {t('common.signOut')}
                    </button>
                  </form>
                </li>
              </>
            ) : (
              <>
                <li>
                  <a href="/auth/login" className={link} aria-current={urlPathname === '/auth/login' ? 'page' : undefined} onClick={() => onOpenChange(false)}>
                    {t('common.signIn')}
                  </a>
                </li>
                <li>
                  <a href="/auth/signup" className={link} aria-current={urlPathname === '/auth/signup' ? 'page' : undefined} onClick={() => onOpenChange(false)}>
                    {t('navigation.signUp')}
                  </a>
                </li>
              </>
            )}
          </ul>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  )
}
