import { z } from '../zod.ts'
import type { MessageKey } from '../i18n/catalog.ts'
import {
  CASE_STATES,
  CASE_TYPES,
  CUSTOM_FIELD_TYPES,
  normaliseFolder,
  normaliseTags,
  PRIORITIES,
  PROJECT_KEY_PATTERN,
  PROJECT_ROLES,
  SUITE_KINDS,
  TARGET_KINDS,
  validFolder,
} from '../domain/test-management.ts'
import { rules } from './validation.ts'
import { LOCALES } from '../i18n/locales.ts'
import { CaseCheckSchema } from './check-schemas.ts'

// The rules of every test-management form, used by the forms in the browser and by the tRPC procedures on the
// server: one set of rules, one set of messages (lib/forms/validation.ts).

const optionalText = (max: number) => z.string().max(max, 'validation.maxLength' satisfies MessageKey).default('')
const tooMany = 'validation.tooMany' satisfies MessageKey

export const IdSchema = z.string().trim().min(1).max(64)

export const ProjectFieldsSchema = z.object({
  name: rules.line(120),
  key: z
    .string()
    .trim()
    .min(1, 'validation.required' satisfies MessageKey)
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(PROJECT_KEY_PATTERN, 'validation.projectKey' satisfies MessageKey)),
  description: optionalText(5000),
})
export const ProjectCreateSchema = ProjectFieldsSchema.extend({ portalIds: z.array(z.string().min(1).max(80)).max(50, tooMany).default([]) })
export const ProjectUpdateSchema = ProjectFieldsSchema.partial().extend({ projectId: IdSchema })

export const ProjectRoleSchema = z.enum(PROJECT_ROLES)
export const MemberAddSchema = z.object({ projectId: IdSchema, email: rules.email(), role: ProjectRoleSchema })
/** An invitation: the address, the role it joins with, and the language of its e-mail and page. */
export const InvitationCreateSchema = MemberAddSchema.extend({ locale: z.enum(LOCALES) })

export const CustomFieldSchema = z
  .object({
    label: rules.line(60),
    type: z.enum(CUSTOM_FIELD_TYPES),
    options: z.array(rules.line(80)).max(50, tooMany).default([]),
    required: z.boolean().default(false),
  })
  .refine((field) => (field.type === 'select' || field.type === 'multiselect' ? field.options.length > 0 : true), {
    message: 'validation.selectAtLeastOne' satisfies MessageKey,
    path: ['options'],
  })

export const StepTextSchema = z.object({
  action: rules.required(5000),
  data: optionalText(5000),
  expected: optionalText(5000),
})

export const CaseStepSchema = z.discriminatedUnion('kind', [
  StepTextSchema.extend({ kind: z.literal('step'), id: z.string().min(1).max(40) }),
  z.object({ kind: z.literal('shared'), id: z.string().min(1).max(40), sharedStepId: IdSchema }),
])

export const TargetSchema = z.object({ kind: z.enum(TARGET_KINDS), id: z.string().trim().min(1).max(400), label: z.string().trim().max(400).default('') })

export const FolderSchema = z
  .string()
  .max(1000, 'validation.maxLength' satisfies MessageKey)
  .default('')
  .refine(validFolder, 'validation.folderPath' satisfies MessageKey)
  .transform(normaliseFolder)

export const TagsSchema = z
  .array(z.string().trim().min(1, 'validation.required' satisfies MessageKey).max(40, 'validation.maxLength' satisfies MessageKey))
  .max(30, tooMany)
  .default([])
  .transform(normaliseTags)

/** A test case's fields, as the forms send them and the server stores them. Custom values are checked per project. */
export const TestCaseFieldsSchema = z.object({
  title: rules.line(200),
  description: optionalText(20_000),
  preconditions: optionalText(20_000),
  steps: z.array(CaseStepSchema).max(200, tooMany).default([]),
  priority: z.enum(PRIORITIES).default('medium'),
  type: z.enum(CASE_TYPES).default('manual'),
  state: z.enum(CASE_STATES).default('draft'),
  tags: TagsSchema,
  estimateMinutes: z.number().int().min(0).max(100_000).nullable().default(null),
  references: z.array(z.string().trim().min(1).max(100, 'validation.maxLength' satisfies MessageKey)).max(30, tooMany).default([]),
  folder: FolderSchema,
  target: TargetSchema.nullable().default(null),
  /** An automated case's check; left out, a save keeps the case's check as it is (clients that do not edit checks). */
  check: CaseCheckSchema.nullable().optional(),
  custom: z.record(z.string().min(1).max(64), z.unknown()).default({}),
})
export type TestCaseFields = z.output<typeof TestCaseFieldsSchema>

export const TestCaseCreateSchema = TestCaseFieldsSchema.extend({ projectId: IdSchema })
/** A save of an existing case: `expectedVersion` is the version the editor started from (a newer one is a conflict). */
export const TestCaseUpdateSchema = TestCaseFieldsSchema.extend({ id: IdSchema, expectedVersion: z.number().int().min(1) })

export const BulkActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('priority'), priority: z.enum(PRIORITIES) }),
  z.object({ kind: z.literal('state'), state: z.enum(CASE_STATES) }),
  z.object({ kind: z.literal('addTags'), tags: TagsSchema }),
  z.object({ kind: z.literal('removeTags'), tags: TagsSchema }),
  z.object({ kind: z.literal('folder'), folder: FolderSchema }),
  z.object({ kind: z.literal('addToSuite'), suiteId: IdSchema }),
  z.object({ kind: z.literal('delete') }),
])
export const BulkSchema = z.object({ projectId: IdSchema, caseIds: z.array(IdSchema).min(1, 'validation.selectAtLeastOne' satisfies MessageKey).max(1000, tooMany), action: BulkActionSchema })

export const SharedStepSchema = z.object({ title: rules.line(200), steps: z.array(StepTextSchema).min(1, 'validation.selectAtLeastOne' satisfies MessageKey).max(100, tooMany) })

export const SuiteRuleSchema = z.object({
  tags: TagsSchema,
  minPriority: z.enum(PRIORITIES).nullable().default(null),
  folder: FolderSchema.nullable().default(null),
  portalId: z.string().trim().min(1).max(80).nullable().default(null),
})
export const SuiteFieldsSchema = z
  .object({
    name: rules.line(120),
    description: optionalText(5000),
    kind: z.enum(SUITE_KINDS),
    rule: SuiteRuleSchema.nullable().default(null),
  })
  .refine((suite) => suite.kind === 'static' || suite.rule !== null, { message: 'validation.required' satisfies MessageKey, path: ['rule'] })
export const SuiteCreateSchema = z.object({ projectId: IdSchema, suite: SuiteFieldsSchema })
/** A static suite's content: its sections in order, each with its cases in order (the first, unnamed, has id null). */
export const SuiteContentSchema = z.object({
  suiteId: IdSchema,
  expectedVersion: z.number().int().min(1),
  sections: z
    .array(z.object({ id: z.string().min(1).max(64).nullable(), name: rules.optionalLine(120), caseIds: z.array(IdSchema).max(5000, tooMany) }))
    .max(200, tooMany),
})
