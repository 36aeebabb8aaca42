import type { PageContext } from 'vike/types'
import { pickGroups, type MessageKey, type Messages } from './catalog.ts'
import { intlFor, translator, type Translate } from './intl.ts'
import { messageGroupsFor } from '../routing/route-table.ts'

const NO_MESSAGES: Messages = {}

/**
 * The messages a page renders with: its catalogue groups only, on the server as in the browser (which loads just
 * those), so server and browser markup agree (decision 021).
 */
export function pageMessages(pageContext: Pick<PageContext, 'messages' | 'pageId'>): Messages {
  return pickGroups(pageContext.messages ?? NO_MESSAGES, messageGroupsFor(pageContext.pageId))
}

/** A message in the page's language, for hooks that run outside React (titles, descriptions). */
export function translate(pageContext: PageContext, key: MessageKey, values?: Record<string, string | number>): string {
  return translator(intlFor(pageContext.locale, pageMessages(pageContext)))(key, values)
}

/** The page's messages as a `t` for server code that names things for the page (`+data.ts`: region names). */
export function pageTranslator(pageContext: Pick<PageContext, 'messages' | 'pageId' | 'locale'>): Translate {
  return translator(intlFor(pageContext.locale, pageMessages(pageContext)))
}
