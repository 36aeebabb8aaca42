import type { PageContext } from 'vike/types'
import { madeBy } from '../../lib/made-by.ts'

/**
 * Whether this error page stands for a client-side navigation that got no answer (the server unreachable, the
 * connection dropped, a chunk that did not load: the browser's fetch fails with a TypeError) rather than for the
 * server's answer (a 404, a refusal, or a 500, which Vike's client reports as an Error of its own).
 */
export function navigationFailed(pageContext: PageContext): boolean {
  return (
    pageContext.isClientSide &&
    pageContext.isClientSideNavigation === true &&
    pageContext.is404 !== true &&
    pageContext.abortStatusCode === undefined &&
    madeBy(pageContext.errorWhileRendering, TypeError)
  )
}
