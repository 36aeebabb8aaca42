import { z } from '../zod.ts'
import { rules } from './validation.ts'
import type { MessageKey } from '../i18n/catalog.ts'
import { LOCALES } from '../i18n/locales.ts'
import { TOKEN_SCOPES } from '../domain/api-token-scopes.ts'

// Shared by the forms (in the browser) and the tRPC procedures (on the server): one set of rules, one set of messages.
// The check against common passwords needs a 36 KB list and runs on the server only (server/auth/password.server.ts).

export const PASSWORD_MIN = 8
export const PASSWORD_RECOMMENDED = 15
export const PASSWORD_MAX = 128

export const EmailSchema = rules.email()
export const NameSchema = rules.line(100)
// Any characters, spaces included; not trimmed, since a leading space may be part of someone's passphrase.
export const PasswordSchema = z
  .string()
  .min(1, 'validation.required' satisfies MessageKey)
  .min(PASSWORD_MIN, 'validation.minLength' satisfies MessageKey)
  .max(PASSWORD_MAX, 'validation.maxLength' satisfies MessageKey)

/** An invitation link's token (`<id>.<secret>`, docs/decisions/028-invitations.md); its shape is checked where it is used. */
export const InvitationTokenSchema = z.string().min(1).max(200)
export const SignupSchema = z.object({ name: NameSchema, email: EmailSchema, password: PasswordSchema, invitation: InvitationTokenSchema.optional() })
export const SignupFormSchema = SignupSchema.extend({ passwordConfirm: z.string() }).refine(
  (value) => value.password === value.passwordConfirm,
  { message: 'auth.passwordsDiffer' satisfies MessageKey, path: ['passwordConfirm'] },
)
export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'validation.required' satisfies MessageKey).max(PASSWORD_MAX * 4),
  invitation: InvitationTokenSchema.optional(),
})
export const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'validation.required' satisfies MessageKey).max(PASSWORD_MAX * 4),
  newPassword: PasswordSchema,
})
export const ProfileUpdateSchema = z.object({
  name: NameSchema.optional(),
  email: EmailSchema.optional(),
  locale: z.enum(LOCALES).nullable().optional(),
  theme: z.enum(['light', 'dark']).nullable().optional(),
})
export const TokenCreateSchema = z.object({
  name: rules.line(100),
  expiresInDays: z.number().int().min(1).max(3650).nullable().default(null),
  // `write` when left out: what every token could do before scopes existed, so older scripts keep working.
  scope: z.enum(TOKEN_SCOPES).default('write'),
})
export const ResetPasswordSchema = z.object({ token: z.string().min(1).max(200), password: PasswordSchema })
/** The reset page's form: the new password typed twice (the token comes from the link's address). */
export const ResetPasswordFormSchema = z
  .object({ password: PasswordSchema, passwordConfirm: z.string() })
  .refine((value) => value.password === value.passwordConfirm, { message: 'auth.passwordsDiffer' satisfies MessageKey, path: ['passwordConfirm'] })

// The profile page's forms (features/accounts/profile), kept here so the page loads them, and zod, on first use.
export const ProfileDetailsFormSchema = z.object({ name: NameSchema, email: EmailSchema })
/** The new password is typed twice; its rules are the server's (ChangePasswordSchema), whose messages come back per field. */
export const ChangePasswordFormSchema = z
  .object({ currentPassword: z.string().min(1, 'validation.required' satisfies MessageKey), newPassword: z.string(), passwordConfirm: z.string() })
  .refine((value) => value.newPassword === value.passwordConfirm, { message: 'auth.passwordsDiffer' satisfies MessageKey, path: ['passwordConfirm'] })
export const DeleteAccountFormSchema = z.object({ password: z.string().min(1, 'validation.required' satisfies MessageKey) })
