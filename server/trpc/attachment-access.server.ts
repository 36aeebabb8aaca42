import { TRPCError } from '@trpc/server'
import type { AttachmentTarget } from '../../lib/domain/attachments.ts'
import type { ProjectRole } from '../../lib/domain/test-management.ts'
import { attachmentById, resultOwner, type AttachmentRow } from '../queries/attachments.server.ts'
import type { TrpcContext } from './context.server.ts'
import { requireCase, requireRun, requireRunCase } from './project-access.server.ts'
import type { SessionUser } from '../user.server.ts'
import { madeBy } from '../../lib/made-by.ts'

// An attachment has the access rules of what it is on (docs/decisions/025-attachments.md): whoever may see the case,
// result or run sees its files; adding or removing one is a change of that item: editors for a case (as editing it),
// testers for a result or a run (as recording), never in a completed run. Someone else's item, and its files, do not
// exist (404).

type SignedIn = TrpcContext & { user: SessionUser }

/** Reading or changing a target's files. */
export type AttachmentAccess = 'read' | 'write'

function leastRole(target: AttachmentTarget, access: AttachmentAccess): ProjectRole {
  if (access === 'read') return 'viewer'
  return target.kind === 'case' ? 'editor' : 'tester'
}

export async function requireAttachmentTarget(ctx: SignedIn, target: AttachmentTarget, access: AttachmentAccess): Promise<{ projectId: string }> {
  const minimum = leastRole(target, access)
  if (target.kind === 'case') {
    const { testCase } = await requireCase(ctx, target.caseId, minimum)
    if (target.stepId && !testCase.steps.some((step) => step.id === target.stepId)) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('attachments.stepNotFound') })
    return { projectId: testCase.projectId }
  }
  const { run } =
    target.kind === 'run'
      ? await requireRun(ctx, target.runId, minimum)
      : await (async () => {
          const owner = await resultOwner(ctx.db, target.resultId)
          if (!owner) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('runs.notFound') })
          return requireRunCase(ctx, owner.runCaseId, minimum)
        })()
  if (access === 'write' && run.state === 'completed') throw new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('runs.completed') })
  return { projectId: run.projectId }
}

/** The target a stored attachment is on. */
export function targetOf(row: AttachmentRow): AttachmentTarget {
  if (row.caseId) return { kind: 'case', caseId: row.caseId, ...(row.stepId ? { stepId: row.stepId } : {}) }
  if (row.resultId !== null) return { kind: 'result', resultId: row.resultId }
  return { kind: 'run', runId: row.runId! }
}

/** An attachment with the access its item gives; NOT_FOUND for one that is gone or someone else's. */
export async function requireAttachment(ctx: SignedIn, id: string, access: AttachmentAccess): Promise<AttachmentRow> {
  const row = await attachmentById(ctx.db, id)
  const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: ctx.t('attachments.notFound') })
  if (!row) throw notFound()
  await requireAttachmentTarget(ctx, targetOf(row), access).catch((error: unknown) => {
    if (madeBy(error, TRPCError) && error.code === 'NOT_FOUND') throw notFound()
    throw error
  })
  return row
}
