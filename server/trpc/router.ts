import { createCallerFactory, router } from './init.ts'
import { authRouter } from './routers/auth.ts'
import { datasetsRouter } from './routers/datasets.ts'
import { harvestRouter } from './routers/harvest.ts'
import { healthProcedure } from './routers/health.ts'
import { instancesRouter } from './routers/instances.ts'
import { profileRouter } from './routers/profile.ts'

export const appRouter = router({
  health: healthProcedure,
  auth: authRouter,
  profile: profileRouter,
  instances: instancesRouter,
  datasets: datasetsRouter,
  harvest: harvestRouter,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
