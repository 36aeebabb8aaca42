import type { PageContextClient } from 'vike/types'
import { loadMessageGroups } from '../lib/i18n/catalog.ts'
import { messageGroupsFor } from '../lib/routing/route-table.ts'
import { loadProjectNav, pageLayout } from '../renderer/page-layout.ts'

// https://vike.dev/onBeforeRenderClient — load the page's catalogue groups in the active language before hydrating
// or rendering, and the project navigation on the pages of a project (decision 021).
export async function onBeforeRenderClient(pageContext: PageContextClient): Promise<void> {
  const [messages] = await Promise.all([
    loadMessageGroups(pageContext.locale, messageGroupsFor(pageContext.pageId)),
    pageLayout(pageContext.pageId, pageContext.data) === 'dashboard' ? loadProjectNav() : null,
  ])
  pageContext.messages = { ...pageContext.messageFallbacks, ...messages }
}
