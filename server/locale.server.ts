import { DEFAULT_LOCALE, isLocale, LANG_COOKIE, type Locale } from '../lib/i18n/locales.ts'

const ONE_YEAR_S = 365 * 24 * 60 * 60

/**
 * The language of a response: the signed-in user's choice, else the `lang` cookie, else Czech. The browser's
 * Accept-Language is deliberately not used. `?lang=xx` on any URL sets the cookie, so switching works without JS.
 */
export function resolveLocale(input: { profileLocale?: string | null; cookie?: string; query?: string }): {
  locale: Locale
  setCookie: string | null
} {
  if (isLocale(input.query)) {
    return {
      locale: input.query,
      setCookie: `${LANG_COOKIE}=${input.query}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`,
    }
  }
  if (isLocale(input.profileLocale)) return { locale: input.profileLocale, setCookie: null }
  if (isLocale(input.cookie)) return { locale: input.cookie, setCookie: null }
  return { locale: DEFAULT_LOCALE, setCookie: null }
}
