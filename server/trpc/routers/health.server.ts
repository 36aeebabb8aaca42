import { databaseAnswers } from '../../queries/health.server.ts'
import { publicProcedure } from '../init.server.ts'

/** Liveness and database reachability, for monitors and automation scripts (`/api/trpc/health`). */
export const healthProcedure = publicProcedure.query(async ({ ctx }) => {
  const started = Date.now()
  const database: 'ok' | 'error' = (await databaseAnswers(ctx.db)) ? 'ok' : 'error'
  return {
    status: database === 'ok' ? ('ok' as const) : ('degraded' as const),
    database,
    runtime: ctx.runtime,
    version: __APP_VERSION__,
    build: __BUILD_ID__,
    time: new Date(),
    databaseMs: Date.now() - started,
  }
})
