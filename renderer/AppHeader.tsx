import { usePageContext } from 'vike-react/usePageContext'
import { css } from '../styled-system/css'

const NAV = [
  { href: '/ckan-instances', label: 'Catalogues' },
  { href: '/ckan-explorer', label: 'Explorer' },
  { href: '/organizations', label: 'Organizations' },
  { href: '/data-formats', label: 'Data Formats' },
  { href: '/data-quality', label: 'Data Quality' },
  { href: '/regional-analysis', label: 'Regions' },
]

export function AppHeader() {
  const { user, urlPathname } = usePageContext()
  return (
    <header className={css({ bg: 'surface', borderBottom: '1px solid', borderColor: 'border' })}>
      <div className={css({ maxW: '1280px', mx: 'auto', px: '6', py: '3', display: 'flex', gap: '6', alignItems: 'center', flexWrap: 'wrap' })}>
        <a href="/" className={css({ fontWeight: '700', fontSize: 'lg', color: 'primary', textDecoration: 'none' })}>
          Portalscope
        </a>
        <nav aria-label="Main" className={css({ display: 'flex', gap: '4', flexWrap: 'wrap' })}>
          {NAV.map((item) => (
            <a
              key={item.href}
              href={item.href}
              aria-current={urlPathname === item.href ? 'page' : undefined}
              className={css({ color: 'text', textDecoration: 'none', _hover: { textDecoration: 'underline' }, '&[aria-current=page]': { fontWeight: '600', color: 'primary' } })}
            >
              {item.label}
            </a>
          ))}
        </nav>
        <div className={css({ ml: 'auto' })}>
          {user ? <a href="/profile">{user.name}</a> : <a href="/auth/login">Sign in</a>}
        </div>
      </div>
    </header>
  )
}
