import type { PageContextServer } from 'vike/types'
import { currentCaseId, filterCases, parseExecutionQuery } from './execution.ts'
import { parseJunitNotice } from '../../../lib/forms/junit-notice.ts'
import { serverEnv } from '../../../server/env.server.ts'
import { pageCaller } from '../../../server/trpc/page-caller.server.ts'
import { orErrorPage, projectFrame } from '../../../server/trpc/project-frame.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

/**
 * The execution view's first paint: the run with its cases and figures, the names it shows (suite, portal, members),
 * and the open case (from `?case=`, else the first the filters show) with its pinned steps and its results, so the
 * page reads without JavaScript. A run in someone else's project is the 404 page, as the API answers.
 */
export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const id = pageContext.routeParams.id ?? ''
  const detail = await orErrorPage(caller.testRuns.byId({ id }))
  const query = parseExecutionQuery(pageContext.urlParsed.search)
  const [frame, project, members] = await Promise.all([
    projectFrame(caller, detail.project.id),
    caller.projects.byId({ projectId: detail.project.id }),
    caller.projects.members.list({ projectId: detail.project.id }),
  ])
  const openId = currentCaseId(filterCases(detail.cases, query), query.caseId)
  const open = openId ? await caller.testRuns.results({ runCaseId: openId }) : null
  // The run's files, and the files of the open case's latest result.
  const latestResultId = open?.results[0]?.id ?? null
  const [runAttachments, resultAttachments] = await Promise.all([
    caller.attachments.list({ target: { kind: 'run', runId: id } }),
    latestResultId !== null ? caller.attachments.list({ target: { kind: 'result', resultId: latestResultId } }) : [],
  ])
  const { run } = detail
  return {
    frame,
    role: detail.role,
    query,
    run: {
      id: run.id,
      name: run.name,
      source: run.source,
      suiteName: run.suiteId ? (project.suites.find((suite) => suite.id === run.suiteId)?.name ?? null) : null,
      portalName: run.portalId ? (project.portals.find((portal) => portal.id === run.portalId)?.name ?? run.portalId) : null,
      environment: run.environment,
      build: run.build,
      commit: run.commit,
    },
    detail,
    members: members.map((member) => ({ userId: member.userId, name: member.name })),
    open,
    // The summary of a JUnit import posted without JavaScript (server/junit-import.server.ts redirects here with it).
    junitNotice: parseJunitNotice(pageContext.urlParsed.search.junit),
    attachments: { run: runAttachments, result: latestResultId !== null ? { resultId: latestResultId, items: resultAttachments } : null, maxMb: serverEnv().PORTALSCOPE_ATTACHMENT_MAX_MB },
  }
}
