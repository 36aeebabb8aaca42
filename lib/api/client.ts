import { createTRPCClient, httpLink } from '@trpc/client'
import superjson from 'superjson'
import type { Locale } from '../i18n/locales.ts'
import { boundedResponse } from './bounded-body.ts'
import type { AppRouter } from '../../server/trpc/router.server.ts'

export type PortalscopeClientOptions = {
  /** A personal API token (profile page), sent as `Authorization: Bearer <token>`; its scope decides what it may do. */
  token?: string | undefined
  /** The language of the server's messages (`?lang=`, which wins over the account's own choice). */
  locale?: Locale | undefined
  /** The most bytes of one answer that are read (a broken or hostile server could answer without end). */
  maxAnswerBytes?: number | undefined
}

/** The default ceiling of one answer: a run of 5,000 cases is a few MB. */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024

/**
 * A typed client for scripts and automation (Node 22+): `createPortalscopeClient('http://localhost:3000', { token })`.
 * The router's type is imported as a type only, so a script carries none of the server's code (docs/api.md,
 * docs/decisions/015-automation-client.md).
 */
export function createPortalscopeClient(baseUrl: string, options: PortalscopeClientOptions = {}) {
  const { token, locale, maxAnswerBytes = MAX_ANSWER_BYTES } = options
  return createTRPCClient<AppRouter>({
    links: [
      // One request per call: scripts call one thing at a time, and auth.* procedures are refused in a batch.
      httpLink({
        url: new URL('/api/trpc', baseUrl).toString(),
        transformer: superjson,
        headers: () => (token ? { authorization: `Bearer ${token}` } : {}),
        fetch: async (url, init) => {
          const address = new URL(String(url))
          if (locale) address.searchParams.set('lang', locale)
          return boundedResponse(await fetch(address, init as RequestInit), maxAnswerBytes)
        },
      }),
    ],
  })
}

export type PortalscopeClient = ReturnType<typeof createPortalscopeClient>
