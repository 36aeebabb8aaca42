import { sql } from 'drizzle-orm'
import { publicProcedure } from '../init.server.ts'

/** Liveness and database reachability, for monitors and automation scripts (`/api/trpc/health`). */
export const healthProcedure = publicProcedure.query(async ({ ctx }) => {
  const started = Date.now()
  let database: 'ok' | 'error' = 'ok'
  try {
    await ctx.db.run(sql`select 1`)
  } catch {
    database = 'error'
  }
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
