import type { PageContextServer } from 'vike/types'
import { pageCaller } from '../../../server/trpc/page-caller.server.ts'
import { projectFrame } from '../../../server/trpc/project-frame.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const [frame, portals] = await Promise.all([projectFrame(caller, null), caller.portals.list()])
  return { frame, portals: portals.map(({ id, name, isDemo }) => ({ id, name, isDemo })) }
}
