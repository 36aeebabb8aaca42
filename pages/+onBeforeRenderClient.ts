import type { PageContextClient } from 'vike/types'
import { loadMessageGroups } from '../lib/i18n/catalog.ts'
import { messageGroupsFor } from '../lib/routing/route-table.ts'
import { loadFrameParts } from '../renderer/page-layout.ts'

// https://vike.dev/onBeforeRenderClient — load the page's catalogue groups in the active language before hydrating
// or rendering, and the parts of the page frame it shows (renderer/page-layout.ts) (decision 021).
export async function onBeforeRenderClient(pageContext: PageContextClient): Promise<void> {
  const [messages] = await Promise.all([
    loadMessageGroups(pageContext.locale, messageGroupsFor(pageContext.pageId)),
    loadFrameParts(pageContext),
  ])
  pageContext.messages = { ...pageContext.messageFallbacks, ...messages }
}
