import { z } from '../zod.ts'
import type { MessageKey } from '../i18n/catalog.ts'
import type { AssignTarget } from '../domain/run-assignment.ts'
import { IdSchema } from './test-management-schemas.ts'

// The rules of giving a run's cases to a tester, used by the run page and by the tRPC procedure.

/**
 * Cases of a run given to a member (`assigneeId`, or null for nobody): exactly one of the chosen run cases, a
 * section of the run, or a folder of the project (its subfolders included).
 */
export const RunAssignSchema = z
  .object({
    id: IdSchema,
    assigneeId: IdSchema.nullable(),
    runCaseIds: z.array(IdSchema).min(1, 'validation.selectAtLeastOne' satisfies MessageKey).max(5000, 'validation.tooMany' satisfies MessageKey).optional(),
    section: z.string().trim().min(1).max(400).optional(),
    folder: z.string().trim().max(1000).optional(),
  })
  .refine((input) => [input.runCaseIds, input.section, input.folder].filter((value) => value !== undefined).length === 1, {
    message: 'validation.assignTarget' satisfies MessageKey,
    path: ['runCaseIds'],
  })

export type RunAssignInput = z.input<typeof RunAssignSchema>

/** What the assignment names, from a checked input. */
export function assignTargetOf(input: z.output<typeof RunAssignSchema>): AssignTarget {
  if (input.runCaseIds) return { runCaseIds: input.runCaseIds }
  if (input.section !== undefined) return { section: input.section }
  return { folder: input.folder ?? '' }
}

/** A case's default tester: the member a new run gives it to (null: nobody). */
export const DefaultAssigneeSchema = z.object({ caseId: IdSchema, assigneeId: IdSchema.nullable() })
