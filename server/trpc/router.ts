import { createCallerFactory, router } from './init.ts'
import { authRouter } from './routers/auth.ts'
import { datasetsRouter } from './routers/datasets.ts'
import { formatsRouter } from './routers/formats.ts'
import { harvestRouter } from './routers/harvest.ts'
import { healthProcedure } from './routers/health.ts'
import { instancesRouter } from './routers/instances.ts'
import { linksRouter } from './routers/links.ts'
import { organizationsRouter } from './routers/organizations.ts'
import { profileRouter } from './routers/profile.ts'
import { qualityRouter } from './routers/quality.ts'
import { regionsRouter } from './routers/regions.ts'

export const appRouter = router({
  health: healthProcedure,
  auth: authRouter,
  profile: profileRouter,
  instances: instancesRouter,
  datasets: datasetsRouter,
  harvest: harvestRouter,
  formats: formatsRouter,
  quality: qualityRouter,
  organizations: organizationsRouter,
  regions: regionsRouter,
  links: linksRouter,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
