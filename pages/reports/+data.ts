import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { filtersFromQuery } from '../../lib/domain/reports.ts'
import { settle } from '../../lib/section.ts'
import { pageCaller } from '../../server/trpc/page-caller.server.ts'
import { orErrorPage, projectFrame, projectFromQuery } from '../../server/trpc/project-frame.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

// The project's report for the filters in the address (a GET form, so it works without JavaScript). Someone else's
// project is the 404 page, as the API answers; a report that fails otherwise shows its error state in the frame.
export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const projectId = await projectFromQuery(pageContext, caller, '/reports')
  if (!projectId) return { frame: await projectFrame(caller, null), report: null }
  const frame = await projectFrame(caller, projectId)
  // The frame lists the user's projects: one not among them is not theirs (or does not exist), and the API's refusal
  // of it, in the user's language, is the 404 page (the page's own texts do not carry the projects group).
  if (!frame.project) {
    await orErrorPage(caller.projects.byId({ projectId }))
    throw render(404)
  }
  const filters = filtersFromQuery(pageContext.urlParsed.search)
  const report = await settle(caller.reports.summary({ projectId, ...filters }), 'the report')
  return { frame, filters, report }
}
