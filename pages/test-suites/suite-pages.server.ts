import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { folderOptions } from '../../features/test-suites/folders.ts'
import { roleAtLeast, type ProjectRole } from '../../lib/domain/test-management.ts'
import { translate } from '../../lib/i18n/page-text.ts'
import type { pageCaller } from '../../server/trpc/page-caller.server.ts'
import { orErrorPage } from '../../server/trpc/project-frame.server.ts'

type Caller = Awaited<ReturnType<typeof pageCaller>>

// What the suite pages' +data hooks share: the choices of the rule builder and the case search, and the role check
// of the pages that change suites.

/** The project's tags (with counts), folders and portals: what a rule or a search can name. */
export async function ruleChoices(caller: Caller, projectId: string) {
  const [cases, project] = await Promise.all([
    orErrorPage(caller.testCases.list({ projectId, pageSize: 1 })),
    orErrorPage(caller.projects.byId({ projectId })),
  ])
  return {
    project: cases.project,
    role: cases.role,
    tags: cases.tags,
    folders: folderOptions(cases.folders),
    portals: project.portals.map(({ id, name }) => ({ id, name })),
  }
}

/** The 403 page for members who may look at suites but not change them. */
export function requireEditor(pageContext: PageContextServer, role: ProjectRole): void {
  if (!roleAtLeast(role, 'editor')) throw render(403, { userMessage: translate(pageContext, 'suites.needsEditor') })
}
