import type { PageContextServer } from 'vike/types'
import { pageCaller } from '../../server/trpc/page-caller.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

/** What the link invites to; a missing or malformed token is a link that does not work, like any other. */
export async function data(pageContext: PageContextServer) {
  const token = pageContext.urlParsed.search.token ?? ''
  if (!token || token.length > 200) return { token: '', invitation: { usable: false as const } }
  const caller = await pageCaller(pageContext)
  return { token, invitation: await caller.invitations.byToken({ token }) }
}
