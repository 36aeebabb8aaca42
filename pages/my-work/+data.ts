import type { PageContextServer } from 'vike/types'
import { pageCaller } from '../../server/trpc/page-caller.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

/** What is given to the signed-in person in runs not completed, across their projects; a failure is the page's own state. */
export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  try {
    const work = await caller.testRuns.myWork()
    return { ok: true as const, me: pageContext.user?.id ?? '', ...work }
  } catch {
    return { ok: false as const, me: '', runs: [], todo: 0, done: 0, more: false }
  }
}
