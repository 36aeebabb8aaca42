import { usePageContext } from 'vike-react/usePageContext'
import { css } from '../styled-system/css'
import { Drawer } from '../components/ui/drawer.tsx'
import { useT } from '../lib/i18n/I18nProvider.tsx'
import { isCurrent, type NavItem } from './AppHeader.tsx'

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

type Props = { items: NavItem[]; open: boolean; onOpenChange: (open: boolean) => void; returnFocusTo: () => HTMLElement | null }

export default function MobileNavDrawer({ items, open, onOpenChange, returnFocusTo }: Props) {
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
                    {t(item.label)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  )
}
