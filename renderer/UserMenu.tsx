import { usePageContext } from 'vike-react/usePageContext'
import { css } from '../styled-system/css'
import { DisclosureMenu, disclosureItem } from '../components/ui/disclosure-menu.tsx'
import { useT } from '../lib/i18n/I18nProvider.tsx'

const avatar = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '8',
  h: '8',
  borderRadius: 'full',
  bg: 'primary',
  color: 'primary.fg',
  fontSize: 'sm',
  fontWeight: '600',
  flexShrink: 0,
})

/** Up to two initials of a name, for the avatar. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words
  return letters.map((word) => [...word][0]!.toUpperCase()).join('') || '?'
}

/** The account: the user's name (under 1920 px, their initials) opening their profile, projects and sign-out. */
export function UserMenu({ name, email }: { name: string; email: string }) {
  const t = useT()
  const { urlPathname } = usePageContext()
  return (
    <DisclosureMenu
      testId="user-menu"
      summary={
        <>
          <span className={avatar} aria-hidden="true">
            {initials(name)}
          </span>
          <span className={css({ display: { base: 'none', xl: 'inline' }, maxW: '12rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{name}</span>
          <span className={css({ srOnly: true, xl: { display: 'none' } })}>{name}</span>
        </>
      }
      header={
        <div className={css({ px: '4', py: '2', borderBottomWidth: '1px', borderBottomStyle: 'solid', borderColor: 'border', mb: '1' })}>
          <div className={css({ fontWeight: '600', overflowWrap: 'anywhere' })}>{name}</div>
          <div className={css({ fontSize: 'sm', color: 'text.muted', overflowWrap: 'anywhere' })}>{email}</div>
        </div>
      }
    >
      {({ item, wrapper }) => (
        <>
          <a href="/profile" className={disclosureItem} aria-current={urlPathname === '/profile' ? 'page' : undefined} {...item}>
            {t('common.profile')}
          </a>
          <a href="/projects" className={disclosureItem} aria-current={urlPathname === '/projects' ? 'page' : undefined} {...item}>
            {t('navigation.projects')}
          </a>
          {/* A plain form POST: signing out works without JavaScript, and never over GET. */}
          <form method="post" action="/auth/logout" {...wrapper}>
            <button type="submit" className={disclosureItem} {...item}>
              {t('common.signOut')}
            </button>
          </form>
        </>
      )}
    </DisclosureMenu>
  )
}
