import { z } from '../zod.ts'
import type { MessageKey } from '../i18n/catalog.ts'
import { RESULT_STATUSES, RUN_STATES, STEP_STATUSES } from '../domain/test-runs.ts'
import { IdSchema } from './test-management-schemas.ts'
import { rules } from './validation.ts'

// The rules of the test-run forms (start a run, edit it, record a result), used by the forms in the browser and by
// the tRPC procedures on the server.

const tooMany = 'validation.tooMany' satisfies MessageKey
const optionalText = (max: number) => z.string().max(max, 'validation.maxLength' satisfies MessageKey).default('')
const ciText = rules.optionalLine(200).nullable()
const ciField = ciText.default(null)

export const RunFieldsSchema = z.object({
  name: rules.line(200),
  assignees: z.array(IdSchema).max(100, tooMany).default([]),
  environment: optionalText(2000),
  build: ciField,
  commit: ciField,
  portalId: z.string().trim().min(1).max(80).nullable().default(null),
})

/** Where a run's cases come from: a suite (its sections in order, or its rule resolved now) or a list of cases. */
export const RunSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('suite'), suiteId: IdSchema }),
  z.object({ kind: z.literal('selection'), caseIds: z.array(IdSchema).min(1, 'validation.selectAtLeastOne' satisfies MessageKey).max(5000, tooMany) }),
])

export const RunCreateSchema = z.object({ projectId: IdSchema, run: RunFieldsSchema, source: RunSourceSchema })

/**
 * A change of a run's fields and state over the version the editor saw; fields left out keep their value (so no
 * defaults here: a default would overwrite what the change does not mention).
 */
export const RunUpdateSchema = z.object({
  id: IdSchema,
  expectedVersion: z.number().int().min(1),
  run: z.object({
    name: rules.line(200).optional(),
    assignees: z.array(IdSchema).max(100, tooMany).optional(),
    environment: z.string().max(2000, 'validation.maxLength' satisfies MessageKey).optional(),
    build: ciText.optional(),
    commit: ciText.optional(),
    portalId: z.string().trim().min(1).max(80).nullable().optional(),
    state: z.enum(RUN_STATES).optional(),
  }),
})

export const StepResultSchema = z.object({
  stepId: z.string().min(1).max(40),
  status: z.enum(STEP_STATUSES),
  actual: optionalText(5000),
})

/**
 * A result for one case of a run. `expectedLatestResultId` is the latest result the tester saw (null: none); when
 * another was recorded since, the server answers CONFLICT with it unless `force` is set.
 */
export const ResultRecordSchema = z.object({
  runCaseId: IdSchema,
  expectedLatestResultId: z.number().int().min(1).nullable(),
  force: z.boolean().default(false),
  result: z.object({
    status: z.enum(RESULT_STATUSES),
    steps: z.array(StepResultSchema).max(200, tooMany).default([]),
    comment: optionalText(20_000),
    elapsedSeconds: z.number().int().min(0).max(7 * 24 * 3600).nullable().default(null),
    /** Milliseconds; wins over `elapsedSeconds` when both are given. */
    elapsedMs: z.number().int().min(0).max(7 * 24 * 3600 * 1000).nullable().default(null),
    defects: z.array(z.string().trim().min(1).max(200, 'validation.maxLength' satisfies MessageKey)).max(30, tooMany).default([]),
    retest: z.boolean().default(false),
  }),
})
export type ResultInput = z.output<typeof ResultRecordSchema>['result']

/** The time a result keeps, in milliseconds: `elapsedMs` when given, else the whole seconds (what the API took first). */
export function resultElapsedMs(result: Pick<ResultInput, 'elapsedSeconds' | 'elapsedMs'>): number | null {
  return result.elapsedMs ?? (result.elapsedSeconds === null ? null : result.elapsedSeconds * 1000)
}
