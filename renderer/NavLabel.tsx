import { usePageContext } from 'vike-react/usePageContext'
import { useT } from '../lib/i18n/I18nProvider.tsx'
import { css } from '../styled-system/css'
import type { NavItem } from './nav-items.ts'

const countBadge = css({ ml: '1.5', px: '1.5', minW: '5', borderRadius: 'full', bg: 'primary.subtle', color: 'primary.text', fontSize: 'xs', fontWeight: '600', textAlign: 'center', fontVariantNumeric: 'tabular-nums' })

/** A navigation item's label, with its figure for the signed-in person when it has one above zero. */
export function NavLabel({ item }: { item: NavItem }) {
  const t = useT()
  const counts = usePageContext().navCounts
  const count = item.count ? (counts?.[item.count] ?? 0) : 0
  return (
    <>
      {t(item.label)}
      {count > 0 ? (
        <span className={countBadge} data-testid={`nav-count-${item.count}`}>
          <span aria-hidden="true">{count}</span>
          <span className={css({ srOnly: true })}>{t('navigation.toDoCount', { count })}</span>
        </span>
      ) : null}
    </>
  )
}
