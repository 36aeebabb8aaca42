import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { deviceCookieName } from '../auth/known-device.server.ts'
import type { Database } from '../../db/client.server.ts'
import { loadMessages } from '../../lib/i18n/catalog.ts'
import { intlFor, translator, type Translate } from '../../lib/i18n/intl.ts'
import type { Locale } from '../../lib/i18n/locales.ts'
import type { TokenScope } from '../../lib/domain/api-token-scopes.ts'
import type { AppBindings } from '../app-bindings.server.ts'
import type { AttachmentStore } from '../attachments/store.server.ts'
import { appOrigin, clientAddress, isSecureOrigin } from '../auth/request-info.server.ts'
import type { AuthState } from '../session.server.ts'
import type { SessionUser } from '../user.server.ts'

export type TrpcContext = {
  db: Database
  user: SessionUser | null
  auth: AuthState
  /**
   * What the request's API token may do (`read`: queries only), null for a browser session or nobody. Mutations are
   * refused for `read` in init.server.ts; HTTP routes outside tRPC that write check `isReadOnly(auth)` themselves.
   */
  tokenScope: TokenScope | null
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
  /** The origin users reach the app at, for links that leave the page (an invitation's e-mail); unset in tests. */
  origin?: string
  /** The known-device cookie the browser sent, if any (sign-in limits, server/auth/known-device.server.ts). */
  deviceToken: string | null
  /** Where attachments' bytes are stored (server/attachments/store.server.ts); absent where there is none. */
  attachments?: AttachmentStore | null
  /** Keeps work going after the answer is sent: waitUntil under Workers, a detached promise on Node. */
  background: (task: Promise<unknown>) => void
}

export type ContextOptions = Omit<TrpcContext, 'user' | 'tokenScope' | 't' | 'resHeaders'> & {
  /** Where the answer's headers go; a fresh Headers (dropped) when nobody sends them. */
  resHeaders?: Headers
  /** The translator, when the caller has one; else the locale's catalogue is loaded. */
  t?: Translate
}

/**
 * The one context factory (tRPC's createContextInner pattern): the HTTP handler, the page caller (`+data.ts`), the
 * tests and the benchmarks all build their context here, so every procedure sees the same shape whoever calls it.
 */
export async function createContext(options: ContextOptions): Promise<TrpcContext> {
  const { resHeaders, t, ...rest } = options
  return {
    ...rest,
    user: options.auth.user,
    tokenScope: options.auth.via === 'token' ? options.auth.scope : null,
    t: t ?? translator(intlFor(options.locale, await loadMessages(options.locale))),
    resHeaders: resHeaders ?? new Headers(),
  }
}

/** A request as the Hono app serves it (server/app.server.ts): its database, session, language and client. */
export function requestContextOptions(c: Context<AppBindings>): ContextOptions {
  return {
    db: c.var.db,
    auth: c.var.auth,
    runtime: c.var.runtime,
    locale: c.var.locale,
    clientAddress: clientAddress(c.req.raw, c.var.runtime),
    userAgent: c.req.header('user-agent') ?? null,
    secure: isSecureOrigin(c.req.raw),
    origin: appOrigin(c.req.raw),
    deviceToken: getCookie(c, deviceCookieName(isSecureOrigin(c.req.raw))) ?? null,
    background: backgroundFor(c),
    attachments: c.var.attachments,
  }
}

/** Work that outlives the request: handed to waitUntil under Workers, left running (errors logged) on Node. */
export function backgroundFor(c: Context<AppBindings>): (task: Promise<unknown>) => void {
  return (task) => {
    const logged = task.catch((error: unknown) => console.error('Background work failed:', error))
    if (c.var.runtime === 'workerd') c.executionCtx.waitUntil(logged)
  }
}
