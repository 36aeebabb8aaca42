import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl'
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { MessageKey, Messages } from './catalog.ts'
import { LOCALE_TAGS, type Locale } from './locales.ts'

const intlCache = createIntlCache()
const byMessages = new WeakMap<Messages, IntlShape<string>>()

/** One formatter per loaded catalogue: messages (ICU, with plurals), dates and numbers in the user's language. */
const NO_MESSAGES: Messages = {}

export function intlFor(locale: Locale | undefined, maybeMessages: Messages | undefined): IntlShape<string> {
  // An error page may render before the catalogue was loaded: it then shows message ids rather than failing again.
  const messages = maybeMessages ?? NO_MESSAGES
  let intl = byMessages.get(messages)
  if (!intl) {
    intl = createIntl(
      {
        locale: LOCALE_TAGS[locale ?? 'en'],
        defaultLocale: 'en',
        // Each message is an ICU string (server) or its parsed form (browser); formatMessage takes either.
        messages: messages as Record<string, MessageFormatElement[]>,
        onError(error) {
          // A missing message renders as its id (tests/e2e/languages.spec.ts looks for ids on every page); during
          // development it is also said in the console. Anything else is a defect worth seeing.
          if (error.code !== 'MISSING_TRANSLATION') console.error(error)
          else if (import.meta.env?.DEV) console.warn(error.message)
        },
      },
      intlCache,
    )
    byMessages.set(messages, intl)
  }
  return intl
}

export type Translate = (key: MessageKey, values?: Record<string, string | number | Date>) => string

export function translator(intl: IntlShape<string>): Translate {
  return (key, values) => intl.formatMessage({ id: key }, values) as string
}
