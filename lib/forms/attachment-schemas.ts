import { z } from '../zod.ts'
import type { AttachmentTarget } from '../domain/attachments.ts'

// What an attachment is attached to, checked where it enters: the API's input and the upload route's query. Apart from
// lib/domain/attachments.ts, which the pages import, so zod stays out of their first JavaScript (decision 021).

export const AttachmentTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('case'), caseId: z.string().min(1).max(64), stepId: z.string().min(1).max(64).optional() }),
  z.object({ kind: z.literal('result'), resultId: z.coerce.number().int().positive() }),
  z.object({ kind: z.literal('run'), runId: z.string().min(1).max(64) }),
]) satisfies z.ZodType<AttachmentTarget, unknown>

/** The target a query string names (the upload route), or null. */
export function targetFromQuery(query: (name: string) => string | undefined): AttachmentTarget | null {
  const caseId = query('caseId')
  const resultId = query('resultId')
  const runId = query('runId')
  const named = [caseId, resultId, runId].filter((value) => value !== undefined)
  if (named.length !== 1) return null
  const parsed = AttachmentTargetSchema.safeParse(
    caseId !== undefined ? { kind: 'case', caseId, stepId: query('stepId') } : resultId !== undefined ? { kind: 'result', resultId } : { kind: 'run', runId },
  )
  return parsed.success ? parsed.data : null
}
