import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { caseKey, CASE_STATES, CASE_TYPES, PRIORITIES, TARGET_KINDS } from '../../../lib/domain/test-management.ts'
import { CSV_IMPORT_MAX_CHARS } from '../../../lib/domain/test-case-csv.ts'
import { BulkSchema, IdSchema, TestCaseCreateSchema, TestCaseUpdateSchema, type TestCaseFields } from '../../../lib/forms/test-management-schemas.ts'
import { findUserById } from '../../queries/accounts.server.ts'
import { MAPPED_FIELDS } from '../../../lib/domain/case-import/imported-case.ts'
import { applyCaseImport, exportCasesCsv, IMPORT_MAX_NEW_FIELDS, previewCaseImport } from '../../queries/case-csv.server.ts'
import { caseContext, checkCaseFields, datasetResourceTargets, snapshotTargets } from '../../queries/case-fields.server.ts'
import { membersOf, projectPortalsOf } from '../../queries/projects.server.ts'
import { setDefaultAssignee } from '../../queries/run-assignments.server.ts'
import { DefaultAssigneeSchema } from '../../../lib/forms/run-assignment-schemas.ts'
import {
  addToSuite,
  bulkChange,
  createCase,
  folderCounts,
  listCases,
  restoreDeleted,
  sameTitle,
  tagCounts,
  updateCase,
} from '../../queries/test-cases.server.ts'
import { caseDto } from '../../queries/case-dto.server.ts'
import { sharedStepsOf, sharedStepTexts } from '../../queries/shared-steps.server.ts'
import { caseHistory } from '../../queries/case-versions.server.ts'
import { caseOutcomeStrip, caseResultsFilterOptions, caseResultsPage } from '../../queries/case-results.server.ts'
import { CASE_RESULTS_MAX_PAGE, CASE_RESULTS_PAGE_SIZE } from '../../../lib/domain/case-results.ts'
import { RESULT_STATUSES } from '../../../lib/domain/test-runs.ts'
import { suiteById } from '../../queries/test-suites.server.ts'
import { findPortal } from '../../queries/portals.server.ts'
import { runCheck } from '../../checks/run-check.server.ts'
import { createRateLimiter } from '../../rate-limit.server.ts'
import { QUOTAS, takeQuota } from '../quotas.server.ts'
import { WorkQueueFull } from '../../work-queue.server.ts'
import { madeBy } from '../../../lib/made-by.ts'
import { CheckTrySchema } from '../../../lib/forms/check-schemas.ts'
import type { TrpcContext } from '../context.server.ts'
import { FieldError } from '../field-error.server.ts'
import { protectedProcedure, router } from '../init.server.ts'
import { requireCase, requireProject } from '../project-access.server.ts'

const ProjectInput = z.object({ projectId: IdSchema })
/** A file to import and the user's choices for it: other tools' values mapped to ours, columns kept as new fields. */
const ImportInput = ProjectInput.extend({
  csv: z.string().max(CSV_IMPORT_MAX_CHARS),
  mapping: z
    .array(z.object({ field: z.enum(MAPPED_FIELDS), value: z.string().max(200), to: z.string().max(20) }))
    .max(1000)
    .default([]),
  newFields: z.array(z.string().max(200)).max(IMPORT_MAX_NEW_FIELDS).default([]),
})

const FiltersSchema = z.object({
  q: z.string().trim().max(200).optional(),
  priorities: z.array(z.enum(PRIORITIES)).max(4).optional(),
  types: z.array(z.enum(CASE_TYPES)).max(2).optional(),
  states: z.array(z.enum(CASE_STATES)).max(3).optional(),
  tags: z.array(z.string().trim().min(1).max(40)).max(10).optional(),
  folder: z.string().max(1000).nullable().optional(),
  /** Only cases at the project's top level (in no folder). */
  noFolder: z.boolean().optional(),
  targetKind: z.enum(TARGET_KINDS).nullable().optional(),
  targetId: z.string().max(400).nullable().optional(),
})

/** Field problems as one BAD_REQUEST the form shows under each field, in the user's language. */
function fieldIssues(ctx: TrpcContext, issues: Record<string, string>): TRPCError {
  const messages = Object.fromEntries(Object.entries(issues).map(([path, key]) => [path, ctx.t(key as Parameters<typeof ctx.t>[0])]))
  const [[field, message]] = Object.entries(messages) as [[string, string]]
  return new TRPCError({ code: 'BAD_REQUEST', message, cause: new FieldError(field, message, messages) })
}

async function checkedFields(ctx: TrpcContext, projectId: string, fields: TestCaseFields) {
  const { fields: checked, issues } = await checkCaseFields(ctx.db, projectId, fields, await caseContext(ctx.db, projectId))
  if (Object.keys(issues).length > 0) throw fieldIssues(ctx, issues)
  return checked
}

const tryLimiter = createRateLimiter({ limit: 20, windowMs: 60_000 })

export const testCasesRouter = router({
  /** A page of the project's cases, with the folder tree and the tags in use. */
  list: protectedProcedure
    .input(
      ProjectInput.extend({
        filters: FiltersSchema.default({}),
        sort: z.enum(['key', 'title', 'priority', 'updated']).default('key'),
        page: z.number().int().min(1).max(10_000).default(1),
        pageSize: z.number().int().min(1).max(200).default(50),
      }),
    )
    .query(async ({ ctx, input }) => {
      const { project, role } = await requireProject(ctx, input.projectId, 'viewer')
      const [{ items, total }, folders, tags] = await Promise.all([
        listCases(ctx.db, project.id, input.filters, { sort: input.sort, page: input.page, pageSize: input.pageSize }),
        folderCounts(ctx.db, project.id),
        tagCounts(ctx.db, project.id),
      ])
      return {
        project: { id: project.id, key: project.key, name: project.name },
        role,
        items: items.map((item) => ({ ...item, key: caseKey(project.key, item.number) })),
        total,
        page: input.page,
        pageSize: input.pageSize,
        folders,
        tags,
      }
    }),

  /** One case with the project's fields and shared steps its editors need. */
  byId: protectedProcedure.input(z.object({ id: IdSchema })).query(async ({ ctx, input }) => {
    const { testCase, project, role } = await requireCase(ctx, input.id, 'viewer', { allowDeleted: true })
    const [context, shared, updatedBy] = await Promise.all([
      caseContext(ctx.db, project.id),
      sharedStepsOf(ctx.db, project.id),
      testCase.updatedBy ? findUserById(ctx.db, testCase.updatedBy) : null,
    ])
    return {
      case: caseDto(testCase, project.key),
      defaultAssigneeId: testCase.defaultAssigneeId,
      updatedBy: updatedBy?.name ?? null,
      project: { id: project.id, key: project.key, name: project.name },
      role,
      customFields: context.fields,
      sharedSteps: shared.map(({ id, title, steps, version }) => ({ id, title, steps, version })),
    }
  }),

  /**
   * The case's results in every run, newest first, a page at a time (a case may have thousands), filtered by status,
   * run and build; with its outcome in each of its 30 newest runs and the runs and builds the filters offer.
   */
  results: protectedProcedure
    .input(
      z.object({
        id: IdSchema,
        status: z.enum(RESULT_STATUSES).nullable().default(null),
        runId: IdSchema.nullable().default(null),
        build: z.string().trim().min(1).max(200).nullable().default(null),
        page: z.number().int().min(1).max(CASE_RESULTS_MAX_PAGE).default(1),
      }),
    )
    .query(async ({ ctx, input }) => {
      const { testCase } = await requireCase(ctx, input.id, 'viewer', { allowDeleted: true })
      const [page, strip, options] = await Promise.all([caseResultsPage(ctx.db, testCase.id, input), caseOutcomeStrip(ctx.db, testCase.id), caseResultsFilterOptions(ctx.db, testCase.id)])
      return {
        ...page,
        page: input.page,
        pageSize: CASE_RESULTS_PAGE_SIZE,
        // The page shows where evidence is, the run's own view shows it: a page of results stays small.
        results: page.results.map(({ evidence, ...result }) => ({ ...result, evidence: evidence !== null })),
        strip,
        options,
      }
    }),

  /** Every version, newest first, with who saved it and how; shared steps as they read at each version. */
  history: protectedProcedure.input(z.object({ id: IdSchema })).query(async ({ ctx, input }) => {
    const { testCase } = await requireCase(ctx, input.id, 'viewer', { allowDeleted: true })
    const versions = await caseHistory(ctx.db, testCase.id)
    const refs = versions.flatMap((version) => Object.entries(version.snapshot.sharedSteps ?? {}).map(([id, number]) => ({ id, version: number })))
    const texts = await sharedStepTexts(ctx.db, refs)
    return versions.map((version) => ({
      ...version,
      sharedSteps: Object.fromEntries(Object.entries(version.snapshot.sharedSteps ?? {}).map(([id, number]) => [id, texts.get(`${id}@${number}`) ?? null])),
    }))
  }),

  /** Sets the member new runs give the case to (null: nobody); editors, as for the case's other fields. */
  setDefaultAssignee: protectedProcedure.input(DefaultAssigneeSchema).mutation(async ({ ctx, input }) => {
    const { testCase, project } = await requireCase(ctx, input.caseId, 'editor')
    if (input.assigneeId && !(await membersOf(ctx.db, project.id)).some((member) => member.userId === input.assigneeId)) {
      const message = ctx.t('runs.assigneeNotMember')
      throw new TRPCError({ code: 'BAD_REQUEST', message, cause: new FieldError('assigneeId', message) })
    }
    await setDefaultAssignee(ctx.db, testCase, input.assigneeId, ctx.user.id)
    return { assigneeId: input.assigneeId }
  }),

  create: protectedProcedure.input(TestCaseCreateSchema).mutation(async ({ ctx, input }) => {
    const { project } = await requireProject(ctx, input.projectId, 'editor')
    const { projectId: _projectId, ...fields } = input
    const { id, number } = await createCase(ctx.db, project.id, await checkedFields(ctx, project.id, fields), ctx.user.id)
    return { id, key: caseKey(project.key, number), version: 1 }
  }),

  /**
   * Saves over `expectedVersion`. If someone saved meanwhile, nothing is written and the answer is CONFLICT naming
   * them: the editor keeps what was typed and shows both versions.
   */
  update: protectedProcedure.input(TestCaseUpdateSchema).mutation(async ({ ctx, input }) => {
    const { testCase, project } = await requireCase(ctx, input.id, 'editor')
    const { id: _id, expectedVersion, ...fields } = input
    const checked = await checkedFields(ctx, project.id, fields)
    const outcome = await updateCase(ctx.db, testCase, expectedVersion, checked, ctx.user.id)
    if (!outcome.ok) {
      const latest = await requireCase(ctx, input.id, 'viewer', { allowDeleted: true })
      const by = latest.testCase.updatedBy ? await findUserById(ctx.db, latest.testCase.updatedBy) : null
      throw new TRPCError({ code: 'CONFLICT', message: ctx.t('cases.conflict', { name: by?.name ?? '?', version: latest.testCase.version }) })
    }
    return { version: outcome.version }
  }),

  /** One change to many cases in one transaction; a deletion answers the id that undoes it. */
  bulk: protectedProcedure.input(BulkSchema).mutation(async ({ ctx, input }) => {
    const { project } = await requireProject(ctx, input.projectId, 'editor')
    if (input.action.kind === 'addToSuite') {
      const suite = await suiteById(ctx.db, input.action.suiteId)
      if (!suite || suite.projectId !== project.id) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('suites.notFound') })
      if (suite.kind !== 'static') throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('cases.suiteNotStatic') })
      return { changed: await addToSuite(ctx.db, project.id, suite.id, input.caseIds, ctx.user.id, new Date()), undo: null }
    }
    const { saveId, changed } = await bulkChange(ctx.db, project.id, input.caseIds, input.action, ctx.user.id)
    return { changed, undo: input.action.kind === 'delete' ? saveId : null }
  }),

  /** Brings back the cases a bulk deletion removed. */
  restore: protectedProcedure.input(ProjectInput.extend({ undo: IdSchema })).mutation(async ({ ctx, input }) => {
    const { project } = await requireProject(ctx, input.projectId, 'editor')
    return { restored: await restoreDeleted(ctx.db, project.id, input.undo, ctx.user.id) }
  }),

  /** Cases of the project with the same title (a warning in the editors). */
  sameTitle: protectedProcedure.input(ProjectInput.extend({ title: z.string().max(200), excludeId: IdSchema.nullable().default(null) })).query(async ({ ctx, input }) => {
    const { project } = await requireProject(ctx, input.projectId, 'viewer')
    return (await sameTitle(ctx.db, project.id, input.title, input.excludeId)).map((row) => ({ ...row, key: caseKey(project.key, row.number) }))
  }),

  /**
   * What a case can be about, found in the harvested catalogue: the project's portals (or all), datasets by words, and
   * a dataset's resources.
   */
  targets: protectedProcedure
    .input(ProjectInput.extend({ kind: z.enum(TARGET_KINDS), q: z.string().trim().max(200).default(''), datasetId: z.string().max(400).optional() }))
    .query(async ({ ctx, input }) => {
      const { project } = await requireProject(ctx, input.projectId, 'viewer')
      const portals = await projectPortalsOf(ctx.db, project.id)
      if (input.kind === 'resource') {
        if (!input.datasetId) return []
        return datasetResourceTargets(ctx.db, input.datasetId)
      }
      return snapshotTargets(ctx.db, input.kind, input.q, portals.map((portal) => portal.id))
    }),

  /**
   * "Try it now": runs a check once against its portal (or the one given) and answers its evidence, recording nothing.
   * Editors and up (who can save the check); a few tries a minute per person, since each calls another server.
   */
  tryCheck: protectedProcedure.input(CheckTrySchema).mutation(async ({ ctx, input }) => {
    await requireProject(ctx, input.projectId, 'editor')
    const decision = tryLimiter.take(ctx.user.id)
    if (!decision.allowed) {
      ctx.resHeaders.set('Retry-After', String(decision.retryAfterSeconds))
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: ctx.t('cases.checkTryLimit', { seconds: decision.retryAfterSeconds }) })
    }
    // A try is an automated check like a queued one (a check may cover hundreds of resources): the same hourly quota.
    await takeQuota(ctx, QUOTAS.automatedChecks, { message: 'runs.checkQuota' })
    const portalId = input.check.portal || input.portalId
    const portal = portalId ? await findPortal(ctx.db, portalId) : null
    if (portalId && !portal) throw fieldIssues(ctx, { 'check.portal': 'cases.checkPortalUnknown' })
    return runCheck(input.check, { portal: portal ? { id: portal.id, apiBase: portal.apiBase, isDemo: portal.isDemo } : null })
  }),

  /** The cases (all, or those given) as CSV, a row per step. */
  exportCsv: protectedProcedure
    .input(ProjectInput.extend({ caseIds: z.array(IdSchema).max(10_000).optional(), separator: z.enum([',', ';']).default(',') }))
    .query(async ({ ctx, input }) => {
      const { project } = await requireProject(ctx, input.projectId, 'viewer')
      const csv = await exportCasesCsv(ctx.db, project, { caseIds: input.caseIds, separator: input.separator })
      return { filename: `${project.key}-test-cases.csv`, csv }
    }),

  /**
   * What an import of this file (our CSV, or another tool's export: docs/test-case-csv.md) would do, row by row, without
   * writing anything; with the other tools' values it maps and the columns that match no field, for the user to choose.
   */
  importPreview: protectedProcedure.input(ImportInput).mutation(async ({ ctx, input }) => {
    const { project } = await requireProject(ctx, input.projectId, input.newFields.length > 0 ? 'owner' : 'editor')
    const { rows, fileErrors, summary } = await queued(ctx, () => previewCaseImport(ctx.db, project, input.csv, input))
    return { rows: rows.map((row) => ({ ...row, reasons: row.reasons.map((note) => translateNote(ctx, note)) })), fileErrors: fileErrors.map((note) => translateNote(ctx, note)), summary }
  }),

  /** Applies a previewed import in one transaction; CONFLICT when a case it updates changed since the preview. */
  import: protectedProcedure
    .input(ImportInput.extend({ expectedVersions: z.record(IdSchema, z.number().int().min(1)).default({}) }))
    .mutation(async ({ ctx, input }) => {
      // Only an owner adds custom fields (projects.fields.create), here as anywhere.
      const { project } = await requireProject(ctx, input.projectId, input.newFields.length > 0 ? 'owner' : 'editor')
      const outcome = await queued(ctx, () => applyCaseImport(ctx.db, project, input.csv, input.expectedVersions, ctx.user.id, input))
      if (!outcome.ok && outcome.reason === 'changed') throw new TRPCError({ code: 'CONFLICT', message: ctx.t('cases.importChanged') })
      if (!outcome.ok) throw new TRPCError({ code: 'BAD_REQUEST', message: outcome.fileErrors.map((note) => translateNote(ctx, note)).join(' ') })
      return { created: outcome.created, updated: outcome.updated, refused: outcome.refused, rows: outcome.rows.map((row) => ({ ...row, reasons: row.reasons.map((note) => translateNote(ctx, note)) })) }
    }),
})

/** An import whose queue is full (server/queries/case-csv.server.ts) answers 503 with Retry-After, as a busy database does. */
async function queued<T>(ctx: TrpcContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!madeBy(error, WorkQueueFull)) throw error
    ctx.resHeaders.set('Retry-After', '60')
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: ctx.t('cases.importQueueFull'), cause: error })
  }
}

function translateNote(ctx: TrpcContext, note: { code: string; params?: Record<string, string | number> }): string {
  const params = { ...note.params }
  // A field issue carries a validation message key; the field path is shown as the column it came from.
  if (note.code === 'cases.csvFieldIssue' && typeof params.issue === 'string' && /^[a-z]+\.[A-Za-z0-9]+$/.test(params.issue)) {
    params.issue = ctx.t(params.issue as Parameters<typeof ctx.t>[0], { max: params.max ?? 0, min: params.min ?? 0 })
  }
  return ctx.t(note.code as Parameters<typeof ctx.t>[0], params)
}
