import { TRPCError } from '@trpc/server'
import { roleAtLeast, type ProjectRole } from '../../lib/domain/test-management.ts'
import { membershipOf, projectById, type ProjectRow } from '../queries/projects.server.ts'
import { caseById, type CaseRow } from '../queries/test-cases.server.ts'
import { runById, runCaseById, type RunCaseRow, type RunRow } from '../queries/test-runs.server.ts'
import { suiteById, type SuiteRow } from '../queries/test-suites.server.ts'
import type { TrpcContext } from './context.server.ts'
import type { SessionUser } from '../user.server.ts'
import { madeBy } from '../../lib/made-by.ts'

// The real access check of test management: every procedure names the project (or something in it) and the least role
// it needs. A project the user is not a member of, and everything in it, does not exist for them (404, never 403,
// which would confirm that it exists); a member whose role is too low gets 403.

type SignedIn = TrpcContext & { user: SessionUser }

function notFound(ctx: TrpcContext): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: ctx.t('projects.notFound') })
}

export async function requireProject(ctx: SignedIn, projectId: string, minimum: ProjectRole): Promise<{ project: ProjectRow; role: ProjectRole }> {
  const role = await membershipOf(ctx.db, projectId, ctx.user.id)
  const project = role ? await projectById(ctx.db, projectId) : null
  if (!role || !project) throw notFound(ctx)
  if (!roleAtLeast(role, minimum)) throw new TRPCError({ code: 'FORBIDDEN', message: ctx.t('projects.roleTooLow', { role: ctx.t(`projects.role_${minimum}`) }) })
  return { project, role }
}

export async function requireCase(ctx: SignedIn, caseId: string, minimum: ProjectRole, options: { allowDeleted?: boolean } = {}) {
  const testCase = await caseById(ctx.db, caseId)
  if (!testCase || (testCase.deletedAt && !options.allowDeleted)) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('cases.notFound') })
  const access = await requireProject(ctx, testCase.projectId, minimum).catch((error: unknown) => {
    // Someone else's case is as unknown as a case that does not exist.
    if (madeBy(error, TRPCError) && error.code === 'NOT_FOUND') throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('cases.notFound') })
    throw error
  })
  return { testCase: testCase as CaseRow & { projectKey: string }, ...access }
}

export async function requireSuite(ctx: SignedIn, suiteId: string, minimum: ProjectRole): Promise<{ suite: SuiteRow; project: ProjectRow; role: ProjectRole }> {
  const suite = await suiteById(ctx.db, suiteId)
  if (!suite) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('suites.notFound') })
  const access = await requireProject(ctx, suite.projectId, minimum).catch((error: unknown) => {
    if (madeBy(error, TRPCError) && error.code === 'NOT_FOUND') throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('suites.notFound') })
    throw error
  })
  return { suite, ...access }
}

function runNotFound(ctx: TrpcContext): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: ctx.t('runs.notFound') })
}

async function runAccess(ctx: SignedIn, run: RunRow, minimum: ProjectRole) {
  const access = await requireProject(ctx, run.projectId, minimum).catch((error: unknown) => {
    if (madeBy(error, TRPCError) && error.code === 'NOT_FOUND') throw runNotFound(ctx)
    throw error
  })
  return { run, ...access }
}

export async function requireRun(ctx: SignedIn, runId: string, minimum: ProjectRole): Promise<{ run: RunRow; project: ProjectRow; role: ProjectRole }> {
  const run = await runById(ctx.db, runId)
  if (!run) throw runNotFound(ctx)
  return runAccess(ctx, run, minimum)
}

export async function requireRunCase(ctx: SignedIn, runCaseId: string, minimum: ProjectRole): Promise<{ runCase: RunCaseRow; run: RunRow; project: ProjectRow; role: ProjectRole }> {
  const found = await runCaseById(ctx.db, runCaseId)
  if (!found) throw runNotFound(ctx)
  return { runCase: found.runCase, ...(await runAccess(ctx, found.run, minimum)) }
}
