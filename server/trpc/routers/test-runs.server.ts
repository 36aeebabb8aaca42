import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { caseKey } from '../../../lib/domain/test-management.ts'
import type { MessageKey } from '../../../lib/i18n/catalog.ts'
import { emptyCounts, mayTransition, passRate, transitionRole, type RunCounts } from '../../../lib/domain/test-runs.ts'
import { IdSchema } from '../../../lib/forms/test-management-schemas.ts'
import { ResultRecordSchema, RunCreateSchema, RunUpdateSchema } from '../../../lib/forms/test-run-schemas.ts'
import { forgetUnusedFiles } from '../../attachments/forget.server.ts'
import { hashesOfRun } from '../../queries/attachments.server.ts'
import { membersOf, projectPortalsOf } from '../../queries/projects.server.ts'
import {
  countsOfRuns,
  createRun,
  deleteRun,
  liveCaseIds,
  pinnedCaseOf,
  recordResult,
  resultsOf,
  runContent,
  runById,
  runResultsOf,
  runsOf,
  stepIdsAt,
  updateRun,
  type FrozenCase,
  type RunRow,
} from '../../queries/test-runs.server.ts'
import { assignmentsOf, assignRunCases, myWorkOf } from '../../queries/run-assignments.server.ts'
import { assignTargetOf, RunAssignSchema } from '../../../lib/forms/run-assignment-schemas.ts'
import { suiteCasesForRun } from '../../queries/test-suites.server.ts'
import { staleRunsOf } from '../../queries/case-results.server.ts'
import { RERUN_STATUSES, rerunCases, staleBefore, STALE_DAYS_MAX, STALE_DAYS_MIN, STALE_RUNS_LIMIT } from '../../../lib/domain/case-results.ts'
import { rules } from '../../../lib/forms/validation.ts'
import { pendingChecksOf, queueableChecksOf, queueRunChecks } from '../../queries/check-queue.server.ts'
import { abortRunChecks } from '../../jobs/automated-checks.server.ts'
import { runJob } from '../../jobs/registry.server.ts'
import { importJunitReport } from '../../queries/junit-import.server.ts'
import { JunitNeedsAddCases } from '../../../lib/domain/junit-match.ts'
import { JunitImportError, type JunitReport } from '../../../lib/domain/junit-read.ts'
import { readJunitStream } from '../../../lib/domain/junit-stream.ts'
import type { TrpcContext } from '../context.server.ts'
import { FieldError } from '../field-error.server.ts'
import { protectedProcedure, router } from '../init.server.ts'
import { requireProject, requireRun, requireRunCase, requireSuite } from '../project-access.server.ts'
import { QUOTAS, takeQuota } from '../quotas.server.ts'
import { ResultConflict } from '../result-conflict.server.ts'
import { madeBy } from '../../../lib/made-by.ts'

// Test runs (docs/decisions/014-test-management.md, "Runs"): editors create and steer runs, testers record results,
// owners reopen and delete. A stale write is refused with CONFLICT, never applied over someone else's.

function runView(run: RunRow) {
  return {
    id: run.id,
    projectId: run.projectId,
    name: run.name,
    source: run.source,
    suiteId: run.suiteId,
    portalId: run.portalId,
    assignees: run.assignees,
    environment: run.environment,
    build: run.build,
    commit: run.commit,
    state: run.state,
    version: run.version,
    createdBy: run.createdBy,
    createdAt: run.createdAt,
    startedBy: run.startedBy,
    startedAt: run.startedAt,
    completedBy: run.completedBy,
    completedAt: run.completedAt,
    updatedAt: run.updatedAt,
  }
}

function badField(field: string, message: string): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message, cause: new FieldError(field, message) })
}

/** Refuses assignees who are not members and a portal that is not one of the project's. */
async function checkRunFields(ctx: TrpcContext, projectId: string, fields: { assignees?: string[]; portalId?: string | null }): Promise<void> {
  if (fields.assignees?.length) {
    const members = new Set((await membersOf(ctx.db, projectId)).map((member) => member.userId))
    if (fields.assignees.some((id) => !members.has(id))) throw badField('assignees', ctx.t('runs.assigneeNotMember'))
  }
  if (fields.portalId) {
    const portals = new Set((await projectPortalsOf(ctx.db, projectId)).map((portal) => portal.id))
    if (!portals.has(fields.portalId)) throw badField('portalId', ctx.t('runs.portalNotInProject'))
  }
}

export const testRunsRouter = router({
  /** The project's runs, newest first, each with its counts of latest results per status and its pass rate. */
  list: protectedProcedure.input(z.object({ projectId: IdSchema })).query(async ({ ctx, input }) => {
    const { project, role } = await requireProject(ctx, input.projectId, 'viewer')
    return { project: { id: project.id, key: project.key, name: project.name }, role, runs: await runsOf(ctx.db, project.id) }
  }),

  /** A run with its frozen cases in order, each with its latest result, and the counts that follow from them. */
  byId: protectedProcedure.input(z.object({ id: IdSchema })).query(async ({ ctx, input }) => {
    const { run, project, role } = await requireRun(ctx, input.id, 'viewer')
    const cases = (await runContent(ctx.db, run.id)).map((item) => ({ ...item, key: caseKey(project.key, item.number) }))
    const counts: RunCounts = { passed: 0, failed: 0, blocked: 0, skipped: 0, untested: 0 }
    for (const item of cases) counts[item.latest?.status ?? 'untested'] += 1
    return {
      run: runView(run),
      version: run.version,
      project: { id: project.id, key: project.key, name: project.name },
      role,
      cases,
      counts,
      total: cases.length,
      passRate: passRate(counts),
    }
  }),

  /**
   * Starts a run: from a suite (a static suite's sections in order, or what a dynamic suite's rule matches now) or
   * from a selection of cases in the order given. The cases and their versions are frozen from here on.
   */
  create: protectedProcedure.input(RunCreateSchema).mutation(async ({ ctx, input }) => {
    const { project } = await requireProject(ctx, input.projectId, 'editor')
    await checkRunFields(ctx, project.id, input.run)
    let cases: FrozenCase[]
    let suiteId: string | null = null
    if (input.source.kind === 'suite') {
      const { suite } = await requireSuite(ctx, input.source.suiteId, 'editor')
      if (suite.projectId !== project.id) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('suites.notFound') })
      suiteId = suite.id
      cases = await suiteCasesForRun(ctx.db, suite)
    } else {
      const known = await liveCaseIds(ctx.db, project.id, input.source.caseIds)
      cases = [...new Set(input.source.caseIds)].filter((id) => known.has(id)).map((caseId) => ({ caseId, sectionName: '' }))
    }
    if (cases.length === 0) throw badField('source', ctx.t('runs.noCases'))
    const id = await createRun(ctx.db, project.id, input.run, { kind: input.source.kind, suiteId }, cases, ctx.user.id)
    return { id, cases: cases.length, version: 1 }
  }),

  /**
   * A new run from this run's cases whose latest outcome is failed, blocked or untested (any of them), in the same
   * order and sections, with the same suite, portal, build, commit, environment and testers; each case at its current
   * version. The old run and its results stay as they are. Testers who have left the project are not carried over.
   */
  rerun: protectedProcedure
    .input(z.object({ id: IdSchema, statuses: z.array(z.enum(RERUN_STATUSES)).min(1, 'validation.selectAtLeastOne' satisfies MessageKey).max(RERUN_STATUSES.length), name: rules.line(200) }))
    .mutation(async ({ ctx, input }) => {
      const { run, project } = await requireRun(ctx, input.id, 'editor')
      const [content, members, portals] = await Promise.all([runContent(ctx.db, run.id), membersOf(ctx.db, project.id), projectPortalsOf(ctx.db, project.id)])
      const memberIds = new Set(members.map((member) => member.userId))
      const member = (id: string | null) => (id !== null && memberIds.has(id) ? id : null)
      const cases: FrozenCase[] = rerunCases(
        content.filter((item) => !item.deleted),
        input.statuses,
      ).map((item) => ({ caseId: item.caseId, sectionName: item.sectionName, assigneeId: member(item.assigneeId) }))
      if (cases.length === 0) throw badField('statuses', ctx.t('runs.rerunNoCases'))
      const fields = {
        name: input.name,
        assignees: run.assignees.filter((id) => memberIds.has(id)),
        environment: run.environment,
        build: run.build,
        commit: run.commit,
        portalId: run.portalId && portals.some((portal) => portal.id === run.portalId) ? run.portalId : null,
      }
      const id = await createRun(ctx.db, project.id, fields, { kind: run.source, suiteId: run.suiteId, rerunOf: run.id }, cases, ctx.user.id)
      return { id, cases: cases.length, version: 1 }
    }),

  /**
   * The project's runs that are not completed and that nobody touched (a change of the run, a result) for `days`
   * days, longest untouched first: what the owner may complete at once.
   */
  stale: protectedProcedure.input(z.object({ projectId: IdSchema, days: z.number().int().min(STALE_DAYS_MIN).max(STALE_DAYS_MAX) })).query(async ({ ctx, input }) => {
    const { project } = await requireProject(ctx, input.projectId, 'owner')
    return { days: input.days, runs: await staleRunsOf(ctx.db, project.id, staleBefore(input.days, new Date())) }
  }),

  /**
   * Completes the given runs, those of them still untouched for `days` days (a run someone touched since the owner
   * looked is left as it is). Owners only: it ends other people's runs.
   */
  completeStale: protectedProcedure
    .input(z.object({ projectId: IdSchema, days: z.number().int().min(STALE_DAYS_MIN).max(STALE_DAYS_MAX), runIds: z.array(IdSchema).min(1).max(STALE_RUNS_LIMIT) }))
    .mutation(async ({ ctx, input }) => {
      const { project } = await requireProject(ctx, input.projectId, 'owner')
      const chosen = new Set(input.runIds)
      const stale = (await staleRunsOf(ctx.db, project.id, staleBefore(input.days, new Date()))).filter((run) => chosen.has(run.id))
      let completed = 0
      for (const item of stale) {
        const run = await runById(ctx.db, item.id)
        // Over the version seen as stale: a run changed since is not stale any more, and stays open.
        if (!run || run.version !== item.version || run.state === 'completed') continue
        if (await updateRun(ctx.db, run, item.version, { state: 'completed' }, ctx.user.id)) {
          completed += 1
          abortRunChecks(run.id)
        }
      }
      return { completed, skipped: input.runIds.length - completed }
    }),

  /**
   * Changes a run's fields and state over `expectedVersion`. Editors start and complete runs; only owners reopen a
   * completed one. CONFLICT when the run changed since (a first result also starts it, which counts as a change).
   */
  update: protectedProcedure.input(RunUpdateSchema).mutation(async ({ ctx, input }) => {
    const { run, project, role } = await requireRun(ctx, input.id, 'editor')
    const { state, ...fields } = input.run
    if (state !== undefined && state !== run.state) {
      const needed = transitionRole(run.state, state)
      if (needed === null)
        throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('runs.transitionNotAllowed', { from: ctx.t(`labels.runState_${run.state}`), to: ctx.t(`labels.runState_${state}`) }) })
      if (!mayTransition(role, run.state, state)) throw new TRPCError({ code: 'FORBIDDEN', message: ctx.t('runs.reopenOwnerOnly') })
    }
    if (run.version !== input.expectedVersion) throw new TRPCError({ code: 'CONFLICT', message: ctx.t('runs.conflict') })
    await checkRunFields(ctx, project.id, fields)
    if (!(await updateRun(ctx.db, run, input.expectedVersion, { ...fields, state }, ctx.user.id))) throw new TRPCError({ code: 'CONFLICT', message: ctx.t('runs.conflict') })
    // Completing took the run's checks off the queue; the ones running in this process stop now (others at their next look).
    if (state === 'completed') abortRunChecks(run.id)
    return { version: input.expectedVersion + 1 }
  }),

  /**
   * Queues the automated checks of a run (all its automated cases, or the given ones) for the background worker; the
   * results arrive as results recorded by the caller. Testers and up, as for recording by hand; each check counts
   * against the caller's quota, since each calls other people's servers (docs/decisions/013-outbound-requests.md).
   */
  runChecks: protectedProcedure
    .input(z.object({ runId: IdSchema, runCaseIds: z.array(IdSchema).min(1).max(5000).optional() }))
    .mutation(async ({ ctx, input }) => {
      const { run, project } = await requireRun(ctx, input.runId, 'tester')
      if (run.state === 'completed') throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('runs.completed') })
      const count = await queueableChecksOf(ctx.db, run.id, input.runCaseIds ?? null)
      if (count > 0) await takeQuota(ctx, QUOTAS.automatedChecks, { count, message: 'runs.checkQuota' })
      const queued = await queueRunChecks(ctx.db, { id: run.id, projectId: project.id }, ctx.user.id, input.runCaseIds ?? null)
      // Workers has no helper process: the checks start in this request's waitUntil (and the Cron Trigger picks up the rest).
      if (queued > 0 && ctx.runtime === 'workerd') ctx.background(runJob('automated-checks', ctx.db, { budgetMs: 25_000 }))
      return { queued }
    }),

  /** How far a run's automated checks are: how many still wait or run, and the run's counts by latest result. */
  checkProgress: protectedProcedure.input(z.object({ runId: IdSchema })).query(async ({ ctx, input }) => {
    const { run } = await requireRun(ctx, input.runId, 'viewer')
    const [pending, counts] = await Promise.all([pendingChecksOf(ctx.db, run.id), countsOfRuns(ctx.db, [run.id])])
    return { pending, counts: counts.get(run.id) ?? emptyCounts(), state: run.state }
  }),

  /**
   * Gives cases of a run to a member (or to nobody): chosen run cases, a section of the run, or a folder (with its
   * subfolders). Each change is kept in the case's assignment history; a completed run keeps its testers.
   */
  assign: protectedProcedure.input(RunAssignSchema).mutation(async ({ ctx, input }) => {
    const { run, project } = await requireRun(ctx, input.id, 'editor')
    if (run.state === 'completed') throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('runs.completed') })
    if (input.assigneeId) await checkRunFields(ctx, project.id, { assignees: [input.assigneeId] })
    return assignRunCases(ctx.db, run, assignTargetOf(input), input.assigneeId, ctx.user.id)
  }),

  /**
   * What is given to the caller in runs not completed, across their projects: each run (newest first) with the
   * caller's cases in order, their latest status, and how many are done and to do.
   */
  myWork: protectedProcedure.query(async ({ ctx }) => {
    const { rows, more } = await myWorkOf(ctx.db, ctx.user.id)
    const runs = new Map<string, { id: string; name: string; state: string; project: { id: string; key: string; name: string }; done: number; todo: number; cases: Array<{ id: string; key: string; title: string; sectionName: string; status: (typeof rows)[number]['status'] }> }>()
    for (const row of rows) {
      let run = runs.get(row.run_id)
      if (!run) {
        run = { id: row.run_id, name: row.run_name, state: row.run_state, project: { id: row.project_id, key: row.project_key, name: row.project_name }, done: 0, todo: 0, cases: [] }
        runs.set(row.run_id, run)
      }
      if (row.status) run.done += 1
      else run.todo += 1
      run.cases.push({ id: row.id, key: caseKey(row.project_key, row.number), title: row.title, sectionName: row.section_name, status: row.status })
    }
    const list = [...runs.values()]
    return { runs: list, todo: list.reduce((sum, run) => sum + run.todo, 0), done: list.reduce((sum, run) => sum + run.done, 0), more }
  }),

  /**
   * Appends a result to a case of the run. CONFLICT (with the newer result in `data.conflict.latest`) when someone
   * recorded one after `expectedLatestResultId`, unless `force`; refused on a completed run.
   */
  record: protectedProcedure.input(ResultRecordSchema).mutation(async ({ ctx, input }) => {
    const { run, runCase } = await requireRunCase(ctx, input.runCaseId, 'tester')
    if (run.state === 'completed') throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('runs.completed') })
    if (input.result.steps.length > 0) {
      const known = await stepIdsAt(ctx.db, runCase.caseId, runCase.caseVersion)
      const named = input.result.steps.map((step) => step.stepId)
      if (new Set(named).size !== named.length || named.some((id) => !known.has(id))) throw badField('result.steps', ctx.t('runs.unknownStep'))
    }
    const outcome = await recordResult(ctx.db, run, runCase, input.result, input.expectedLatestResultId, input.force, ctx.user.id)
    if (outcome.ok) return { id: outcome.id, started: outcome.started }
    if (outcome.reason === 'completed') throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('runs.completed') })
    const message = ctx.t('runs.resultConflict', {
      name: outcome.latest?.recordedBy ?? ctx.t('runs.someone'),
      status: outcome.latest ? ctx.t(`labels.status_${outcome.latest.status}`) : ctx.t('labels.status_untested'),
    })
    throw new TRPCError({ code: 'CONFLICT', message, cause: new ResultConflict(message, outcome.latest) })
  }),

  /**
   * A run case's results, newest first (the first is the one that counts), with the steps and preconditions of the
   * case at the version the run pinned: what the tester executes and records step outcomes against.
   */
  results: protectedProcedure.input(z.object({ runCaseId: IdSchema })).query(async ({ ctx, input }) => {
    const { runCase } = await requireRunCase(ctx, input.runCaseId, 'viewer')
    const [results, pinned, assignments] = await Promise.all([resultsOf(ctx.db, runCase.id), pinnedCaseOf(ctx.db, runCase.caseId, runCase.caseVersion), assignmentsOf(ctx.db, runCase.id)])
    return { runCase: { id: runCase.id, runId: runCase.runId, caseId: runCase.caseId, caseVersion: runCase.caseVersion }, results, ...pinned, assignments }
  }),

  /** Every result of the run, oldest first: the history behind byId's latest results, for the run's export. */
  history: protectedProcedure.input(z.object({ id: IdSchema })).query(async ({ ctx, input }) => {
    const { run } = await requireRun(ctx, input.id, 'viewer')
    return { results: await runResultsOf(ctx.db, run.id) }
  }),

  /**
   * Records a JUnit XML report into the run (docs/junit-import.md): testers and up; creating the cases the project
   * lacks needs an editor. The file comes as a byte stream, so only a server-side caller can give it: the HTTP route
   * POST /api/test-runs/:runId/import-junit (server/junit-import.server.ts). Access is checked before a byte is read;
   * the whole file is read and checked before anything is written; a completed run refuses it.
   */
  importJunit: protectedProcedure
    .input(
      z.object({
        id: IdSchema,
        createUnknown: z.boolean().default(false),
        // Cases the run does not hold are added only when asked (true unless a caller says otherwise, as before).
        addCases: z.boolean().default(true),
        file: z.string().max(400).default('junit.xml'),
        body: z.custom<ReadableStream<Uint8Array>>((value) => madeBy(value, ReadableStream)),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const { run, project } = await requireRun(ctx, input.id, input.createUnknown ? 'editor' : 'tester')
      if (run.state === 'completed') {
        await input.body.cancel().catch(() => undefined)
        throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('runs.completed') })
      }
      let report: JunitReport
      try {
        report = await readJunitStream(input.body)
      } catch (error) {
        if (!madeBy(error, JunitImportError)) throw error
        const params = { ...error.params, line: error.line ?? 0 }
        const message = `${ctx.t(`junit.problem_${error.problem}`, params)}${error.line ? ` ${ctx.t('junit.atLine', { line: error.line })}` : ''}`
        throw new TRPCError({ code: error.problem === 'tooLarge' ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', message, cause: error })
      }
      // The run as it is now: it may have been completed while the file came in.
      const { run: current } = await requireRun(ctx, run.id, input.createUnknown ? 'editor' : 'tester')
      if (current.state === 'completed') throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('runs.completed') })
      const outcome = await importJunitReport(ctx.db, current, project.key, report, { file: input.file, createUnknown: input.createUnknown, addCases: input.addCases, actorId: ctx.user.id })
      if (!outcome.ok && outcome.reason === 'needsAddCases') {
        throw new TRPCError({ code: 'CONFLICT', message: ctx.t('junit.needsAddCases', { count: outcome.count }), cause: new JunitNeedsAddCases(outcome.count) })
      }
      const summary = { ...outcome.summary, warnings: outcome.summary.warnings.map((warning) => ctx.t(warning.code as MessageKey, warning.params)) }
      if (!outcome.ok) summary.warnings.push(ctx.t('junit.completedMidway', { recorded: summary.recorded }))
      return summary
    }),

  remove: protectedProcedure.input(z.object({ id: IdSchema })).mutation(async ({ ctx, input }) => {
    const { run } = await requireRun(ctx, input.id, 'owner')
    // Its files' rows go with it (foreign keys); their stored bytes once no other row names them.
    const hashes = await hashesOfRun(ctx.db, run.id)
    await deleteRun(ctx.db, run, ctx.user.id)
    await forgetUnusedFiles(ctx.db, ctx.attachments, hashes).catch((error: unknown) => console.error('Removing a run\'s attachment files failed:', error))
    // Its queued checks went with it; the ones running in this process stop now (others at their next look).
    abortRunChecks(run.id)
    return { ok: true as const }
  }),
})
