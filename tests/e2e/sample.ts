import { LOCALES, type Locale } from '../../lib/i18n/locales.ts'

/**
 * Which pages a sweep opens in which language. Opening every page in all six languages made the two sweeps the
 * longest journeys of the suite (six minutes of twenty); what they look for does not depend on the pair:
 * - `always`: languages every page is opened in (Czech, the default; German, whose long words widen a phone page).
 * - the other languages take the pages in turn, so that each page is also seen in one of them, and each of them sees
 *   a sixth to a quarter of the pages; the turn starts at `offset`, so two sweeps give a page different languages.
 * A catalogue that lacks a text is caught by the catalogue tests (lib/i18n), whatever the sweep opens.
 */
export function pagesPerLanguage<T>(pages: readonly T[], options: { always: readonly Locale[]; offset?: number }): Map<Locale, T[]> {
  const rest = LOCALES.filter((locale) => !options.always.includes(locale))
  const byLocale = new Map<Locale, T[]>(LOCALES.map((locale) => [locale, []]))
  pages.forEach((page, index) => {
    for (const locale of options.always) byLocale.get(locale)!.push(page)
    if (rest.length > 0) byLocale.get(rest[(index + (options.offset ?? 0)) % rest.length]!)!.push(page)
  })
  return byLocale
}
