import type { Database } from '../../db/client.server.ts'
import type { Locale } from '../../lib/i18n/locales.ts'
import { ANONYMOUS, type AuthState } from '../../server/session.server.ts'
import { createContext, type TrpcContext } from '../../server/trpc/context.server.ts'

/** A tRPC context from the app's own factory, for router tests through createCaller. */
export async function testContext(db: Database, options: { locale?: Locale; auth?: AuthState; clientAddress?: string; deviceToken?: string } = {}): Promise<TrpcContext> {
  return createContext({
    db,
    auth: options.auth ?? ANONYMOUS,
    runtime: 'node',
    locale: options.locale ?? 'en',
    clientAddress: options.clientAddress ?? '203.0.113.7',
    userAgent: 'vitest',
    secure: false,
    deviceToken: options.deviceToken ?? null,
    background: (task) => {
      void task.catch(() => undefined)
    },
  })
}
