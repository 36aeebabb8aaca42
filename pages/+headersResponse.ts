import type { PageContextServer } from 'vike/types'
import { routeForPage } from '../lib/routing/route-table.ts'
import { CLIENT_START_SCRIPT_HASH } from '../server/client-start.server.ts'
import { basemapOrigin } from '../server/env.server.ts'
import { pageContentSecurityPolicy, PRE_PAINT_SCRIPT_HASH } from '../server/security-headers.server.ts'

// https://vike.dev/headersResponse — the page CSP carries this response's nonce for Vike's inline scripts.
export function headersResponse(pageContext: PageContextServer): Record<string, string> {
  return {
    'Content-Security-Policy': pageContentSecurityPolicy(pageContext.cspNonce ?? null, import.meta.env.DEV, [PRE_PAINT_SCRIPT_HASH, CLIENT_START_SCRIPT_HASH], basemapOrigin()),
    // A page for the people who build or run Portalscope (the route table's `noindex`).
    ...(routeForPage(pageContext.pageId)?.noindex ? { 'X-Robots-Tag': 'noindex, nofollow' } : {}),
  }
}
