import { css } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'

const button = css({
  bg: 'transparent',
  border: 'none',
  color: 'text',
  cursor: 'pointer',
  px: '2',
  py: '1',
  borderRadius: 'l1',
  font: 'inherit',
  _hover: { bg: 'surface.hover' },
})

/** A plain form POST: signing out works without JavaScript, and never over GET. */
export function SignOutButton() {
  const t = useT()
  return (
    <form method="post" action="/auth/logout" className={css({ display: 'inline' })}>
      <button type="submit" className={button}>
        {t('common.signOut')}
      </button>
    </form>
  )
}
