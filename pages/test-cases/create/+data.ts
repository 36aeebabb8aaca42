import type { PageContextServer } from 'vike/types'
import { editorContext } from '../../../features/case-editor/editor-data.ts'
import { requireEditorRole } from '../../../features/case-editor/editor-access.server.ts'
import { pageCaller } from '../../../server/trpc/page-caller.server.ts'
import { orErrorPage, projectFrame, projectFromQuery } from '../../../server/trpc/project-frame.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const projectId = await projectFromQuery(pageContext, caller, '/test-cases/create')
  if (!projectId) return { frame: await projectFrame(caller, null), editor: null }
  const dashboard = await orErrorPage(caller.projects.byId({ projectId }))
  requireEditorRole(pageContext, dashboard.role)
  const [frame, context] = await Promise.all([projectFrame(caller, projectId), orErrorPage(editorContext(caller, projectId))])
  const folder = pageContext.urlParsed.search.folder?.slice(0, 1000) ?? ''
  return { frame, editor: { project: { id: dashboard.project.id, key: dashboard.project.key, name: dashboard.project.name }, context, folder } }
}
