import { createContext, useContext } from 'react'
import { useLocale } from '../../lib/i18n/I18nProvider.tsx'
import { countryName, languageName } from '../../features/portals/display.ts'

export type DisplayNames = { countries: Record<string, string>; languages: Record<string, string> }

// Country and language names come from the server with the first paint: browsers and Node ship different CLDR
// versions ("Hong Kong" vs "Hong Kong SAR China"), and the hydrated page must read as the server rendered it.
const NamesContext = createContext<DisplayNames>({ countries: {}, languages: {} })

export const NamesProvider = NamesContext.Provider

export function useDisplayNames() {
  const names = useContext(NamesContext)
  const locale = useLocale()
  return {
    country: (code: string) => names.countries[code] ?? countryName(locale, code),
    language: (code: string) => names.languages[code] ?? languageName(locale, code),
  }
}
