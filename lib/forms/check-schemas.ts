import { z } from '../zod.ts'
import type { MessageKey } from '../i18n/catalog.ts'
import { CHECK_SCOPES, CHECK_SUBJECT, CHECK_TYPES, DEFAULT_CHECK, type CaseCheck } from '../domain/checks.ts'
import { MQA_MAX } from '../domain/mqa.ts'

// The rules of an automated check as a test case keeps it (lib/domain/checks.ts), for the editors and the server.

const tooMany = 'validation.tooMany' satisfies MessageKey
const maxLength = 'validation.maxLength' satisfies MessageKey
const text = (max: number) => z.string().trim().max(max, maxLength)
const names = z.array(z.string().trim().min(1).max(200, maxLength)).max(100, tooMany)

const CheckObjectSchema = z.object({
  type: z.enum(CHECK_TYPES),
  portal: text(80).default(DEFAULT_CHECK.portal),
  scope: z.enum(CHECK_SCOPES).default(DEFAULT_CHECK.scope),
  dataset: text(400).default(DEFAULT_CHECK.dataset),
  resource: text(2000).default(DEFAULT_CHECK.resource),
  organization: text(200).default(DEFAULT_CHECK.organization),
  limit: z.number().int().min(1).max(500, tooMany).default(DEFAULT_CHECK.limit),
  minVersion: text(20)
    .regex(/^(\d+(\.\d+){0,2})?$/, 'validation.checkVersion' satisfies MessageKey)
    .default(DEFAULT_CHECK.minVersion),
  format: text(40).default(DEFAULT_CHECK.format),
  contentType: text(200).default(DEFAULT_CHECK.contentType),
  columns: names.default(DEFAULT_CHECK.columns),
  tableSchema: z.string().max(100_000, maxLength).default(DEFAULT_CHECK.tableSchema),
  maxErrors: z.number().int().min(1).max(1000, tooMany).default(DEFAULT_CHECK.maxErrors),
  days: z.number().int().min(1).max(36_500).default(DEFAULT_CHECK.days),
  minimum: z.number().min(0).max(1_000_000).default(DEFAULT_CHECK.minimum),
  fields: names.default(DEFAULT_CHECK.fields),
})

/** A check, with what each type needs: its subject named, its threshold in range, its Table Schema readable. */
export const CaseCheckSchema = CheckObjectSchema.superRefine((check, context) => {
  const required = (path: keyof CaseCheck) => context.addIssue({ code: 'custom', path: [path], message: 'validation.required' satisfies MessageKey })
  const subject = CHECK_SUBJECT[check.type]
  // A resource check may name its resource by URL instead of through a dataset.
  const named = check.dataset || (subject === 'resource' && /^https?:\/\//i.test(check.resource))
  if ((subject === 'dataset' || subject === 'resource') && check.scope === 'single' && !named) required('dataset')
  if ((check.type === 'organization-datasets' || check.scope === 'organization-datasets') && !check.organization) required('organization')
  if ((check.type === 'resource-format' || check.scope === 'portal-resources') && !check.format) required('format')
  if (check.type === 'mqa-at-least' && check.minimum > MQA_MAX) context.addIssue({ code: 'custom', path: ['minimum'], message: 'validation.checkMqaRange' satisfies MessageKey })
  if (check.type === 'stars-at-least' && check.minimum > 5) context.addIssue({ code: 'custom', path: ['minimum'], message: 'validation.checkStarsRange' satisfies MessageKey })
  if (check.type === 'metadata-present' && check.fields.length === 0) required('fields')
  if (check.tableSchema.trim()) {
    try {
      const parsed: unknown = JSON.parse(check.tableSchema)
      if (typeof parsed !== 'object' || parsed === null || !Array.isArray((parsed as { fields?: unknown }).fields)) throw new Error('no fields')
    } catch {
      context.addIssue({ code: 'custom', path: ['tableSchema'], message: 'validation.checkTableSchema' satisfies MessageKey })
    }
  }
})

/** Runs a check once without recording it ("Try it now"): the check, and the project whose portals it may use. */
export const CheckTrySchema = z.object({ projectId: z.string().trim().min(1).max(64), portalId: z.string().trim().min(1).max(80).nullable().default(null), check: CaseCheckSchema })
