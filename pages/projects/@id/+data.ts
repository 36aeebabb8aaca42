import type { PageContextServer } from 'vike/types'
import { pageCaller } from '../../../server/trpc/page-caller.server.ts'
import { orErrorPage, projectFrame } from '../../../server/trpc/project-frame.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const projectId = pageContext.routeParams.id ?? ''
  const dashboard = await orErrorPage(caller.projects.byId({ projectId }))
  return { frame: await projectFrame(caller, projectId), dashboard }
}
