import { createContext, useContext, useMemo, type ReactNode } from 'react'
import type { IntlShape } from '@formatjs/intl'
import type { Messages } from './catalog.ts'
import { intlFor, translator, type Translate } from './intl.ts'
import type { Locale } from './locales.ts'

type I18nValue = { locale: Locale; intl: IntlShape<string>; t: Translate }

const I18nContext = createContext<I18nValue | null>(null)

export function I18nProvider({ locale, messages, children }: { locale: Locale; messages: Messages; children: ReactNode }) {
  const value = useMemo(() => {
    const intl = intlFor(locale, messages)
    return { locale, intl, t: translator(intl) }
  }, [locale, messages])
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

function useI18n(): I18nValue {
  const value = useContext(I18nContext)
  if (!value) throw new Error('useT() and useIntl() need the I18nProvider (pages/+Wrapper.tsx)')
  return value
}

/** `t('common.loading')`: a message in the active language, ICU plurals and all. */
export function useT(): Translate {
  return useI18n().t
}

/** Dates, numbers and lists formatted for the active language. */
export function useIntl(): IntlShape<string> {
  return useI18n().intl
}

export function useLocale(): Locale {
  return useI18n().locale
}
