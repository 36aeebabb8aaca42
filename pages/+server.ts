import { Server as HttpServer } from 'node:http'
import type { Server } from 'vike/types'
import { JUNIT_MAX_BYTES } from '../lib/domain/junit-read.ts'
import { createApp, isWorkerd } from '../server/app.server.ts'
import { scheduled, startNodeJobs } from '../server/jobs/triggers.server.ts'
import { serverEnv } from '../server/env.server.ts'
import { installSmtpMailer } from '../server/mail/mailer.server.ts'
import { closeIdleConnections } from '../server/idle-connections.server.ts'
import { withAssetCaching, withSecurityHeaders } from '../server/security-headers.server.ts'
import { madeBy } from '../lib/made-by.ts'

const app = createApp()
// Under Workers there is no long-lived process: Cron Triggers call `scheduled` instead.
if (!isWorkerd()) startNodeJobs()
// Invitations go out by SMTP on Node when configured; under Workers the owner copies the link (decision 028).
if (!isWorkerd()) void installSmtpMailer(serverEnv())

// https://vike.dev/server — the same Hono app runs under Node (srvx) and workerd.
const server = {
  fetch: app.fetch,
  prod: {
    port: serverEnv().PORT,
    hostname: process.env.HOST ?? '0.0.0.0',
    // A backstop over every route's own limit (server/app.server.ts): nothing reads a body beyond this. The largest
    // body a route takes is a JUnit report (256 MB, counted by its route as it streams in, docs/junit-import.md).
    maxRequestBodySize: JUNIT_MAX_BYTES + 1024 * 1024,
    node: {
      // Slow or idle clients do not hold connections open: headers must arrive within 10 s, a whole request within
      // 5 minutes (a JUnit report of 256 MB over a slow uplink; the body of anything else is small and a silent
      // connection is closed after a minute, below), and an idle keep-alive connection closes after 5 s (checked every 2 s).
      headersTimeout: 10_000,
      requestTimeout: 300_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 2_000,
    },
    // A connection silent for a minute (a client that stopped reading or writing mid-way) is closed, unless the server
    // is still working on its answer. Plugins run before srvx creates the Node server, so this waits a microtask for it.
    plugins: [
      (running) =>
        queueMicrotask(() => {
          const node = running.node?.server
          if (madeBy(node, HttpServer)) closeIdleConnections(node, 60_000)
        }),
    ],
    // On Node, built files are served before the Hono app sees the request; they get the same headers here, and
    // Vite's content-hashed files under /assets/ are kept by browsers for a year. Under Workers, the `_headers` file
    // that vite.config.ts writes does both for static assets.
    middleware: [async (request, next) => withSecurityHeaders(withAssetCaching(request, await next()))],
  },
} satisfies Server

// Workers' entry also takes the Cron Trigger handler; Node ignores it.
export default { ...server, scheduled }
