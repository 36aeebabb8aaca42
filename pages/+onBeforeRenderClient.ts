import type { PageContextClient } from 'vike/types'
import { loadMessages } from '../lib/i18n/catalog.ts'

// https://vike.dev/onBeforeRenderClient — load the active language's catalogue chunk before hydrating or rendering.
export async function onBeforeRenderClient(pageContext: PageContextClient): Promise<void> {
  const messages = await loadMessages(pageContext.locale)
  pageContext.messages = { ...pageContext.messageFallbacks, ...messages }
}
