import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { translate } from '../../../../../lib/i18n/page-text.ts'
import { descriptionHtml } from '../../../../../server/markdown/description-html.server.ts'
import { pageCaller } from '../../../../../server/trpc/page-caller.server.ts'
import { orErrorPage, projectFrame } from '../../../../../server/trpc/project-frame.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const projectId = pageContext.routeParams.id ?? ''
  const found = await orErrorPage(caller.testSuites.byId({ id: pageContext.routeParams.suiteId ?? '' }))
  // A suite addressed under another project (of the user's, even) is not there.
  if (found.project.id !== projectId) throw render(404, { userMessage: translate(pageContext, 'suites.notFound') })
  const { suite } = found
  const [portals, frame] = await Promise.all([
    // The rule and the schedule name portals; editors choose the schedule's among them.
    caller.projects.byId({ projectId }).then((project) => project.portals.map(({ id, name }) => ({ id, name }))),
    projectFrame(caller, projectId),
  ])
  return {
    frame,
    project: found.project,
    role: found.role,
    suite: { id: suite.id, name: suite.name, kind: suite.kind, rule: suite.rule, updatedAt: suite.updatedAt },
    descriptionHtml: suite.description.trim() ? descriptionHtml(suite.description) : null,
    sections: found.sections.map((section) => ({
      id: section.id,
      name: section.name,
      cases: section.cases.map(({ id, key, title, priority, state }) => ({ id, key, title, priority, state })),
    })),
    runs: found.runs,
    schedule: found.schedule,
    portals,
  }
}
