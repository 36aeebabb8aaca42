import type { PageContext } from 'vike/types'
import { pickGroups, type MessageKey, type Messages } from './catalog.ts'
import { intlFor, translator, type Translate } from './intl.ts'
import { messageGroupsFor } from '../routing/route-table.ts'

const NO_MESSAGES: Messages = {}

/** The description of a page that names none (pages/+description.ts): part of every page's texts. */
export const DEFAULT_DESCRIPTION_KEY = 'pages.homeDescription' satisfies MessageKey

/**
 * The messages a page renders with: its catalogue groups and its own texts of the `pages` group (`pageTexts`, which
 * the server passes with the page), on the server as in the browser (which loads just those), so server and browser
 * markup agree (decision 021).
 */
export function pageMessages(pageContext: Pick<PageContext, 'messages' | 'pageId' | 'pageTexts'>): Messages {
  const picked = pickGroups(pageContext.messages ?? NO_MESSAGES, messageGroupsFor(pageContext.pageId))
  const texts = pageContext.pageTexts ?? NO_MESSAGES
  let withTexts = merged.get(picked)
  if (!withTexts) {
    withTexts = new WeakMap()
    merged.set(picked, withTexts)
  }
  let messages = withTexts.get(texts)
  if (!messages) {
    messages = { ...picked, ...texts }
    withTexts.set(texts, messages)
  }
  return messages
}

// One object per groups and texts, so the page's formatter is made once (lib/i18n/intl.ts keeps one per object).
const merged = new WeakMap<Messages, WeakMap<Messages, Messages>>()

/** A message in the page's language, for hooks that run outside React (titles, descriptions). */
export function translate(pageContext: PageContext, key: MessageKey, values?: Record<string, string | number>): string {
  return translator(intlFor(pageContext.locale, pageMessages(pageContext)))(key, values)
}

/** The page's messages as a `t` for server code that names things for the page (`+data.ts`: region names). */
export function pageTranslator(pageContext: Pick<PageContext, 'messages' | 'pageId' | 'pageTexts' | 'locale'>): Translate {
  return translator(intlFor(pageContext.locale, pageMessages(pageContext)))
}
