import type { PageContextServer } from 'vike/types'
import { diffCaseVersions, type CaseVersionContent } from '../../../lib/domain/case-diff.ts'
import { caseResultsQuery } from '../../../lib/domain/case-results.ts'
import type { StepText } from '../../../lib/domain/test-management.ts'
import { serverEnv } from '../../../server/env.server.ts'
import { descriptionHtml } from '../../../server/markdown/description-html.server.ts'
import { pageCaller } from '../../../server/trpc/page-caller.server.ts'
import { orErrorPage, projectFrame } from '../../../server/trpc/project-frame.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

/** A step as the page shows it: written in the case, or shared steps with their title and content. */
export type ViewStep = ({ kind: 'step'; id: string } & StepText) | { kind: 'shared'; id: string; sharedStepId: string; title: string | null; steps: StepText[] }

/**
 * Everything the read view shows, rendered on the server: the case with its shared steps written out, description
 * and preconditions as HTML, member names for user fields, and the history with each version's diff against the one
 * before (so the page needs no JavaScript, and the browser gets the diffs rather than every full snapshot).
 */
export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const id = pageContext.routeParams.id ?? ''
  const detail = await orErrorPage(caller.testCases.byId({ id }))
  // The results history's filters and page come from the address (`?status=&run=&build=&page=`).
  const resultsQuery = caseResultsQuery(pageContext.urlParsed.search)
  const [versions, members, frame, portals, results, attachments] = await Promise.all([
    caller.testCases.history({ id }),
    caller.projects.members.list({ projectId: detail.project.id }),
    projectFrame(caller, detail.project.id),
    // The check names its portal by id; the page shows the name.
    detail.case.check?.portal ? caller.projects.byId({ projectId: detail.project.id }).then((project) => project.portals.map(({ id: portalId, name }) => ({ id: portalId, name }))) : [],
    caller.testCases.results({ id, ...resultsQuery }),
    // The case's files and its steps' (a deleted case's are out of reach until it is restored).
    detail.case.deleted ? [] : caller.attachments.list({ target: { kind: 'case', caseId: id }, withSteps: true }),
  ])

  const testCase = detail.case
  const shared = new Map(detail.sharedSteps.map((step) => [step.id, step]))
  const steps: ViewStep[] = testCase.steps.map((step) => {
    if (step.kind === 'step') return step
    const text = shared.get(step.sharedStepId)
    return { kind: 'shared', id: step.id, sharedStepId: step.sharedStepId, title: text?.title ?? null, steps: text?.steps ?? [] }
  })
  const content = (version: (typeof versions)[number]): CaseVersionContent => ({ ...version.snapshot, sharedSteps: version.sharedSteps })
  const history = versions.map((version, index) => {
    const older = versions[index + 1]
    return {
      version: version.version,
      change: version.change,
      changedAt: version.changedAt,
      changedBy: version.changedBy,
      diff: older ? diffCaseVersions(content(older), content(version)) : null,
    }
  })

  return {
    frame,
    role: detail.role,
    testCase: {
      id: testCase.id,
      key: testCase.key,
      title: testCase.title,
      state: testCase.state,
      priority: testCase.priority,
      type: testCase.type,
      tags: testCase.tags,
      estimateMinutes: testCase.estimateMinutes,
      references: testCase.references,
      folder: testCase.folder,
      target: testCase.target,
      check: testCase.type === 'automated' ? testCase.check : null,
      custom: testCase.custom,
      version: testCase.version,
      updatedAt: testCase.updatedAt,
      deleted: testCase.deleted,
    },
    updatedBy: detail.updatedBy,
    defaultAssigneeId: detail.defaultAssigneeId,
    projectId: detail.project.id,
    descriptionHtml: testCase.description.trim() ? descriptionHtml(testCase.description, { firstHeading: 3 }) : null,
    preconditionsHtml: testCase.preconditions.trim() ? descriptionHtml(testCase.preconditions, { firstHeading: 3 }) : null,
    steps,
    customFields: detail.customFields.map(({ id: fieldId, label, type }) => ({ id: fieldId, label, type })),
    members: members.map((member) => ({ userId: member.userId, name: member.name })),
    portals,
    history,
    resultsQuery,
    results: {
      total: results.total,
      pageSize: results.pageSize,
      strip: results.strip.map(({ runId, runName, status }) => ({ runId, runName, status })),
      options: results.options,
      results: results.results.map(({ elapsedMs: _elapsed, ...result }) => result),
    },
    attachments,
    attachmentMaxMb: serverEnv().PORTALSCOPE_ATTACHMENT_MAX_MB,
  }
}
