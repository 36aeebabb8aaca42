import type { PageContextServer } from 'vike/types'
import { plainSummary } from '../../features/test-suites/summary.ts'
import { pageCaller } from '../../server/trpc/page-caller.server.ts'
import { orErrorPage, projectFrame, projectFromQuery } from '../../server/trpc/project-frame.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const projectId = await projectFromQuery(pageContext, caller, '/test-suites')
  if (!projectId) return { frame: await projectFrame(caller, null), list: null }
  const list = await orErrorPage(caller.testSuites.list({ projectId }))
  const dynamic = list.suites.filter((suite) => suite.kind === 'dynamic' && suite.rule)
  const [matching, portals, frame] = await Promise.all([
    // What each rule matches now (a run freezes it when it starts).
    Promise.all(dynamic.map(async (suite) => [suite.id, (await caller.testSuites.preview({ projectId, rule: suite.rule! })).total] as const)),
    dynamic.some((suite) => suite.rule?.portalId) ? caller.projects.byId({ projectId }).then((project) => project.portals.map(({ id, name }) => ({ id, name }))) : [],
    projectFrame(caller, projectId),
  ])
  const counts = new Map(matching)
  return {
    frame,
    list: {
      project: list.project,
      role: list.role,
      portals,
      suites: list.suites.map((suite) => ({
        id: suite.id,
        name: suite.name,
        // The list shows the first line; the suite's page the whole description.
        summary: plainSummary(suite.description),
        kind: suite.kind,
        rule: suite.rule,
        cases: suite.kind === 'static' ? suite.cases : (counts.get(suite.id) ?? 0),
        updatedAt: suite.updatedAt,
      })),
    },
  }
}
