import { initTRPC, TRPCError } from '@trpc/server'
import superjson from 'superjson'
import { ZodError } from 'zod'
import { busyErrorIn } from '../../db/busy.server.ts'
import { fieldErrors } from '../../lib/forms/validation.ts'
import type { TrpcContext } from './context.server.ts'
import { FieldError } from './field-error.server.ts'
import { ResultConflict } from './result-conflict.server.ts'
import { errorIdOf } from '../error-id.server.ts'
import { madeBy } from '../../lib/made-by.ts'

const t = initTRPC.context<TrpcContext>().create({
  // superjson keeps Date, Map and undefined intact across the wire.
  transformer: superjson,
  errorFormatter({ shape, error, ctx }) {
    // Stack traces never leave the server.
    const { stack: _stack, ...data } = shape.data
    if (madeBy(error.cause, ZodError) && ctx) {
      // Input that does not fit: every field's message in the user's language.
      const fields = fieldErrors(error.cause.issues, ctx.t)
      return { ...shape, message: Object.values(fields)[0] ?? shape.message, data: { ...data, fieldErrors: fields } }
    }
    if (madeBy(error.cause, FieldError)) {
      return { ...shape, data: { ...data, fieldErrors: error.cause.fields } }
    }
    if (madeBy(error.cause, ResultConflict)) {
      // The newer result beside the refused one, so the tester can compare before recording again.
      return { ...shape, data: { ...data, fieldErrors: null as Record<string, string> | null, conflict: { latest: error.cause.latest } } }
    }
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      // The message of an unexpected error may hold SQL with its parameters (an e-mail, a hash, a session id): people get
      // a reference, the log gets the detail (app.server.ts logs it under the same id).
      const errorId = errorIdOf(error)
      const message = ctx ? ctx.t('errors.internal', { id: errorId }) : `Internal error ${errorId}`
      return { ...shape, message, data: { ...data, fieldErrors: null as Record<string, string> | null, errorId } }
    }
    return { ...shape, data: { ...data, fieldErrors: null as Record<string, string> | null } }
  },
})

export const router = t.router
export const createCallerFactory = t.createCallerFactory

/**
 * A write that could not get SQLite's write lock in time wrote nothing: it answers 503 with Retry-After and a message
 * in the user's language, never a 500 (docs/decisions/012-database-writes.md).
 */
const busyAsUnavailable = t.middleware(async ({ ctx, next }) => {
  const result = await next()
  const busy = result.ok ? null : busyErrorIn(result.error)
  if (busy) {
    ctx.resHeaders.set('Retry-After', String(busy.retryAfterS))
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: ctx.t('errors.busy'), cause: busy })
  }
  return result
})

/**
 * A read-only API token calls queries only: every mutation is refused before it runs, whatever the procedure, so a new
 * mutation cannot forget the check. Cookie sessions and write tokens pass.
 */
const readOnlyTokenWritesNothing = t.middleware(({ ctx, type, next }) => {
  if (type === 'mutation' && ctx.tokenScope === 'read') throw new TRPCError({ code: 'FORBIDDEN', message: ctx.t('auth.readOnlyToken') })
  return next()
})

export const publicProcedure = t.procedure.use(readOnlyTokenWritesNothing).use(busyAsUnavailable)

/** The real access check; page guards only spare the user a pointless page. */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: ctx.t('auth.signInRequired') })
  return next({ ctx: { ...ctx, user: ctx.user } })
})

/** Administrators only: the portal registry, schedules and roles. */
export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: ctx.t('auth.adminOnly') })
  return next({ ctx })
})

/** Account-security actions (passwords, sessions, new tokens) need the browser session itself, not an API token. */
export const sessionProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.auth.via !== 'cookie') throw new TRPCError({ code: 'FORBIDDEN', message: ctx.t('auth.browserSessionRequired') })
  return next({ ctx: { ...ctx, session: ctx.auth.session } })
})
