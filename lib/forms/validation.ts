import { z } from '../zod.ts'
import type { MessageKey } from '../i18n/catalog.ts'
import type { Translate } from '../i18n/intl.ts'
import { isOneLine } from '../domain/one-line.ts'

/**
 * The one place form rules and their messages live. Rules carry a message *key*; `issueMessage` turns a zod issue
 * into text in the user's language, on the server (tRPC errors) and in the browser (forms) alike.
 */
export const rules = {
  required: (max = 10_000) => z.string().trim().min(1, 'validation.required' satisfies MessageKey).max(max, 'validation.maxLength' satisfies MessageKey),
  /** A required name or title: one line of text. */
  line: (max: number) => rules.required(max).refine(isOneLine, 'validation.singleLine' satisfies MessageKey),
  /** An optional one-line text (empty allowed). */
  optionalLine: (max: number) => z.string().trim().max(max, 'validation.maxLength' satisfies MessageKey).refine(isOneLine, 'validation.singleLine' satisfies MessageKey),
  email: () =>
    z
      .string()
      .trim()
      .min(1, 'validation.required' satisfies MessageKey)
      .max(254, 'validation.maxLength' satisfies MessageKey)
      .pipe(z.email('validation.email' satisfies MessageKey))
      .transform((value) => value.toLowerCase()),
  numeric: () => z.string().trim().regex(/^-?\d+(?:[.,]\d+)?$/, 'validation.numeric' satisfies MessageKey),
  integer: () => z.string().trim().regex(/^-?\d+$/, 'validation.integer' satisfies MessageKey),
  uppercase: () => z.string().regex(/^[\p{Lu}\d\s]*$/u, 'validation.uppercase' satisfies MessageKey),
  minLength: (min: number) => z.string().min(min, 'validation.minLength' satisfies MessageKey),
  maxLength: (max: number) => z.string().max(max, 'validation.maxLength' satisfies MessageKey),
  exactLength: (length: number) => z.string().length(length, 'validation.exactLength' satisfies MessageKey),
  excluding: (character: string) =>
    z.string().refine((value) => !value.includes(character), {
      message: 'validation.excludedCharacter' satisfies MessageKey,
      params: { character },
    }),
  atLeastOne: <T extends z.ZodType>(item: T) => z.array(item).min(1, 'validation.selectAtLeastOne' satisfies MessageKey),
  format: (pattern: RegExp) => z.string().regex(pattern, 'validation.invalidFormat' satisfies MessageKey),
}

type Issue = z.core.$ZodIssue

function isMessageKey(value: string): value is MessageKey {
  return /^[a-z]+\.[A-Za-z0-9]+$/.test(value)
}

/** The text for one issue, in the language of `t`. */
export function issueMessage(issue: Issue, t: Translate): string {
  const key = issue.message
  if (!isMessageKey(key)) return t('validation.invalidFormat')
  switch (key) {
    case 'validation.maxLength':
      return t(key, { max: 'maximum' in issue ? Number(issue.maximum) : 0 })
    case 'validation.tooMany':
      return t(key, { max: 'maximum' in issue ? Number(issue.maximum) : 0 })
    case 'validation.minLength':
      return t(key, { min: 'minimum' in issue ? Number(issue.minimum) : 0 })
    case 'validation.exactLength':
      return t(key, { length: 'minimum' in issue ? Number(issue.minimum) : 'maximum' in issue ? Number(issue.maximum) : 0 })
    case 'validation.excludedCharacter':
      return t(key, { character: String((issue as { params?: { character?: string } }).params?.character ?? '') })
    default:
      return t(key)
  }
}

export type FieldErrors = Record<string, string>

/** Issues as `{ fieldName: message }`, first message per field, for forms to show under each input. */
export function fieldErrors(issues: readonly Issue[], t: Translate): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_form'
    errors[field] ??= issueMessage(issue, t)
  }
  return errors
}
