import type { Database } from '../../db/client.server.ts'
import { loadMessages } from '../../lib/i18n/catalog.ts'
import { intlFor, translator } from '../../lib/i18n/intl.ts'
import type { Locale } from '../../lib/i18n/locales.ts'
import { ANONYMOUS, type AuthState } from '../../server/session.server.ts'
import type { TrpcContext } from '../../server/trpc/context.server.ts'

/** A tRPC context as the Hono app builds it, for router tests through createCaller. */
export async function testContext(db: Database, options: { locale?: Locale; auth?: AuthState; clientAddress?: string } = {}): Promise<TrpcContext> {
  const locale = options.locale ?? 'en'
  const auth = options.auth ?? ANONYMOUS
  return {
    db,
    user: auth.user,
    auth,
    runtime: 'node',
    locale,
    t: translator(intlFor(locale, await loadMessages(locale))),
    resHeaders: new Headers(),
    clientAddress: options.clientAddress ?? '203.0.113.7',
    userAgent: 'vitest',
    secure: false,
    background: (task) => {
      void task.catch(() => undefined)
    },
  }
}
