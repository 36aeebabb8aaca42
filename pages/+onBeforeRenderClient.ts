import type { PageContextClient } from 'vike/types'
import { loadMessageGroups } from '../lib/i18n/catalog.ts'
import { messageGroupsFor } from '../lib/routing/route-table.ts'

// https://vike.dev/onBeforeRenderClient — load the page's catalogue groups in the active language before hydrating
// or rendering (decision 021).
export async function onBeforeRenderClient(pageContext: PageContextClient): Promise<void> {
  const messages = await loadMessageGroups(pageContext.locale, messageGroupsFor(pageContext.pageId))
  pageContext.messages = { ...pageContext.messageFallbacks, ...messages }
}
