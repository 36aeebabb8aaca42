import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { CustomFieldSchema, IdSchema, MemberAddSchema, ProjectCreateSchema, ProjectRoleSchema, ProjectUpdateSchema, SharedStepSchema } from '../../../lib/forms/test-management-schemas.ts'
import { findUserByEmail } from '../../queries/accounts.server.ts'
import { projectDebug, projectExport } from '../../queries/project-debug.server.ts'
import {
  addMember,
  auditLog,
  caseCounts,
  changeMemberRole,
  createCustomField,
  createProject,
  customFieldsOf,
  deleteCustomField,
  deleteProject,
  existingPortalIds,
  isProjectKeyTaken,
  lastActivity,
  membersOf,
  projectPortalsOf,
  projectsOf,
  removeMember,
  setProjectPortals,
  updateCustomField,
  updateProject,
} from '../../queries/projects.server.ts'
import { createSharedStep, deleteSharedStep, sharedStepById, sharedStepsOf, updateSharedStep } from '../../queries/shared-steps.server.ts'
import { runsOf } from '../../queries/test-runs.server.ts'
import { suitesOf } from '../../queries/test-suites.server.ts'
import { fieldError } from '../field-error.server.ts'
import { protectedProcedure, router } from '../init.server.ts'
import { requireProject } from '../project-access.server.ts'
import { forgetUnusedFiles } from '../../attachments/forget.server.ts'
import { hashesOfProject } from '../../queries/attachments.server.ts'

const ProjectInput = z.object({ projectId: IdSchema })
/** How many of the latest runs the dashboard shows. */
const DASHBOARD_RUNS = 5

export const projectsRouter = router({
  /** The user's projects with their role, counts and last activity. */
  list: protectedProcedure.query(async ({ ctx }) =>
    (await projectsOf(ctx.db, ctx.user.id)).map((row) => ({ ...row, lastActivityAt: row.lastActivityAt === null ? null : new Date(row.lastActivityAt) })),
  ),

  create: protectedProcedure.input(ProjectCreateSchema).mutation(async ({ ctx, input }) => {
    const portalIds = await existingPortalIds(ctx.db, input.portalIds)
    try {
      const id = await createProject(ctx.db, { ...input, portalIds }, ctx.user.id)
      return { id, key: input.key }
    } catch (error) {
      if (isProjectKeyTaken(error)) throw fieldError('CONFLICT', 'key', ctx.t('projects.keyTaken'))
      throw error
    }
  }),

  /** A project's dashboard: the project, the user's role, cases by priority and state, suites, portals, activity. */
  byId: protectedProcedure.input(ProjectInput).query(async ({ ctx, input }) => {
    const { project, role } = await requireProject(ctx, input.projectId, 'viewer')
    const [counts, suites, portals, members, activity, last, runs] = await Promise.all([
      caseCounts(ctx.db, project.id),
      suitesOf(ctx.db, project.id),
      projectPortalsOf(ctx.db, project.id),
      membersOf(ctx.db, project.id),
      auditLog(ctx.db, project.id, { limit: 12 }),
      lastActivity(ctx.db, project.id),
      runsOf(ctx.db, project.id, DASHBOARD_RUNS),
    ])
    return {
      project: { id: project.id, key: project.key, name: project.name, description: project.description, createdAt: project.createdAt, lastActivityAt: last },
      role,
      cases: counts,
      suites: suites.map((suite) => ({ id: suite.id, name: suite.name, kind: suite.kind, cases: suite.cases })),
      portals,
      memberCount: members.length,
      activity,
      // The latest runs with their figures (the run list has them all).
      runs: runs.map(({ id, name, state, createdAt, counts, total, passRate }) => ({ id, name, state, createdAt, counts, total, passRate })),
    }
  }),

  update: protectedProcedure.input(ProjectUpdateSchema).mutation(async ({ ctx, input }) => {
    const { project } = await requireProject(ctx, input.projectId, 'owner')
    const { projectId: _projectId, ...changes } = input
    try {
      await updateProject(ctx.db, project.id, changes, ctx.user.id)
    } catch (error) {
      if (isProjectKeyTaken(error)) throw fieldError('CONFLICT', 'key', ctx.t('projects.keyTaken'))
      throw error
    }
    return { ok: true as const }
  }),

  remove: protectedProcedure.input(ProjectInput).mutation(async ({ ctx, input }) => {
    const { project } = await requireProject(ctx, input.projectId, 'owner')
    // Its files' rows go with it (foreign keys); their stored bytes once no other row names them.
    const hashes = await hashesOfProject(ctx.db, project.id)
    await deleteProject(ctx.db, project.id)
    await forgetUnusedFiles(ctx.db, ctx.attachments, hashes).catch((error: unknown) => console.error('Removing a project\'s attachment files failed:', error))
    return { ok: true as const }
  }),

  setPortals: protectedProcedure.input(ProjectInput.extend({ portalIds: z.array(z.string().min(1).max(80)).max(50) })).mutation(async ({ ctx, input }) => {
    const { project } = await requireProject(ctx, input.projectId, 'owner')
    await setProjectPortals(ctx.db, project.id, await existingPortalIds(ctx.db, input.portalIds), ctx.user.id)
    return { ok: true as const }
  }),

  members: router({
    list: protectedProcedure.input(ProjectInput).query(async ({ ctx, input }) => {
      await requireProject(ctx, input.projectId, 'viewer')
      return membersOf(ctx.db, input.projectId)
    }),
    /** Owners add existing accounts by e-mail. */
    add: protectedProcedure.input(MemberAddSchema).mutation(async ({ ctx, input }) => {
      const { project } = await requireProject(ctx, input.projectId, 'owner')
      const user = await findUserByEmail(ctx.db, input.email)
      if (!user) throw fieldError('BAD_REQUEST', 'email', ctx.t('projects.noSuchUser'))
      try {
        await addMember(ctx.db, project.id, user.id, input.role, ctx.user.id, { name: user.name, email: user.email })
      } catch (error) {
        if (String((error as { message?: unknown }).message).includes('UNIQUE') || String((error as { cause?: { message?: unknown } }).cause?.message).includes('UNIQUE')) {
          throw fieldError('CONFLICT', 'email', ctx.t('projects.alreadyMember'))
        }
        throw error
      }
      return { userId: user.id }
    }),
    setRole: protectedProcedure.input(ProjectInput.extend({ userId: IdSchema, role: ProjectRoleSchema })).mutation(async ({ ctx, input }) => {
      const { project } = await requireProject(ctx, input.projectId, 'owner')
      const member = (await membersOf(ctx.db, project.id)).find((row) => row.userId === input.userId)
      if (!member) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('projects.notFound') })
      if (!(await changeMemberRole(ctx.db, project.id, input.userId, input.role, ctx.user.id, { name: member.name, from: member.role }))) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('projects.lastOwner') })
      }
      return { ok: true as const }
    }),
    /** Owners remove anyone; anyone may leave. The last owner can do neither. */
    remove: protectedProcedure.input(ProjectInput.extend({ userId: IdSchema })).mutation(async ({ ctx, input }) => {
      const { project } = await requireProject(ctx, input.projectId, input.userId === ctx.user.id ? 'viewer' : 'owner')
      const member = (await membersOf(ctx.db, project.id)).find((row) => row.userId === input.userId)
      if (!member) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('projects.notFound') })
      if (!(await removeMember(ctx.db, project.id, input.userId, ctx.user.id, { name: member.name, role: member.role, left: input.userId === ctx.user.id }))) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('projects.lastOwner') })
      }
      return { ok: true as const }
    }),
  }),

  fields: router({
    list: protectedProcedure.input(ProjectInput).query(async ({ ctx, input }) => {
      await requireProject(ctx, input.projectId, 'viewer')
      return (await customFieldsOf(ctx.db, input.projectId)).map(({ id, label, type, options, required, position }) => ({ id, label, type, options, required, position }))
    }),
    create: protectedProcedure.input(ProjectInput.extend({ field: CustomFieldSchema })).mutation(async ({ ctx, input }) => {
      const { project } = await requireProject(ctx, input.projectId, 'owner')
      return { id: await createCustomField(ctx.db, project.id, input.field, ctx.user.id) }
    }),
    update: protectedProcedure
      .input(ProjectInput.extend({ fieldId: IdSchema, label: z.string().trim().min(1, 'validation.required').max(60, 'validation.maxLength'), options: z.array(z.string().trim().min(1).max(80)).max(50), required: z.boolean() }))
      .mutation(async ({ ctx, input }) => {
        const { project } = await requireProject(ctx, input.projectId, 'owner')
        if (!(await updateCustomField(ctx.db, project.id, input.fieldId, { label: input.label, options: input.options, required: input.required }, ctx.user.id))) {
          throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('projects.fieldNotFound') })
        }
        return { ok: true as const }
      }),
    remove: protectedProcedure.input(ProjectInput.extend({ fieldId: IdSchema })).mutation(async ({ ctx, input }) => {
      const { project } = await requireProject(ctx, input.projectId, 'owner')
      if (!(await deleteCustomField(ctx.db, project.id, input.fieldId, ctx.user.id))) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('projects.fieldNotFound') })
      return { ok: true as const }
    }),
  }),

  sharedSteps: router({
    list: protectedProcedure.input(ProjectInput).query(async ({ ctx, input }) => {
      await requireProject(ctx, input.projectId, 'viewer')
      return sharedStepsOf(ctx.db, input.projectId)
    }),
    create: protectedProcedure.input(ProjectInput.extend({ step: SharedStepSchema })).mutation(async ({ ctx, input }) => {
      const { project } = await requireProject(ctx, input.projectId, 'editor')
      return { id: await createSharedStep(ctx.db, project.id, input.step, ctx.user.id) }
    }),
    /** Every case that uses the steps gets a new version saying so. */
    update: protectedProcedure
      .input(z.object({ sharedStepId: IdSchema, expectedVersion: z.number().int().min(1), step: SharedStepSchema }))
      .mutation(async ({ ctx, input }) => {
        const step = await sharedStepById(ctx.db, input.sharedStepId)
        if (!step) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('projects.sharedStepNotFound') })
        await requireProject(ctx, step.projectId, 'editor')
        if (!(await updateSharedStep(ctx.db, step, input.expectedVersion, input.step, ctx.user.id))) {
          throw new TRPCError({ code: 'CONFLICT', message: ctx.t('projects.sharedStepConflict') })
        }
        return { version: input.expectedVersion + 1 }
      }),
    remove: protectedProcedure.input(z.object({ sharedStepId: IdSchema })).mutation(async ({ ctx, input }) => {
      const step = await sharedStepById(ctx.db, input.sharedStepId)
      if (!step) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('projects.sharedStepNotFound') })
      await requireProject(ctx, step.projectId, 'editor')
      if (!(await deleteSharedStep(ctx.db, step, ctx.user.id))) {
        const usedBy = (await sharedStepsOf(ctx.db, step.projectId)).find((row) => row.id === step.id)?.usedBy ?? 0
        throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('projects.sharedStepInUse', { count: usedBy }) })
      }
      return { ok: true as const }
    }),
  }),

  /** Owners: counts, integrity checks and the audit log, paged by `before` (an event id). */
  debug: protectedProcedure.input(ProjectInput.extend({ before: z.number().int().positive().optional(), limit: z.number().int().min(1).max(200).default(50) })).query(async ({ ctx, input }) => {
    const { project } = await requireProject(ctx, input.projectId, 'owner')
    const [debug, audit] = await Promise.all([projectDebug(ctx.db, project), auditLog(ctx.db, project.id, { before: input.before, limit: input.limit })])
    return { ...debug, audit }
  }),

  /** Owners: everything in the project as one JSON document. */
  export: protectedProcedure.input(ProjectInput).query(async ({ ctx, input }) => {
    const { project } = await requireProject(ctx, input.projectId, 'owner')
    return projectExport(ctx.db, project)
  }),
})
