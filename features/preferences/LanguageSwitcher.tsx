import type { MouseEvent } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { css } from '../../styled-system/css'
import { postProfileUpdate } from '../../lib/api/post-mutation.ts'
import { useLocale, useT } from '../../lib/i18n/I18nProvider.tsx'
import { LOCALE_NAMES, LOCALES, type Locale } from '../../lib/i18n/locales.ts'
import { useDetailsMenu } from '../../components/ui/details-menu.ts'

const summary = css({
  listStyle: 'none',
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  px: '3',
  h: '10',
  borderRadius: 'l2',
  fontWeight: '500',
  _hover: { bg: 'surface.hover' },
  '&::-webkit-details-marker': { display: 'none' },
})

const list = css({
  position: 'absolute',
  insetEnd: '0',
  mt: '1',
  minW: '40',
  py: '1',
  bg: 'surface',
  color: 'text',
  borderWidth: '1px', borderStyle: 'solid',
  borderColor: 'border',
  borderRadius: 'l2',
  boxShadow: 'e8',
  zIndex: 'dropdown',
  listStyle: 'none',
})

const item = css({
  display: 'block',
  px: '4',
  py: '2',
  color: 'text',
  textDecoration: 'none',
  _hover: { bg: 'surface.hover' },
  _focusVisible: { bg: 'surface.hover' },
  '&[aria-current=true]': { fontWeight: '600', color: 'primary.text' },
})

/**
 * Links to the same page with `?lang=xx`: the server sets the `lang` cookie and renders in that language, so the
 * switch works without JavaScript too. A native disclosure keeps it keyboard-operable with no script; hydrated, it is
 * a menu button (arrow keys, typeahead, Escape, a click elsewhere closes it).
 */
export function LanguageSwitcher() {
  const t = useT()
  const locale = useLocale()
  const { urlPathname, urlParsed, user } = usePageContext()
  const menu = useDetailsMenu()
  // Signed in, the profile's language outranks the cookie, so the choice is saved there first (a POST, not the link).
  const saveToProfile = (code: Locale) => async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!user) return
    event.preventDefault()
    const href = event.currentTarget.href
    await postProfileUpdate({ locale: code }).catch(() => undefined)
    window.location.assign(href)
  }
  const hrefFor = (code: string) => {
    const params = new URLSearchParams(urlParsed.searchOriginal ?? '')
    params.set('lang', code)
    return `${urlPathname}?${params.toString()}`
  }
  return (
    <details {...menu.detailsProps} className={css({ position: 'relative' })} data-testid="language-switcher">
      <summary className={summary} {...menu.triggerProps}>
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3a15 15 0 0 1 0 18M12 3a15 15 0 0 0 0 18" />
        </svg>
        <span className={css({ srOnly: true })}>{t('common.language')}: </span>
        {/* Under 1920 px the header has room for the code only (its pages come first); the name is still read out. */}
        <span className={css({ display: { base: 'none', xl: 'inline' } })}>{LOCALE_NAMES[locale]}</span>
        <span className={css({ display: { base: 'inline', xl: 'none' }, textTransform: 'uppercase' })} aria-hidden="true">
          {locale}
        </span>
        <span className={css({ srOnly: true, xl: { display: 'none' } })}>{LOCALE_NAMES[locale]}</span>
      </summary>
      <ul className={list} {...menu.menuProps}>
        {LOCALES.map((code) => (
          <li key={code} {...menu.itemWrapperProps}>
            {/* rel=external: a full request, so the server can set the cookie and render in the new language. */}
            <a href={hrefFor(code)} rel="external" onClick={saveToProfile(code)} lang={code} hrefLang={code} aria-current={code === locale} className={item} {...menu.itemProps}>
              {LOCALE_NAMES[code]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  )
}
