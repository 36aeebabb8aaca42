// The app (API and routes, no pages: nothing to build) in a process of its own, on PORT over DATABASE_URL, for load
// harnesses and benchmarks that measure the server from outside: its event loop and its database clients are not
// theirs. Started with startAppProcess (tests/load/app-server.ts).
import { serve } from '@hono/node-server'

// Defined by Vite in a build; the health procedure reports them.
Object.assign(globalThis, { __APP_VERSION__: 'load', __BUILD_ID__: 'load' })
const { createApp } = await import('../../server/app.server.ts')
const server = serve({ fetch: createApp().fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' })
process.on('SIGTERM', () => server.close(() => process.exit(0)))
