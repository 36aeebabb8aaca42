import { createCallerFactory, router } from './init.server.ts'
import { attachmentsRouter } from './routers/attachments.server.ts'
import { authRouter } from './routers/auth.server.ts'
import { datasetsRouter } from './routers/datasets.server.ts'
import { formatsRouter } from './routers/formats.server.ts'
import { harvestRouter } from './routers/harvest.server.ts'
import { healthProcedure } from './routers/health.server.ts'
import { invitationsRouter } from './routers/invitations.server.ts'
import { linksRouter } from './routers/links.server.ts'
import { mapRouter } from './routers/map.server.ts'
import { portalsRouter } from './routers/portals.server.ts'
import { profileRouter } from './routers/profile.server.ts'
import { projectsRouter } from './routers/projects.server.ts'
import { publishersRouter } from './routers/publishers.server.ts'
import { qualityRouter } from './routers/quality.server.ts'
import { regionsRouter } from './routers/regions.server.ts'
import { reportsRouter } from './routers/reports.server.ts'
import { testCasesRouter } from './routers/test-cases.server.ts'
import { testRunsRouter } from './routers/test-runs.server.ts'
import { testSuitesRouter } from './routers/test-suites.server.ts'

// One router per domain. A renamed router keeps its old name as an alias of the same object, so that automation
// scripts written against it keep working (docs/api.md lists the deprecated names).
export const appRouter = router({
  health: healthProcedure,
  auth: authRouter,
  profile: profileRouter,
  portals: portalsRouter,
  /** @deprecated The old name of `portals`. */
  instances: portalsRouter,
  datasets: datasetsRouter,
  harvest: harvestRouter,
  formats: formatsRouter,
  quality: qualityRouter,
  publishers: publishersRouter,
  /** @deprecated The old name of `publishers`. */
  organizations: publishersRouter,
  regions: regionsRouter,
  links: linksRouter,
  map: mapRouter,
  projects: projectsRouter,
  invitations: invitationsRouter,
  testCases: testCasesRouter,
  attachments: attachmentsRouter,
  testSuites: testSuitesRouter,
  testRuns: testRunsRouter,
  reports: reportsRouter,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
