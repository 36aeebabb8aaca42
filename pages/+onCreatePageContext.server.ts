import { parse } from '@formatjs/icu-messageformat-parser'
import type { Context } from 'hono'
import type { PageContextServer } from 'vike/types'
import { fallbackMessages, loadMessages, type Messages } from '../lib/i18n/catalog.ts'
import { showsCatalogueLoad } from '../lib/routing/route-paths.ts'
import { pageTextPrefixes } from '../lib/routing/route-table.ts'
import { DEFAULT_DESCRIPTION_KEY } from '../lib/i18n/page-text.ts'
import type { AppBindings } from '../server/app-bindings.server.ts'
import { readDemoLoad } from '../server/queries/demo-load.server.ts'
import { myWorkCount } from '../server/queries/run-assignments.server.ts'
import { loadAllFrameParts } from '../renderer/page-layout.ts'

// https://vike.dev/onCreatePageContext — the Hono middleware has already resolved the session, database and language.
export async function onCreatePageContext(pageContext: PageContextServer): Promise<void> {
  const hono = (pageContext as unknown as { hono?: Context<AppBindings> }).hono
  pageContext.user = hono?.get('user') ?? null
  pageContext.db = hono?.get('db')
  pageContext.serverRuntime = hono?.get('runtime') ?? 'node'
  pageContext.locale = hono?.get('locale') ?? 'cs'
  pageContext.formPost = hono?.get('formPost') ?? null
  // Part of the page's data version (server/page-cache/data-version.server.ts), so a shared page is never stale on it.
  const db = pageContext.db
  pageContext.demoLoad = db && showsCatalogueLoad(pageContext.urlPathname) ? await readDemoLoad(db).catch(() => null) : null
  // The header's count beside "My work"; a failure leaves it out rather than failing the page.
  pageContext.navCounts = db && pageContext.user ? { myWork: await myWorkCount(db, pageContext.user.id).catch(() => 0) } : null
  const messages = await loadMessages(pageContext.locale)
  await loadAllFrameParts() // chunks of their own for the browser; the server always has them (renderer/page-layout.ts)
  let page = perCatalogue.get(messages)
  if (!page) {
    // Only English texts for keys the active catalogue lacks travel with the page; the catalogue itself is a chunk.
    // Sent parsed: the browser has no ICU parser (decision 021).
    const fallbacks = await fallbackMessages(pageContext.locale, messages)
    const parsed: Messages = Object.fromEntries(Object.entries(fallbacks).map(([key, text]) => [key, typeof text === 'string' ? parse(text) : text]))
    page = { fallbacks: parsed, messages: { ...parsed, ...messages } }
    perCatalogue.set(messages, page)
  }
  pageContext.messageFallbacks = page.fallbacks
  pageContext.messages = page.messages
  pageContext.pageTexts = pageTexts(page.messages, pageTextPrefixes(pageContext.pageId))
}

/**
 * The page's own texts of the `pages` group (lib/routing/route-table.ts, `texts`) and the default description, parsed
 * for the browser, which has no ICU parser (decision 021). Once per catalogue and page.
 */
function pageTexts(messages: Messages, prefixes: string[]): Messages {
  let byPrefix = textsPerCatalogue.get(messages)
  if (!byPrefix) {
    byPrefix = new Map()
    textsPerCatalogue.set(messages, byPrefix)
  }
  const id = prefixes.join(',')
  let texts = byPrefix.get(id)
  if (!texts) {
    const own = Object.entries(messages).filter(([key]) => key === DEFAULT_DESCRIPTION_KEY || prefixes.some((prefix) => key.startsWith(prefix)))
    texts = Object.fromEntries(own.map(([key, text]) => [key, typeof text === 'string' ? parse(text) : text]))
    byPrefix.set(id, texts)
  }
  return texts
}

const textsPerCatalogue = new WeakMap<Messages, Map<string, Messages>>()

// Derived once per loaded catalogue (loadMessages answers the same object while it stays loaded), not per request:
// the page's messages keep one identity, so its picked groups and its formatter are made once too.
const perCatalogue = new WeakMap<Messages, { fallbacks: Messages; messages: Messages }>()
