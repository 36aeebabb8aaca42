import type { PageContext } from 'vike/types'
import type { MessageKey } from './catalog.ts'
import { intlFor, translator } from './intl.ts'

/** A message in the page's language, for hooks that run outside React (titles, descriptions). */
export function translate(pageContext: PageContext, key: MessageKey, values?: Record<string, string | number>): string {
  return translator(intlFor(pageContext.locale, pageContext.messages))(key, values)
}
