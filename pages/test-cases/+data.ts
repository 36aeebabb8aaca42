import type { PageContextServer } from 'vike/types'
import { listInput, parseCaseQuery } from '../../features/test-cases/case-query.ts'
import { pageCaller } from '../../server/trpc/page-caller.server.ts'
import { orErrorPage, projectFrame, projectFromQuery } from '../../server/trpc/project-frame.server.ts'
import { requestQuery } from '../../server/request-query.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

/**
 * The first paint of the test-case list: the page of cases for the URL's filters, sort and page, with the folder tree
 * and the tags in use, so the list is in the HTML before any JavaScript runs.
 */
export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const projectId = await projectFromQuery(pageContext, caller, '/test-cases')
  const query = parseCaseQuery(requestQuery(pageContext))
  if (!projectId) return { frame: await projectFrame(caller, null), query, list: null }
  const list = await orErrorPage(caller.testCases.list(listInput(projectId, query)))
  return { frame: await projectFrame(caller, projectId), query, list }
}
