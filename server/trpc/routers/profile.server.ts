import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { ChangePasswordSchema, ProfileUpdateSchema } from '../../../lib/forms/account-schemas.ts'
import { hashPassword, verifyPassword } from '../../auth/password.server.ts'
import { clearSessionCookie } from '../../auth/session.server.ts'
import { changePassword, deleteUser, emailTakenByOther, exportedSessionsAndTokens, findUserById, isEmailTaken, updateProfile } from '../../queries/accounts.server.ts'
import { fieldError } from '../field-error.server.ts'
import { protectedProcedure, router, sessionProcedure } from '../init.server.ts'
import { rejectCommonPassword } from './auth.server.ts'


export const profileRouter = router({
  update: protectedProcedure.input(ProfileUpdateSchema).mutation(async ({ ctx, input }) => {
    if (input.email && input.email !== ctx.user.email) {
      if (await emailTakenByOther(ctx.db, input.email, ctx.user.id)) throw fieldError('CONFLICT', 'email', ctx.t('auth.emailTaken'))
    }
    const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined))
    let updated
    try {
      updated = await updateProfile(ctx.db, ctx.user.id, changes)
    } catch (error) {
      // Another account took the address between the check above and this write.
      if (isEmailTaken(error)) throw fieldError('CONFLICT', 'email', ctx.t('auth.emailTaken'))
      throw error
    }
    // The language choice also goes into the cookie, so pages before the next sign-in use it too.
    if (input.locale) ctx.resHeaders.append('Set-Cookie', `lang=${input.locale}; Path=/; Max-Age=31536000; SameSite=Lax`)
    return updated!
  }),

  changePassword: sessionProcedure.input(ChangePasswordSchema).mutation(async ({ ctx, input }) => {
    const user = await findUserById(ctx.db, ctx.user.id)
    if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
      throw fieldError('BAD_REQUEST', 'currentPassword', ctx.t('auth.currentPasswordWrong'))
    }
    rejectCommonPassword(ctx, input.newPassword, 'newPassword')
    // Anyone signed in elsewhere with the old password is signed out (in the same batch); this browser stays signed in.
    await changePassword(ctx.db, user.id, await hashPassword(input.newPassword), ctx.session.id)
    return { ok: true as const }
  }),

  /** Everything the product keeps about the user, as JSON (GDPR art. 20). Secrets and hashes are never included. */
  exportData: protectedProcedure.query(async ({ ctx }) => {
    const user = await findUserById(ctx.db, ctx.user.id)
    if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('auth.signInRequired') })
    const { sessions: userSessions, apiTokens: tokens } = await exportedSessionsAndTokens(ctx.db, user.id)
    return {
      exportedAt: new Date(),
      account: { name: user.name, email: user.email, role: user.role, locale: user.locale, theme: user.theme, createdAt: user.createdAt },
      sessions: userSessions,
      apiTokens: tokens,
    }
  }),

  deleteAccount: sessionProcedure
    .input(z.object({ password: z.string().min(1, 'validation.required').max(512) }))
    .mutation(async ({ ctx, input }) => {
      const user = await findUserById(ctx.db, ctx.user.id)
      if (!user || !(await verifyPassword(input.password, user.passwordHash))) {
        throw fieldError('BAD_REQUEST', 'password', ctx.t('auth.currentPasswordWrong'))
      }
      // Sessions, tokens and resets go with the account (foreign keys cascade).
      await deleteUser(ctx.db, user.id)
      ctx.resHeaders.append('Set-Cookie', clearSessionCookie(ctx.secure))
      return { ok: true as const }
    }),
})
