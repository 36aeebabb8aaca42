import type { PageContextServer } from 'vike/types'
import { pageCaller } from '../../../../server/trpc/page-caller.server.ts'
import { orErrorPage, projectFrame } from '../../../../server/trpc/project-frame.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const projectId = pageContext.routeParams.id ?? ''
  // byId first: someone else's project is a 404 page before anything else is read.
  const { project, role, portals: chosen } = await orErrorPage(caller.projects.byId({ projectId }))
  const [frame, members, fields, sharedSteps, registry, invitations] = await Promise.all([
    projectFrame(caller, projectId),
    caller.projects.members.list({ projectId }),
    caller.projects.fields.list({ projectId }),
    caller.projects.sharedSteps.list({ projectId }),
    role === 'owner' ? caller.portals.list() : Promise.resolve([]),
    // Invitations are the owners' to see (their links and addresses).
    role === 'owner' ? caller.invitations.list({ projectId }) : Promise.resolve(null),
  ])
  return {
    frame,
    meId: pageContext.user?.id ?? '',
    project: { id: project.id, key: project.key, name: project.name },
    role,
    members,
    invitations,
    fields,
    sharedSteps,
    portals: {
      chosen: chosen.map(({ id, name, isDemo }) => ({ id, name, isDemo })),
      // The registry to choose from, for owners only (the others only see the choice).
      registry: registry.map(({ id, name, isDemo }) => ({ id, name, isDemo })),
    },
  }
}
