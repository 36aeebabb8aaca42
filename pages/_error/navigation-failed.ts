import type { PageContext } from 'vike/types'

/**
 * Whether this error page stands for a client-side navigation that got no page back (the server unreachable, the
 * connection dropped, a chunk that did not load) rather than for the server's answer (a 404, a refusal, a 500).
 */
export function navigationFailed(pageContext: PageContext): boolean {
  return pageContext.isClientSide && pageContext.isClientSideNavigation === true && pageContext.is404 !== true && pageContext.abortStatusCode === undefined
}
