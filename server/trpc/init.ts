import { initTRPC, TRPCError } from '@trpc/server'
import superjson from 'superjson'
import type { TrpcContext } from './context.ts'

const t = initTRPC.context<TrpcContext>().create({
  // superjson keeps Date, Map and undefined intact across the wire.
  transformer: superjson,
  errorFormatter({ shape }) {
    // Stack traces never leave the server.
    const { stack: _stack, ...data } = shape.data
    return { ...shape, data }
  },
})

export const router = t.router
export const createCallerFactory = t.createCallerFactory
export const publicProcedure = t.procedure

/** The real access check; page guards only spare the user a pointless page. */
export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue.' })
  return next({ ctx: { ...ctx, user: ctx.user } })
})
