import type { PageContextServer } from 'vike/types'
import { pageCaller } from '../../server/trpc/page-caller.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const [me, sessions, tokens] = await Promise.all([
    caller.auth.me(),
    pageContext.user ? caller.auth.sessions.list().catch(() => []) : [],
    caller.auth.tokens.list(),
  ])
  return { me, sessions, tokens }
}
