import type { PageContextClient } from 'vike/types'
import { loadMessageGroups } from '../lib/i18n/catalog.ts'
import { LOCALE_TAGS } from '../lib/i18n/locales.ts'
import { warmIntl } from '../lib/i18n/warm-intl.ts'
import { messageGroupsFor } from '../lib/routing/route-table.ts'
import { loadFrameParts } from '../renderer/page-layout.ts'

// https://vike.dev/onBeforeRenderClient — load the page's catalogue groups in the active language before hydrating
// or rendering, and the parts of the page frame it shows (renderer/page-layout.ts) (decision 021).
export async function onBeforeRenderClient(pageContext: PageContextClient): Promise<void> {
  keepServerPart(pageContext)
  const [messages] = await Promise.all([
    loadMessageGroups(pageContext.locale, messageGroupsFor(pageContext.pageId)),
    loadFrameParts(pageContext),
    pageContext.isHydration ? warmIntl(LOCALE_TAGS[pageContext.locale]) : null,
  ])
  pageContext.messages = { ...pageContext.messageFallbacks, ...messages }
}

/**
 * The error page the browser renders after a navigation that got no answer (pages/_error/navigation-failed.ts) has
 * none of what the server passes (passToClient in pages/+config.ts): it keeps the language, the account and the
 * fallback texts of the page it came from, so it speaks the same language and shows the same header.
 */
function keepServerPart(pageContext: PageContextClient): void {
  const passed: Partial<Pick<PageContextClient, 'locale'>> = pageContext
  const previous = pageContext.previousPageContext
  if (passed.locale !== undefined || !previous) return
  Object.assign(pageContext, { locale: previous.locale, user: previous.user, messageFallbacks: previous.messageFallbacks, pageTexts: previous.pageTexts, formPost: null, demoLoad: null })
}
