import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { LoginSchema, ResetPasswordSchema, SignupSchema, TokenCreateSchema } from '../../../lib/forms/account-schemas.ts'
import { createApiToken, revokeApiToken } from '../../auth/api-tokens.server.ts'
import { clearAccountFailures, loginAllowed, recordLoginFailure } from '../../auth/login-throttle.server.ts'
import { dummyPasswordHash, hashPassword, isCommonPassword, needsRehash, verifyPassword } from '../../auth/password.server.ts'
import { clearSessionCookie, createSession, invalidateSession, invalidateUserSessions, sessionCookie } from '../../auth/session.server.ts'
import { secretMatches, splitCompositeToken } from '../../auth/tokens.server.ts'
import { createUser, deleteSession, findUserByEmail, findUsableReset, listApiTokens, listSessions, markResetUsed, setPasswordHash } from '../../queries/accounts.server.ts'
import type { TrpcContext } from '../context.server.ts'
import { fieldError } from '../field-error.server.ts'
import { protectedProcedure, publicProcedure, router, sessionProcedure } from '../init.server.ts'

const DAY_MS = 24 * 60 * 60 * 1000


export function rejectCommonPassword(ctx: TrpcContext, password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw fieldError('BAD_REQUEST', field, ctx.t('auth.passwordTooCommon'))
  }
}

async function startSession(ctx: TrpcContext, userId: string) {
  // Rotation: whatever session the browser had before signing in ends here.
  if (ctx.auth.via === 'cookie') await invalidateSession(ctx.db, ctx.auth.session.id)
  const { token, session } = await createSession(ctx.db, userId, ctx.userAgent)
  ctx.resHeaders.append('Set-Cookie', sessionCookie(token, session.expiresAt, ctx.secure))
  return session
}

function publicUser(user: { id: string; name: string; email: string; role: 'admin' | 'member'; locale: string | null; theme: 'light' | 'dark' | null }) {
  return { id: user.id, name: user.name, email: user.email, role: user.role, locale: user.locale, theme: user.theme }
}

export const authRouter = router({
  signup: publicProcedure.input(SignupSchema).mutation(async ({ ctx, input }) => {
    rejectCommonPassword(ctx, input.password, 'password')
    if (await findUserByEmail(ctx.db, input.email)) {
      throw fieldError('CONFLICT', 'email', ctx.t('auth.emailTaken'))
    }
    const user = await createUser(ctx.db, input)
    const session = await startSession(ctx, user.id)
    return { user: publicUser(user), expiresAt: session.expiresAt }
  }),

  login: publicProcedure.input(LoginSchema).mutation(async ({ ctx, input }) => {
    const keys = { email: input.email, client: ctx.clientAddress }
    const allowed = await loginAllowed(ctx.db, keys)
    if (!allowed.allowed) {
      ctx.resHeaders.set('Retry-After', String(allowed.retryAfterS))
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: ctx.t('auth.tooManyAttempts', { minutes: Math.ceil(allowed.retryAfterS / 60) }),
      })
    }
    const user = await findUserByEmail(ctx.db, input.email)
    // The same work whether or not the account exists: the answer gives no hint which it is.
    const valid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()))
    if (!user || !valid) {
      await recordLoginFailure(ctx.db, keys)
      throw new TRPCError({ code: 'UNAUTHORIZED', message: ctx.t('auth.invalidCredentials') })
    }
    await clearAccountFailures(ctx.db, input.email)
    if (needsRehash(user.passwordHash)) {
      await setPasswordHash(ctx.db, user.id, await hashPassword(input.password))
    }
    const session = await startSession(ctx, user.id)
    return { user: publicUser(user), expiresAt: session.expiresAt }
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.auth.via === 'cookie') await invalidateSession(ctx.db, ctx.auth.session.id)
    ctx.resHeaders.append('Set-Cookie', clearSessionCookie(ctx.secure))
    return { ok: true as const }
  }),

  me: publicProcedure.query(({ ctx }) => {
    if (!ctx.user) return { user: null, via: 'none' as const, expiresAt: null }
    return {
      user: publicUser(ctx.user),
      via: ctx.auth.via,
      expiresAt: ctx.auth.via === 'cookie' ? ctx.auth.session.expiresAt : null,
    }
  }),

  resetPassword: publicProcedure.input(ResetPasswordSchema).mutation(async ({ ctx, input }) => {
    const parts = splitCompositeToken(input.token)
    const invalid = () => new TRPCError({ code: 'BAD_REQUEST', message: ctx.t('auth.resetLinkInvalid') })
    if (!parts) throw invalid()
    const reset = await findUsableReset(ctx.db, parts.id)
    if (!reset || !secretMatches(parts.secret, reset.secretHash)) throw invalid()
    rejectCommonPassword(ctx, input.password, 'password')
    await markResetUsed(ctx.db, reset.id)
    await setPasswordHash(ctx.db, reset.userId, await hashPassword(input.password), new Date())
    // A reset means the old password may be known to someone else: every session ends.
    await invalidateUserSessions(ctx.db, reset.userId)
    return { ok: true as const }
  }),

  sessions: router({
    list: sessionProcedure.query(async ({ ctx }) => {
      const rows = await listSessions(ctx.db, ctx.user.id)
      return rows.map((row) => ({ ...row, current: row.id === ctx.session.id }))
    }),
    revoke: sessionProcedure.input(z.object({ sessionId: z.string().min(1).max(64) })).mutation(async ({ ctx, input }) => {
      if (!(await deleteSession(ctx.db, input.sessionId, ctx.user.id))) throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('auth.sessionNotFound') })
      if (input.sessionId === ctx.session.id) ctx.resHeaders.append('Set-Cookie', clearSessionCookie(ctx.secure))
      return { ok: true as const }
    }),
    revokeOthers: sessionProcedure.mutation(async ({ ctx }) => {
      await invalidateUserSessions(ctx.db, ctx.user.id, ctx.session.id)
      return { ok: true as const }
    }),
  }),

  tokens: router({
    create: sessionProcedure.input(TokenCreateSchema).mutation(async ({ ctx, input }) => {
      const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * DAY_MS) : null
      const { token, id } = await createApiToken(ctx.db, ctx.user.id, input.name, expiresAt)
      // The secret is shown this once; only its hash is kept.
      return { id, name: input.name, token, expiresAt }
    }),
    list: protectedProcedure.query(({ ctx }) => listApiTokens(ctx.db, ctx.user.id)),
    revoke: protectedProcedure.input(z.object({ tokenId: z.string().min(1).max(64) })).mutation(async ({ ctx, input }) => {
      if (!(await revokeApiToken(ctx.db, ctx.user.id, input.tokenId))) {
        throw new TRPCError({ code: 'NOT_FOUND', message: ctx.t('auth.tokenNotFound') })
      }
      return { ok: true as const }
    }),
  }),
})
