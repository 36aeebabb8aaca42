import { redirect, render } from 'vike/abort'
import type { PageContext } from 'vike/types'
import { routeForPage } from '../lib/routing/route-table.ts'

// https://vike.dev/guard — a convenience for the visitor; tRPC's protectedProcedure is the real check.
export function guard(pageContext: PageContext): void {
  const route = routeForPage(pageContext.pageId)
  // A page missing from the route table must not be served with unknown access rules.
  if (!route) throw render(500, `No access rule for page ${pageContext.pageId ?? '(none)'}`)
  if (route.access === 'auth' && !pageContext.user) {
    const { pathname, searchOriginal } = pageContext.urlParsed
    throw redirect(`/auth/login?redirect=${encodeURIComponent(`${pathname}${searchOriginal ?? ''}`)}`)
  }
  if (route.access === 'guest' && pageContext.user) throw redirect('/projects')
}
