import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { editorContext } from '../../../features/case-editor/editor-data.ts'
import { requireEditorRole } from '../../../features/case-editor/editor-access.server.ts'
import { pageCaller } from '../../../server/trpc/page-caller.server.ts'
import { orErrorPage, projectFrame, projectFromQuery } from '../../../server/trpc/project-frame.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

/** How many cases one editor opens at once: each is a tab and a request. */
const MAX_OPEN = 20

export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const projectId = await projectFromQuery(pageContext, caller, '/test-cases/enhanced-editor')
  if (!projectId) return { frame: await projectFrame(caller, null), editor: null }
  const dashboard = await orErrorPage(caller.projects.byId({ projectId }))
  requireEditorRole(pageContext, dashboard.role)
  const ids = [...new Set((pageContext.urlParsed.search.cases ?? '').split(',').map((id) => id.trim()).filter(Boolean))].slice(0, MAX_OPEN)
  const [frame, context, details] = await Promise.all([
    projectFrame(caller, projectId),
    orErrorPage(editorContext(caller, projectId)),
    Promise.all(ids.map((id) => orErrorPage(caller.testCases.byId({ id })))),
  ])
  // A case of another project, or a deleted one, is not this editor's to open.
  if (details.some((detail) => detail.case.projectId !== projectId || detail.case.deleted)) throw render(404)
  return {
    frame,
    editor: {
      project: { id: dashboard.project.id, key: dashboard.project.key, name: dashboard.project.name },
      context,
      cases: details.map((detail) => detail.case),
      userId: pageContext.user?.id ?? '',
      firstDraftId: globalThis.crypto.randomUUID().slice(0, 12),
      folder: pageContext.urlParsed.search.folder?.slice(0, 1000) ?? '',
    },
  }
}
