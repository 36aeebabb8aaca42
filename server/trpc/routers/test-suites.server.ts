import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { caseKey } from '../../../lib/domain/test-management.ts'
import { IdSchema, SuiteContentSchema, SuiteCreateSchema, SuiteFieldsSchema, SuiteRuleSchema } from '../../../lib/forms/test-management-schemas.ts'
import { addToSuite } from '../../queries/test-cases.server.ts'
import { runsOfSuite } from '../../queries/test-runs.server.ts'
import { casesMatchingRule, createSuite, deleteSuite, projectCaseIds, setSuiteContent, staticSuiteContent, suitesOf, updateSuite, type SuiteCase } from '../../queries/test-suites.server.ts'
import { protectedProcedure, router } from '../init.server.ts'
import { requireProject, requireSuite } from '../project-access.server.ts'
import { SUITE_SCHEDULES } from '../../../lib/domain/checks.ts'
import { findPortal } from '../../queries/portals.server.ts'
import { setSuiteSchedule } from '../../queries/check-queue.server.ts'

const withKey = (projectKey: string) => (item: SuiteCase) => ({ ...item, key: caseKey(projectKey, item.number) })

/** How many matching cases a preview lists; it counts them all. */
const PREVIEW_LIMIT = 200

export const testSuitesRouter = router({
  list: protectedProcedure.input(z.object({ projectId: IdSchema })).query(async ({ ctx, input }) => {
    const { project, role } = await requireProject(ctx, input.projectId, 'viewer')
    return { project: { id: project.id, key: project.key, name: project.name }, role, suites: await suitesOf(ctx.db, project.id) }
  }),

  /** A suite with its cases: a static suite's sections in order, or what a dynamic rule matches now. */
  byId: protectedProcedure.input(z.object({ id: IdSchema })).query(async ({ ctx, input }) => {
    const { suite, project, role } = await requireSuite(ctx, input.id, 'viewer')
    const key = withKey(project.key)
    const sections =
      suite.kind === 'static'
        ? (await staticSuiteContent(ctx.db, suite.id)).map((section) => ({ ...section, cases: section.cases.filter((item) => !item.deleted).map(key) }))
        : [{ id: null, name: '', cases: (await casesMatchingRule(ctx.db, project.id, suite.rule!)).map(key) }]
    return {
      suite: { id: suite.id, name: suite.name, description: suite.description, kind: suite.kind, rule: suite.rule, version: suite.version, updatedAt: suite.updatedAt },
      schedule: suite.schedule ? { every: suite.schedule, portalId: suite.schedulePortalId, nextAt: suite.scheduleNextAt } : null,
      project: { id: project.id, key: project.key, name: project.name },
      role,
      sections,
      // The latest runs started from the suite (a run without cases counts as 0 %).
      runs: (await runsOfSuite(ctx.db, suite.id)).map((run) => ({ ...run, passRate: run.passRate ?? 0 })),
    }
  }),

  /** What a rule matches now, for the rule builder's live preview: how many, and the first of them in key order. */
  preview: protectedProcedure.input(z.object({ projectId: IdSchema, rule: SuiteRuleSchema })).query(async ({ ctx, input }) => {
    const { project } = await requireProject(ctx, input.projectId, 'viewer')
    const matches = await casesMatchingRule(ctx.db, project.id, input.rule)
    return {
      total: matches.length,
      cases: matches.slice(0, PREVIEW_LIMIT).map((item) => ({ id: item.id, key: caseKey(project.key, item.number), title: item.title, priority: item.priority })),
    }
  }),

  create: protectedProcedure.input(SuiteCreateSchema).mutation(async ({ ctx, input }) => {
    const { project } = await requireProject(ctx, input.projectId, 'editor')
    return { id: await createSuite(ctx.db, project.id, input.suite, ctx.user.id) }
  }),

  update: protectedProcedure.input(z.object({ id: IdSchema, expectedVersion: z.number().int().min(1), suite: SuiteFieldsSchema })).mutation(async ({ ctx, input }) => {
    const { suite } = await requireSuite(ctx, input.id, 'editor')
    if (!(await updateSuite(ctx.db, suite, input.expectedVersion, input.suite, ctx.user.id))) throw new TRPCError({ code: 'CONFLICT', message: ctx.t('suites.conflict') })
    return { version: input.expectedVersion + 1 }
  }),

  /** A static suite's sections and the order of its cases, as the editor left them. */
  setContent: protectedProcedure.input(SuiteContentSchema).mutation(async ({ ctx, input }) => {
    const { suite, project } = await requireSuite(ctx, input.suiteId, 'editor')
    if (suite.kind !== 'static') throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('suites.notStatic') })
    const known = await projectCaseIds(ctx.db, project.id, input.sections.flatMap((section) => section.caseIds))
    if (!(await setSuiteContent(ctx.db, suite, input.expectedVersion, input.sections, known, ctx.user.id))) throw new TRPCError({ code: 'CONFLICT', message: ctx.t('suites.conflict') })
    return { version: input.expectedVersion + 1 }
  }),

  /** Adds cases (found by search) to the end of a static suite. */
  addCases: protectedProcedure.input(z.object({ id: IdSchema, caseIds: z.array(IdSchema).min(1).max(1000) })).mutation(async ({ ctx, input }) => {
    const { suite, project } = await requireSuite(ctx, input.id, 'editor')
    if (suite.kind !== 'static') throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('suites.notStatic') })
    return { ok: true as const, added: await addToSuite(ctx.db, project.id, suite.id, input.caseIds, ctx.user.id, new Date()) }
  }),

  /** Sets or clears the schedule of a suite's automated cases: a run starts by itself daily or weekly (editors). */
  setSchedule: protectedProcedure
    .input(z.object({ id: IdSchema, schedule: z.object({ every: z.enum(SUITE_SCHEDULES), portalId: z.string().trim().min(1).max(80).nullable(), firstAt: z.date() }).nullable() }))
    .mutation(async ({ ctx, input }) => {
      const { suite } = await requireSuite(ctx, input.id, 'editor')
      if (input.schedule?.portalId && !(await findPortal(ctx.db, input.schedule.portalId))) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('cases.checkPortalUnknown') })
      }
      await setSuiteSchedule(ctx.db, suite.id, input.schedule, ctx.user.id)
      return { schedule: input.schedule }
    }),

  remove: protectedProcedure.input(z.object({ id: IdSchema })).mutation(async ({ ctx, input }) => {
    const { suite } = await requireSuite(ctx, input.id, 'editor')
    await deleteSuite(ctx.db, suite, ctx.user.id)
    return { ok: true as const }
  }),
})
