import type { inferRouterOutputs } from '@trpc/server'
import type { CustomFieldDefinition } from '../../lib/domain/custom-fields.ts'
import type { StepText } from '../../lib/domain/test-management.ts'
import type { AppRouter } from '../../server/trpc/router.server.ts'

type Outputs = inferRouterOutputs<AppRouter>

/** A case with what its editors need, as testCases.byId answers. */
export type CaseDetail = Outputs['testCases']['byId']
export type SavedCase = CaseDetail['case']

export type SharedStepOption = { id: string; title: string; steps: StepText[] }
export type MemberOption = { userId: string; name: string; email: string }
export type PortalOption = { id: string; name: string }

/** What every editor of a project's cases needs besides the case: the project's fields, shared steps and members. */
export type EditorContext = {
  projectId: string
  customFields: CustomFieldDefinition[]
  sharedSteps: SharedStepOption[]
  members: MemberOption[]
  /** The project's portals: what an automated check may run against. */
  portals: PortalOption[]
}
