import type { PageContextServer } from 'vike/types'
import { pageCaller } from '../../../../server/trpc/page-caller.server.ts'
import { orErrorPage, projectFrame } from '../../../../server/trpc/project-frame.server.ts'
import { requireEditor, ruleChoices } from '../../suite-pages.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const found = await orErrorPage(caller.testSuites.byId({ id: pageContext.routeParams.id ?? '' }))
  requireEditor(pageContext, found.role)
  const [choices, frame] = await Promise.all([ruleChoices(caller, found.project.id), projectFrame(caller, found.project.id)])
  const { suite } = found
  return {
    frame,
    project: found.project,
    suite: { id: suite.id, name: suite.name, description: suite.description, kind: suite.kind, rule: suite.rule, version: suite.version },
    sections: found.sections.map((section) => ({
      id: section.id,
      name: section.name,
      cases: section.cases.map(({ id, key, title, priority, state }) => ({ id, key, title, priority, state })),
    })),
    tags: choices.tags,
    folders: choices.folders,
    portals: choices.portals,
  }
}
