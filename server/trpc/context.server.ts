import type { Database } from '../../db/client.server.ts'
import type { Translate } from '../../lib/i18n/intl.ts'
import type { Locale } from '../../lib/i18n/locales.ts'
import type { AuthState } from '../session.server.ts'
import type { SessionUser } from '../user.server.ts'

export type TrpcContext = {
  db: Database
  user: SessionUser | null
  auth: AuthState
  runtime: 'node' | 'workerd'
  locale: Locale
  /** Messages in the request's language, for errors users will read. */
  t: Translate
  /** Set-Cookie and Retry-After go here (tRPC's fetch adapter sends them with the answer). */
  resHeaders: Headers
  clientAddress: string | null
  userAgent: string | null
  /** Whether the app is served over https (decides the cookie name and its Secure flag). */
  secure: boolean
  /** Keeps work going after the answer is sent: waitUntil under Workers, a detached promise on Node. */
  background: (task: Promise<unknown>) => void
}
