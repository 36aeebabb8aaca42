import { createCallerFactory, router } from './init.ts'
import { healthProcedure } from './routers/health.ts'

export const appRouter = router({
  health: healthProcedure,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
