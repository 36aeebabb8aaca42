import type { Context } from 'hono'
import type { PageContextServer } from 'vike/types'

const PAGE_CONTEXT_SUFFIX = '/index.pageContext.json'

/**
 * The page's query as the browser asked for it, for `+data` hooks that read it. On a client-side navigation the
 * browser asks for `<path>/index.pageContext.json?<query>`, and Vike 0.4.266 rebuilds that query keeping only the last
 * value of a repeated parameter (`priority=low&priority=high` reaches `urlParsed` as `priority=high`; fixed upstream in
 * 0.4.269, not yet installable here). A page with repeated parameters (the case filters, the analysis portals, the
 * explorer's facets) reads them here, from the request Hono received, so a navigation and a full load agree.
 */
export function requestQuery(pageContext: PageContextServer): URLSearchParams {
  const hono = (pageContext as unknown as { hono?: Context }).hono
  if (!hono) return new URLSearchParams(pageContext.urlParsed.searchOriginal ?? '')
  const url = new URL(hono.req.url)
  // Vike's own argument to a pageContext.json request, not the page's.
  if (url.pathname.endsWith(PAGE_CONTEXT_SUFFIX)) url.searchParams.delete('_vike')
  return url.searchParams
}

