import type { PageContextServer } from 'vike/types'
import { pageCaller } from '../../../server/trpc/page-caller.server.ts'
import { projectFrame, projectFromQuery } from '../../../server/trpc/project-frame.server.ts'
import { requireEditor, ruleChoices } from '../suite-pages.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const projectId = await projectFromQuery(pageContext, caller, '/test-suites/create')
  if (!projectId) return { frame: await projectFrame(caller, null), choices: null }
  const choices = await ruleChoices(caller, projectId)
  requireEditor(pageContext, choices.role)
  return { frame: await projectFrame(caller, projectId), choices }
}
