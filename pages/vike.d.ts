import type { Database } from '../db/client.ts'
import type { SessionUser } from '../server/user.ts'

declare global {
  namespace Vike {
    interface PageContext {
      user: SessionUser | null
    }
    interface PageContextServer {
      db: Database | undefined
      serverRuntime: 'node' | 'workerd'
    }
    interface Server {
      server: 'hono'
    }
  }
}

export {}
