import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { LoginSchema, ResetPasswordSchema, SignupSchema, TokenCreateSchema } from '../../../lib/forms/account-schemas.ts'
import { createApiToken, revokeApiToken } from '../../auth/api-tokens.server.ts'
import { forgiveLoginAttempt, takeLoginAttempt, takeSignupAttempt } from '../../auth/login-throttle.server.ts'
import { deviceCookie, deviceKnownFor, rememberDevice } from '../../auth/known-device.server.ts'
import type { LimitDecision } from '../../queries/rate-events.server.ts'
import { dummyPasswordHash, hashPassword, isCommonPassword, needsRehash, verifyPassword } from '../../auth/password.server.ts'
import { clearSessionCookie, invalidateSession, invalidateUserSessions, newSession, sessionCookie, type SessionInfo } from '../../auth/session.server.ts'
import { randomId, secretMatches, splitCompositeToken } from '../../auth/tokens.server.ts'
import { runBatch } from '../../../db/client.server.ts'
import {
  deleteSession,
  findUserByEmail,
  findUserById,
  findUsableReset,
  isEmailTaken,
  listApiTokens,
  listSessions,
  newUser,
  passwordHashUpdate,
  resetPasswordWithLink,
  sessionDeletion,
} from '../../queries/accounts.server.ts'
import { acceptanceStatements, takeSignupPass, usableInvitation, type UsableInvitation } from '../../queries/invitations.server.ts'
import type { TrpcContext } from '../context.server.ts'
import { fieldError } from '../field-error.server.ts'
import { protectedProcedure, publicProcedure, router, sessionProcedure } from '../init.server.ts'

const DAY_MS = 24 * 60 * 60 * 1000


export function rejectCommonPassword(ctx: TrpcContext, password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw fieldError('BAD_REQUEST', field, ctx.t('auth.passwordTooCommon'))
  }
}

/**
 * Signs a user in: the new session and whatever else the sign-in changes (`alongside`) are written in one batch, so
 * an answer of success means all of it is stored and an error means none of it is.
 */
async function startSession(ctx: TrpcContext, userId: string, alongside: unknown[]) {
  const { token, session, insert } = newSession(ctx.db, userId, ctx.userAgent)
  // Rotation: whatever session the browser had before signing in ends here.
  const rotation = ctx.auth.via === 'cookie' ? [sessionDeletion(ctx.db, ctx.auth.session.id)] : []
  await runBatch(ctx.db, [...alongside, ...rotation, insert])
  ctx.resHeaders.append('Set-Cookie', sessionCookie(token, session.expiresAt, ctx.secure))
  return session
}

/** 429 with Retry-After, in the user's language, when a limit is reached; the message names what was limited. */
function refuseWhenLimited(ctx: TrpcContext, decision: LimitDecision, what: 'sign-in' | 'sign-up'): void {
  if (decision.allowed) return
  ctx.resHeaders.set('Retry-After', String(decision.retryAfterS))
  const minutes = Math.ceil(decision.retryAfterS / 60)
  throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: what === 'sign-up' ? ctx.t('auth.tooManySignups', { minutes }) : ctx.t('auth.tooManyAttempts', { minutes }) })
}

/** The invitation a sign-up or sign-in carries, when its link works and it invites this very address. */
async function invitationFor(ctx: TrpcContext, token: string | undefined, email: string): Promise<UsableInvitation | null> {
  if (!token) return null
  const invitation = await usableInvitation(ctx.db, token)
  return invitation && invitation.email === email.toLowerCase() ? invitation : null
}

function setDeviceCookie(ctx: TrpcContext, token: string | null): void {
  if (token) ctx.resHeaders.append('Set-Cookie', deviceCookie(token, ctx.secure))
}

function publicUser(user: { id: string; name: string; email: string; role: 'admin' | 'member'; locale: string | null; theme: 'light' | 'dark' | null }) {
  return { id: user.id, name: user.name, email: user.email, role: user.role, locale: user.locale, theme: user.theme }
}

export const authRouter = router({
  signup: publicProcedure.input(SignupSchema).mutation(async ({ ctx, input }) => {
    const invitation = await invitationFor(ctx, input.invitation, input.email)
    // A working invitation for this address passes the per-address limit once (a team behind one office address joins
    // in a morning); it reveals nothing about other addresses, and every other sign-up counts (decision 028).
    // A refused password does not spend the pass: it is checked first.
    if (invitation) rejectCommonPassword(ctx, input.password, 'password')
    if (!invitation || !(await takeSignupPass(ctx.db, invitation))) refuseWhenLimited(ctx, await takeSignupAttempt(ctx.db, ctx.clientAddress), 'sign-up')
    if (!invitation) rejectCommonPassword(ctx, input.password, 'password')
    // A taken address and a new one go the same way (a password hash, then one insert the unique index decides), so
    // the answer's timing does not tell them apart.
    const account = await newUser(ctx.db, input)
    const device = rememberDevice(ctx.db, account.id, null)
    const joining = invitation ? acceptanceStatements(ctx.db, invitation, account.id) : []
    let session: SessionInfo
    try {
      session = await startSession(ctx, account.id, [account.insert, ...device.statements, ...joining])
    } catch (error) {
      if (isEmailTaken(error)) throw fieldError('CONFLICT', 'email', ctx.t('auth.emailTaken'))
      throw error
    }
    setDeviceCookie(ctx, device.cookieToken)
    const user = await findUserById(ctx.db, account.id)
    if (!user) throw new Error('The new account was not stored')
    return { user: publicUser(user), expiresAt: session.expiresAt, joinedProjectId: invitation?.projectId ?? null }
  }),

  login: publicProcedure.input(LoginSchema).mutation(async ({ ctx, input }) => {
    const user = await findUserByEmail(ctx.db, input.email)
    const device = user ? await deviceKnownFor(ctx.db, ctx.deviceToken ?? undefined, user.id) : null
    // Counted before the password is checked, in the statement that decides whether it may be checked at all.
    const attemptId = randomId()
    const keys = { email: input.email, client: ctx.clientAddress, deviceId: device?.id ?? null }
    refuseWhenLimited(ctx, await takeLoginAttempt(ctx.db, keys, attemptId), 'sign-in')
    // The same work whether or not the account exists: the answer gives no hint which it is.
    const valid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()))
    if (!user || !valid) throw new TRPCError({ code: 'UNAUTHORIZED', message: ctx.t('auth.invalidCredentials') })
    const rehash = needsRehash(user.passwordHash) ? [passwordHashUpdate(ctx.db, user.id, await hashPassword(input.password))] : []
    const remembered = rememberDevice(ctx.db, user.id, device)
    // Signing in through an invitation for this account's address joins the project in the same batch.
    const invitation = await invitationFor(ctx, input.invitation, user.email)
    const joining = invitation ? acceptanceStatements(ctx.db, invitation, user.id) : []
    const session = await startSession(ctx, user.id, [...forgiveLoginAttempt(ctx.db, keys, attemptId), ...rehash, ...remembered.statements, ...joining])
    setDeviceCookie(ctx, remembered.cookieToken)
    return { user: publicUser(user), expiresAt: session.expiresAt, joinedProjectId: invitation?.projectId ?? null }
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
    // A reset means the old password may be known to someone else: every session ends (in the same batch).
    if (!(await resetPasswordWithLink(ctx.db, reset, await hashPassword(input.password)))) throw invalid()
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
      const { token, id } = await createApiToken(ctx.db, ctx.user.id, { name: input.name, expiresAt, scope: input.scope })
      // The secret is shown this once; only its hash is kept.
      return { id, name: input.name, scope: input.scope, token, expiresAt }
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
