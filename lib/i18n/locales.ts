/** Interface languages. Czech is the default; English fills any key a catalogue lacks. */
export const LOCALES = ['cs', 'en', 'de', 'fr', 'pl', 'zh'] as const
export type Locale = (typeof LOCALES)[number]

export const DEFAULT_LOCALE: Locale = 'cs'
export const FALLBACK_LOCALE: Locale = 'en'
export const LANG_COOKIE = 'lang'

/** Each language named in itself, as a switcher shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  cs: 'Čeština',
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  pl: 'Polski',
  zh: '中文',
}

/** BCP 47 tags for formatting dates and numbers and for `<html lang>`. */
export const LOCALE_TAGS: Record<Locale, string> = {
  cs: 'cs-CZ',
  en: 'en',
  de: 'de-DE',
  fr: 'fr-FR',
  pl: 'pl-PL',
  zh: 'zh-CN',
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}
