import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { stateFromQuery } from '../../features/test-runs/run-figures.ts'
import { roleAtLeast } from '../../lib/domain/test-management.ts'
import { staleDays } from '../../lib/domain/case-results.ts'
import { translate } from '../../lib/i18n/page-text.ts'
import { pageCaller } from '../../server/trpc/page-caller.server.ts'
import { orErrorPage, projectFrame, projectFromQuery } from '../../server/trpc/project-frame.server.ts'

type Caller = Awaited<ReturnType<typeof pageCaller>>

export type Data = Awaited<ReturnType<typeof data>>

// One address, two views: the project's runs (filtered by `?state=`), or with `?start=1` the form that starts a run
// (`&suite=` preselects a suite, as the suite's page links to it).
export async function data(pageContext: PageContextServer) {
  const caller = await pageCaller(pageContext)
  const projectId = await projectFromQuery(pageContext, caller, '/test-runs')
  if (!projectId) return { frame: await projectFrame(caller, null), list: null, start: null, stale: null }
  const search = pageContext.urlParsed.search
  const state = stateFromQuery(search.state)
  const [list, members, frame] = await Promise.all([orErrorPage(caller.testRuns.list({ projectId })), orErrorPage(caller.projects.members.list({ projectId })), projectFrame(caller, projectId)])
  const canStart = roleAtLeast(list.role, 'editor')
  if (search.start) {
    if (!canStart) throw render(403, { userMessage: translate(pageContext, 'runs.needsEditor') })
    return { frame, list: null, stale: null, start: await startChoices(caller, projectId, list.project, members, search.suite ?? null) }
  }
  const names = new Map(members.map((member) => [member.userId, member.name]))
  const runs = state ? list.runs.filter((run) => run.state === state) : list.runs
  // The owner also sees the runs nobody touched for `?stale=` days (30 unless said), to complete them at once.
  const stale = list.role === 'owner' ? await caller.testRuns.stale({ projectId, days: staleDays(search.stale) }) : null
  return {
    frame,
    start: null,
    stale: stale ? { projectId, days: stale.days, runs: stale.runs.map(({ id, name, touchedAt, cases, untested }) => ({ id, name, touchedAt, cases, untested })) } : null,
    list: {
      project: list.project,
      canStart,
      state,
      // How many runs the project has at all: a filter that matches none is not the same as no runs yet.
      allRuns: list.runs.length,
      runs: runs.map((run) => ({
        id: run.id,
        name: run.name,
        state: run.state,
        build: run.build,
        counts: run.counts,
        total: run.total,
        passRate: run.passRate,
        // A member who has left is named as "someone" by the page.
        createdBy: (run.createdBy && names.get(run.createdBy)) || null,
        createdAt: run.createdAt,
        assignees: run.assignees.map((id) => names.get(id) ?? null),
      })),
    },
  }
}

/** What the start form offers: the project's suites, portals and members. */
async function startChoices(caller: Caller, projectId: string, project: { id: string; key: string; name: string }, members: Array<{ userId: string; name: string; role: string }>, suiteId: string | null) {
  const [suites, dashboard] = await Promise.all([orErrorPage(caller.testSuites.list({ projectId })), orErrorPage(caller.projects.byId({ projectId }))])
  return {
    project,
    suites: suites.suites.map((suite) => ({ id: suite.id, name: suite.name, kind: suite.kind, rule: suite.rule, cases: suite.kind === 'static' ? suite.cases : null })),
    portals: dashboard.portals.map(({ id, name }) => ({ id, name })),
    members: members.map(({ userId, name }) => ({ id: userId, name })),
    suiteId: suites.suites.some((suite) => suite.id === suiteId) ? suiteId : null,
  }
}
