import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { editorContextOfCase } from '../../../../features/case-editor/editor-data.ts'
import { requireEditorRole } from '../../../../features/case-editor/editor-access.server.ts'
import { pageCaller } from '../../../../server/trpc/page-caller.server.ts'
import { orErrorPage, projectFrame } from '../../../../server/trpc/project-frame.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const detail = await orErrorPage(caller.testCases.byId({ id: pageContext.routeParams.id ?? '' }))
  // A deleted case is kept for undo and history, not for editing (the API refuses its saves as not found).
  if (detail.case.deleted) throw render(404)
  requireEditorRole(pageContext, detail.role)
  const [frame, context] = await Promise.all([projectFrame(caller, detail.project.id), orErrorPage(editorContextOfCase(caller, detail))])
  return { frame, editor: { project: detail.project, case: detail.case, context } }
}
