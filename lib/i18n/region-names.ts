import { CZ_KRAJE, type CzKrajId } from '../domain/cz-kraje.ts'
import type { Translate } from './intl.ts'
import { LOCALE_TAGS, type Locale } from './locales.ts'

// A region's id is data (URLs, the API, the database); what a reader sees is its name in the page's language: a
// message for a kraj, the runtime's CLDR name for a country (docs/decisions/005-languages.md).

const KRAJ_IDS = new Set<string>(CZ_KRAJE.map((kraj) => kraj.id))

export function isKrajId(id: string): id is CzKrajId {
  return KRAJ_IDS.has(id)
}

const countryNames = new Map<Locale, Intl.DisplayNames>()

/**
 * A region's name in a language: a Czech kraj from the `kraje` messages, a country from CLDR. Computed where the
 * page's data is (on the server), so server and browser never disagree over a runtime's CLDR version.
 */
export function regionName(id: string, locale: Locale, t: Translate): string {
  if (isKrajId(id)) return t(`kraje.${id}`)
  let names = countryNames.get(locale)
  if (!names) {
    names = new Intl.DisplayNames([LOCALE_TAGS[locale], 'en'], { type: 'region', fallback: 'code' })
    countryNames.set(locale, names)
  }
  return names.of(id) ?? id
}
