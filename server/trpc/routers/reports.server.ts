import { caseKey, PRIORITIES } from '../../../lib/domain/test-management.ts'
import { blockedCauses, byRunField, figureOf, flakyCases, groupFigures, overTime, periodStart, REPORT_LIMITS, addCounts, type ReportFilters, type ReportSummary } from '../../../lib/domain/reports.ts'
import { emptyCounts } from '../../../lib/domain/test-runs.ts'
import { ReportSummarySchema } from '../../../lib/forms/report-schemas.ts'
import { checkMessageText } from '../../../lib/i18n/check-message.ts'
import { projectPortalsOf } from '../../queries/projects.server.ts'
import { blockedCauseRows, checkOutcomes, flakyCandidates, reportGroups, reportRuns, resultsPerDay, slowestChecks, suiteChoices } from '../../queries/reports.server.ts'
import { protectedProcedure, router } from '../init.server.ts'
import { requireProject } from '../project-access.server.ts'

// Reports (docs/reports.md): a project's pass rates by run, day, priority, suite, folder, portal and dataset, its flaky
// cases, blocked causes and automated-check failures. Viewers and up read them; outsiders get NOT_FOUND.

export const reportsRouter = router({
  /**
   * Everything the reports page shows for the filters, over the newest runs that match (at most 50): bounded, so one
   * call answers quickly however long the project's history is.
   */
  summary: protectedProcedure.input(ReportSummarySchema).query(async ({ ctx, input }) => {
    const { project, role } = await requireProject(ctx, input.projectId, 'viewer')
    const filters: ReportFilters = { period: input.period, suiteId: input.suiteId ?? null, portalId: input.portalId ?? null, state: input.state ?? null }
    const [found, suites, portals] = await Promise.all([reportRuns(ctx.db, project.id, filters, periodStart(filters.period, new Date())), suiteChoices(ctx.db, project.id), projectPortalsOf(ctx.db, project.id)])
    const runs = found.runs.map((run) => ({ ...run, ...figureOf(run.counts) }))
    const runIds = runs.map((run) => run.id)
    const [groups, causes, checks, slowest, flaky, perDay] = await Promise.all([
      reportGroups(ctx.db, runIds),
      blockedCauseRows(ctx.db, runIds),
      checkOutcomes(ctx.db, runIds),
      slowestChecks(ctx.db, runIds),
      flakyCandidates(ctx.db, runIds),
      resultsPerDay(ctx.db, runIds),
    ])
    const priorities = groupFigures(groups.priority)
    const key = (number: number) => caseKey(project.key, number)
    const summary: ReportSummary = {
      project: { id: project.id, key: project.key, name: project.name },
      filters,
      projectRuns: found.all,
      matchingRuns: found.matching,
      runs,
      overall: figureOf(runs.reduce((sum, run) => addCounts(sum, run.counts), emptyCounts())),
      overTime: overTime(runs, perDay),
      // Every priority, in the order of the scale, so a missing one reads as none rather than as forgotten.
      byPriority: PRIORITIES.map((priority) => priorities.find((group) => group.key === priority) ?? { key: priority, ...figureOf(emptyCounts()) }),
      bySuite: byRunField(runs, 'suite'),
      byFolder: groupFigures(groups.folder).sort((a, b) => b.total - a.total || a.key.localeCompare(b.key)),
      byPortal: byRunField(runs, 'portal'),
      byDataset: groupFigures(groups.dataset)
        .map((group) => ({ ...group, label: groups.dataset.find((row) => row.key === group.key)?.label ?? group.key }))
        .sort((a, b) => b.total - a.total || a.label.localeCompare(b.label)),
      flaky: flakyCases(flaky.results).map((item) => {
        const known = flaky.cases.get(item.caseId)
        return { ...item, key: known ? key(known.number) : '', title: known?.title ?? '' }
      }),
      // A check's deciding message in the reader's language, said here so the page needs no catalogue of messages.
      blockedCauses: blockedCauses(causes).map((cause) => (cause.message ? { ...cause, label: checkMessageText(ctx.t, cause.message) } : cause)),
      checkFailures: checks.filter((row) => row.failed + row.blocked > 0),
      slowest: slowest.map(({ number, ...row }) => ({ ...row, key: key(number) })),
    }
    return {
      ...summary,
      role,
      limits: { runs: REPORT_LIMITS.runs },
      choices: { suites, portals: portals.map(({ id, name }) => ({ id, name })) },
    }
  }),
})
