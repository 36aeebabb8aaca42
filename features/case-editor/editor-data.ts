import type { pageCaller } from '../../server/trpc/page-caller.server.ts'
import type { EditorContext } from './editor-types.ts'

type Caller = Awaited<ReturnType<typeof pageCaller>>

// For the editors' +data hooks (server side, through the page caller): what an editor needs of the project, with
// only the fields it renders.

export async function editorContext(caller: Caller, projectId: string): Promise<EditorContext> {
  const [fields, shared, members, project] = await Promise.all([
    caller.projects.fields.list({ projectId }),
    caller.projects.sharedSteps.list({ projectId }),
    caller.projects.members.list({ projectId }),
    caller.projects.byId({ projectId }),
  ])
  return {
    projectId,
    customFields: fields.map(({ id, label, type, options, required }) => ({ id, label, type, options, required })),
    sharedSteps: shared.map(({ id, title, steps }) => ({ id, title, steps })),
    members: members.map(({ userId, name, email }) => ({ userId, name, email })),
    portals: project.portals.map(({ id, name }) => ({ id, name })),
  }
}

/** The project's custom fields and shared steps as testCases.byId answers them, with its members and portals. */
export async function editorContextOfCase(caller: Caller, detail: { project: { id: string }; customFields: EditorContext['customFields']; sharedSteps: Array<EditorContext['sharedSteps'][number] & { version: number }> }): Promise<EditorContext> {
  const [members, project] = await Promise.all([caller.projects.members.list({ projectId: detail.project.id }), caller.projects.byId({ projectId: detail.project.id })])
  return {
    projectId: detail.project.id,
    customFields: detail.customFields.map(({ id, label, type, options, required }) => ({ id, label, type, options, required })),
    sharedSteps: detail.sharedSteps.map(({ id, title, steps }) => ({ id, title, steps })),
    members: members.map(({ userId, name, email }) => ({ userId, name, email })),
    portals: project.portals.map(({ id, name }) => ({ id, name })),
  }
}
