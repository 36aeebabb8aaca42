import type { Server } from 'vike/types'
import { createApp, isWorkerd } from '../server/app.server.ts'
import { scheduled, startNodeJobs } from '../server/jobs/triggers.server.ts'
import { serverEnv } from '../server/env.server.ts'
import { withSecurityHeaders } from '../server/security-headers.server.ts'

const app = createApp()
// Under Workers there is no long-lived process: Cron Triggers call `scheduled` instead.
if (!isWorkerd()) startNodeJobs()

// https://vike.dev/server — the same Hono app runs under Node (srvx) and workerd.
const server = {
  fetch: app.fetch,
  prod: {
    port: serverEnv().PORT,
    hostname: process.env.HOST ?? '0.0.0.0',
    // On Node, built files are served before the Hono app sees the request; they get the same headers here.
    // Under Workers, public/_headers does this for static assets.
    middleware: [async (_request, next) => withSecurityHeaders(await next())],
  },
} satisfies Server

// Workers' entry also takes the Cron Trigger handler; Node ignores it.
export default { ...server, scheduled }
