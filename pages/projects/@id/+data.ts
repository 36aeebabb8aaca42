import type { PageContextServer } from 'vike/types'
import { auditView } from '../../../features/projects/audit-text.ts'
import { CASE_STATES, PRIORITIES } from '../../../lib/domain/test-management.ts'
import { descriptionHtml } from '../../../server/markdown/description-html.server.ts'
import { pageCaller } from '../../../server/trpc/page-caller.server.ts'
import { orErrorPage, projectFrame } from '../../../server/trpc/project-frame.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const projectId = pageContext.routeParams.id ?? ''
  const dashboard = await orErrorPage(caller.projects.byId({ projectId }))
  const { project, role, cases, suites, portals, memberCount, activity, runs } = dashboard
  const count = (match: (row: (typeof cases)[number]) => boolean) => cases.filter(match).reduce((sum, row) => sum + row.cases, 0)
  return {
    frame: await projectFrame(caller, projectId),
    now: new Date(),
    project: { id: project.id, key: project.key, name: project.name, description: project.description, lastActivityAt: project.lastActivityAt },
    // Rendered here, so the Markdown parser stays out of the page's bundle; already inert.
    descriptionHtml: project.description.trim() ? descriptionHtml(project.description, { firstHeading: 3 }) : '',
    role,
    memberCount,
    cases: {
      total: count(() => true),
      byPriority: [...PRIORITIES].reverse().map((priority) => ({ priority, count: count((row) => row.priority === priority) })),
      byState: CASE_STATES.map((state) => ({ state, count: count((row) => row.state === state) })),
    },
    suites: suites.map(({ id, name, kind, cases: caseCount }) => ({ id, name, kind, cases: caseCount })),
    runs,
    portals: portals.map(({ id, name, isDemo }) => ({ id, name, isDemo })),
    activity: activity.map((event) => auditView(event, project.key)),
  }
}
